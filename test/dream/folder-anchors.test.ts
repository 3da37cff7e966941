// A fact about a folder ("Parser tests live in test/parser/") is marked "may be stale" only when
// files it held are gone (deleted or renamed away), not at every commit under it: on an active
// repository every such fact was marked at every session start, a mark that says nothing.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const FACT = 'Parser tests live in test/parser/, one file per grammar rule';

async function repoWithFolderFact(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
  const at = repo.commit('Parser tests', { 'test/parser/expr.test.ts': '// expr\n', 'test/parser/stmt.test.ts': '// stmt\n' }).slice(0, 9);
  repo.write('.openclaw_memory/MEMORY.md', `# Long-term memory\n\n## Conventions\n\n- ${FACT} <!-- files: test/parser/; at: ${at}; date: 2026-11-01 -->\n`);
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'memory: long-term');
  return repo;
}

/**
 * The fact's line in the primer (built binary: its entry point starts the staleness question early),
 * and what lint says may be stale (in process: lint is the full command line's, in the binary too).
 */
async function read(repo: TestRepo, lint = true): Promise<{ line: string; lint: string }> {
  const p = repo.exec(['primer', '--no-write']);
  expect(p.stderr).toBe('');
  const line = p.stdout.split('\n').find((l) => l.includes(FACT)) ?? '';
  return { line, lint: lint ? (await repo.run(['lint'])).stdout : '' };
}

describe('a fact anchored to a folder', () => {
  it('is not marked when files under the folder are changed or added', async () => {
    const repo = await repoWithFolderFact();
    repo.commit('More expression cases', { 'test/parser/expr.test.ts': '// expr, more\n' });
    repo.commit('Test the new rule', { 'test/parser/loop.test.ts': '// loop\n' });
    const { line, lint } = await read(repo);
    expect(line).toContain(FACT);
    expect(line).not.toContain('may be stale');
    expect(lint).not.toContain('may be stale');
  });

  it('is marked when a file it held is renamed away or deleted, in the primer and in lint', async () => {
    const repo = await repoWithFolderFact();
    repo.commit('Test the new rule', { 'test/parser/loop.test.ts': '// loop\n' });
    repo.git('mv', 'test/parser/stmt.test.ts', 'test/statements.test.ts');
    repo.git('commit', '-q', '-m', 'Move the statement tests up');
    const first = await read(repo);
    expect(first.line).toContain(`${FACT} (may be stale: 1 file under test/parser/ deleted or renamed since)`);
    expect(first.lint).toMatch(/may be stale[\s\S]*Parser tests live in test\/parser\/[\s\S]*1 file under test\/parser\/ deleted or renamed since/);

    // A file added after the fact and deleted again counts too: the folder's files are what they were not.
    repo.git('rm', '-q', 'test/parser/loop.test.ts');
    repo.git('commit', '-q', '-m', 'Drop the loop tests');
    expect((await read(repo, false)).line).toContain('(may be stale: 2 files under test/parser/ deleted or renamed since)');

    // The whole folder gone: the fact's files are all deleted.
    repo.git('rm', '-q', '-r', 'test/parser');
    repo.git('commit', '-q', '-m', 'No parser tests');
    expect((await read(repo, false)).line).toContain('(may be stale: its files were deleted or renamed; the next dream removes it, or follows the rename)');
  });
});

describe('a fact anchored to a folder, in `git memory diff`', () => {
  it('is marked on the side whose tree lost files under the folder, not on the side that has them all', async () => {
    const repo = await repoWithFolderFact();
    const base = repo.git('rev-parse', 'HEAD').trim();
    repo.commit('Test the new rule', { 'test/parser/loop.test.ts': '// loop\n' });
    repo.git('rm', '-q', 'test/parser/stmt.test.ts');
    repo.git('commit', '-q', '-m', 'Drop the statement tests');
    const r = await repo.run(['diff', `${base}..HEAD`, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const diff = JSON.parse(r.stdout) as { primer: { base: string; head: string } };
    const line = (text: string) => text.split('\n').find((l) => l.includes(FACT)) ?? '';
    expect(line(diff.primer.base)).not.toContain('may be stale');
    expect(line(diff.primer.head)).toContain('(may be stale: 1 file under test/parser/ deleted or renamed since)');
  });
});
