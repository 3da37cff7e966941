// A MEMORY.md with no anchored fact (a dream's, mostly) asks git nothing about staleness; the entry
// point keeps that it has none beside the file's identity (staleness.json `none`), so that later
// starts neither read nor parse it to find no question (dream/staleness-query.ts keptNone). A hint
// only: the same file at any commit, else it is read again; and the primer asks its own question of
// the file it reads, so an anchored fact added later is checked as ever.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-30T19:00:00Z';
const KEPT = join('.git', 'git-memory', 'staleness.json');

const kept = (repo: TestRepo) => JSON.parse(readFileSync(join(repo.dir, KEPT), 'utf8')) as { key: string; none?: boolean; mark?: string };

function primer(repo: TestRepo): string {
  const r = repo.exec(['primer', '--no-write']);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** The primer with nothing kept (the state directory emptied, as in a fresh clone). */
function fresh(repo: TestRepo): string {
  rmSync(join(repo.dir, '.git', 'git-memory'), { recursive: true, force: true });
  return primer(repo);
}

describe('a MEMORY.md without anchored facts', () => {
  it('is kept as having none while it is the same file, at any commit; an anchored fact added is checked', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.commit('Retries', { 'src/jobs/retry.ts': '// retry\n' });
    repo.write('.openclaw_memory/MEMORY.md', '# Long-term memory\n\n## Conventions\n\n- Invoices round half up <!-- date: 2026-10-01 -->\n');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    const first = primer(repo);
    expect(first).toContain('Invoices round half up');
    expect(kept(repo)).toMatchObject({ key: '', none: true });
    const mark = kept(repo).mark;
    // After a commit: the same file, still none; the same primer as one built from nothing.
    repo.commit('Jitter', { 'src/jobs/retry.ts': '// retry with jitter\n' });
    const after = primer(repo);
    expect(kept(repo)).toMatchObject({ none: true, mark });
    expect(after).toBe(fresh(repo));

    // An anchored fact whose file is then deleted: MEMORY.md changed, its question asked and answered.
    primer(repo);
    writeFileSync(join(repo.dir, '.openclaw_memory/MEMORY.md'), '# Long-term memory\n\n## Conventions\n\n- Invoices round half up <!-- date: 2026-10-01 -->\n- Retries live in src/jobs/retry.ts <!-- files: src/jobs/retry.ts; date: 2026-10-01 -->\n');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: anchored');
    repo.git('rm', '-q', 'src/jobs/retry.ts');
    repo.git('commit', '-q', '-m', 'Drop retries');
    const anchored = primer(repo);
    expect(anchored.split('\n').find((l) => l.includes('Retries live in'))).toContain('may be stale');
    expect(kept(repo).none).toBeUndefined();
    expect(kept(repo).key).not.toBe('');
    expect(anchored).toBe(fresh(repo));
  });
});
