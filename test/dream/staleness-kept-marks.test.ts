// MEMORY.md's staleness marks kept with the answer they came from (staleMarks in
// dream/staleness.ts): after a commit that leaves the anchored files alone the answer is the same,
// and so are the marks where every file they looked at is there or gone as it was. A file of an
// anchored folder removed or brought back, and they are made anew. Each primer is compared with
// one built from nothing at the same moment.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const FACT = 'Webhook retries are handled in src/jobs/';
const NOW = '2026-11-30T19:00:00Z';

async function repoWithFolderFact(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: NOW });
  repo.commit('Retries', { 'src/jobs/retry.ts': '// retry\n', 'src/jobs/queue.ts': '// queue\n', 'src/jobs/backoff.ts': '// backoff\n' });
  repo.commit('Retry jitter', { 'src/jobs/retry.ts': '// retry with jitter\n' });
  repo.write('.openclaw_memory/MEMORY.md', `# Long-term memory\n\n## Conventions\n\n- ${FACT} <!-- files: src/jobs/; date: 2026-10-01 -->\n`);
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'memory: long-term');
  return repo;
}

/** The primer: the fact's line, and whether the kept marks were taken (GIT_MEMORY_TRACE). */
function primer(repo: TestRepo): { out: string; line: string; kept: boolean } {
  const r = repo.exec(['primer', '--no-write'], { env: { GIT_MEMORY_TRACE: '2' } });
  expect(r.code, r.stderr).toBe(0);
  return { out: r.stdout, line: r.stdout.split('\n').find((l) => l.includes(FACT)) ?? '', kept: r.stderr.includes('staleness: kept marks used') };
}

/** The primer with nothing kept (the state directory emptied, as in a fresh clone). */
function fresh(repo: TestRepo): string {
  rmSync(join(repo.dir, '.git', 'git-memory'), { recursive: true, force: true });
  const p = primer(repo);
  expect(p.kept).toBe(false);
  return p.out;
}

describe('the staleness marks kept with their answer', () => {
  it('are taken after a commit that leaves the anchored folder alone, and made anew when a file of it goes or comes back', async () => {
    const repo = await repoWithFolderFact();
    primer(repo);
    repo.commit('Invoice totals', { 'src/invoices/total.ts': '// total\n' });
    const after = primer(repo);
    expect(after.kept).toBe(true);
    expect(after.line).not.toContain('may be stale');
    // A file of the folder deleted from the working tree, not committed: looked at again.
    rmSync(join(repo.dir, 'src/jobs/backoff.ts'));
    const gone = primer(repo);
    expect(gone.kept).toBe(false);
    expect(gone.line).toContain('may be stale: 1 file under src/jobs/ deleted or renamed since');
    repo.commit('Docs', { 'docs/jobs.md': '# Jobs\n' });
    const goneAfter = primer(repo);
    expect(goneAfter.kept).toBe(true);
    expect(goneAfter.line).toBe(gone.line);
    // Brought back: the mark goes.
    repo.git('checkout', '--', 'src/jobs/backoff.ts');
    const back = primer(repo);
    expect(back.kept).toBe(false);
    expect(back.line).not.toContain('may be stale');
    repo.commit('More docs', { 'docs/more.md': '# More\n' });
    const last = primer(repo);
    expect(last.kept).toBe(true);
    expect(last.out).toBe(fresh(repo));
  });

  it('are made anew by another version of git-memory (an upgrade: the answer is git\'s, the marks are made by code)', async () => {
    const repo = await repoWithFolderFact();
    primer(repo);
    const path = join(repo.dir, '.git', 'git-memory', 'staleness.json');
    const kept = JSON.parse(readFileSync(path, 'utf8')) as { marks: { build: string } };
    kept.marks.build = 'an older build';
    writeFileSync(path, JSON.stringify(kept));
    repo.commit('Invoice totals', { 'src/invoices/total.ts': '// total\n' });
    const p = primer(repo);
    expect(p.kept).toBe(false);
    expect(p.out).toBe(fresh(repo));
  });

  it('are made anew when a commit touches the folder', async () => {
    const repo = await repoWithFolderFact();
    primer(repo);
    repo.git('rm', '-q', 'src/jobs/queue.ts');
    repo.git('commit', '-q', '-m', 'Drop the queue');
    const p = primer(repo);
    expect(p.kept).toBe(false);
    expect(p.line).toContain('may be stale: 1 file under src/jobs/ deleted or renamed since');
    expect(p.out).toBe(fresh(repo));
  });
});
