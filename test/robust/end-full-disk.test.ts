// A full disk while `end` rebuilds the primer: a plain message that says what was and was not
// written (never a Node stack trace, never an unhandled rejection), nothing half-written.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { faults } from '../helpers/disk-faults.js';
import { makeMemoryRepo } from '../helpers/repo.js';

vi.mock('node:fs', async (importOriginal) => (await import('../helpers/disk-faults.js')).faultyFs(await importOriginal()));

afterEach(() => {
  faults.full = null;
});

describe('end on a disk that fills while the primer is rebuilt', () => {
  it('says so plainly, keeps the session to be committed, leaves no torn file; the next end after space is freed commits it', async () => {
    const repo = await makeMemoryRepo();
    const journal = join(repo.dir, '.openclaw_memory', 'journal');
    const head = repo.git('rev-parse', 'HEAD').trim();
    const primer = join(repo.dir, '.openclaw_memory', 'PRIMER.md');
    const primerBefore = existsSync(primer) ? readFileSync(primer, 'utf8') : null;
    // Full once the session file is written: the primer's temporary file is the next write.
    const sessionWritten = () => existsSync(journal) && readdirSync(journal, { recursive: true }).some((n) => String(n).endsWith('.md'));
    faults.full = (p) => p.includes(`${join('.git', 'git-memory', 'tmp')}`) && sessionWritten();
    const r = await repo.run(['end', '--summary', '{"request":"Session one"}']);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(r.stderr).toMatch(/^error: no space left on device: the session is written in \.openclaw_memory\/journal\/\S+\.md but not committed, and the primer \(\.openclaw_memory\/PRIMER\.md\) was not rebuilt; the next `end` or `git memory commit` commits it once space is freed\n\(ENOSPC: /);
    const nothingTorn = () => {
      expect(repo.git('rev-parse', 'HEAD').trim()).toBe(head);
      expect(existsSync(primer) ? readFileSync(primer, 'utf8') : null).toBe(primerBefore);
      expect(readdirSync(join(repo.dir, '.git', 'git-memory', 'tmp')).filter((n) => !n.startsWith('index'))).toEqual([]);
    };
    nothingTorn();
    // Still full: the next session is not written at all, and says so.
    const again = await repo.run(['end', '--summary', '{"request":"Session two"}']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: no space left on device: the session was not written, nothing was; run `end` again once space is freed\n/);
    nothingTorn();
    faults.full = null;
    const committed = await repo.run(['commit']);
    expect(committed.code, committed.stderr).toBe(0);
    expect(repo.git('log', '-1', '--name-only', '--format=').split('\n').filter((l) => l.includes('journal/')).length).toBe(1);
  });
});
