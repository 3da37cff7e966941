// A session file brought back beside the day it was folded into (`git memory fold`, then a
// cherry-pick of the commit that wrote the file, say) is one session: every reader reads it once
// (memory/journal.ts onceEach), and so must search, whichever way its index was made.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-12-05T10:00:00';

async function end(repo: TestRepo, at: string, summary: object): Promise<string> {
  const r = await repo.run(['end', '--json', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: at } });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).session.path as string;
}

async function search(repo: TestRepo, query: string) {
  const r = await repo.run(['search', '--json', query]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { results: { path: string; session: string }[]; total: number; sessions: number };
}

/** Two sessions of 2026-09-14, folded into journal/2026-09-14.md; the text of the first's file, to bring back. */
const folded = fixture(async () => {
  const repo = await makeMemoryRepo({ now: NOW, until: 'file' });
  const first = await end(repo, '2026-09-14T09:10:00', { request: 'Rotate the signing keys', learned: ['Signing keys rotate every 90 days'] });
  await end(repo, '2026-09-14T14:30:00', { request: 'Speed up the invoice run', learned: ['The invoice run holds a lock'] });
  repo.write('first.txt', `${first}\n${repo.read(first)}`);
  const r = await repo.run(['fold']);
  expect(r.code, r.stderr).toBe(0);
  return repo;
});

/** The first session's file written back and committed beside its folded day. */
function bringBack(repo: TestRepo): void {
  const [path, ...text] = repo.read('first.txt').split('\n');
  repo.write(path!, text.join('\n'));
  repo.git('add', '--', path!);
  repo.git('commit', '-q', '-m', 'the session file again (a cherry-pick)');
}

/** The folded day removed (committed): the sessions' files are what is left of the day. */
const unfold = (repo: TestRepo) => {
  repo.git('rm', '-q', '--', '.openclaw_memory/journal/2026-09-14.md');
  repo.git('commit', '-q', '-m', 'unfold');
};

const clearIndex = (repo: TestRepo) => {
  for (const f of ['search-index.json', 'search-index.postings', 'search-index.files.json', 'search-index.delta.json']) rmSync(join(repo.dir, '.git', 'git-memory', f), { force: true });
};

describe('search over a folded day and a session file brought back beside it', () => {
  it('finds the session once, with the index built after the file came back, and the file once the folded day is gone', async () => {
    const repo = await folded();
    expect((await search(repo, 'signing keys')).total).toBe(1);
    bringBack(repo);
    clearIndex(repo);
    const r = await search(repo, 'signing keys');
    expect(r.total).toBe(1);
    expect(r.results).toHaveLength(1);
    expect(r.sessions).toBe(2);
    // The folded day taken away: the file brought back, which the stored index left out, is now the session's only copy.
    unfold(repo);
    const after = await search(repo, 'signing keys');
    expect(after.total).toBe(1);
    expect(after.results[0]!.path).toMatch(/journal\/2026-09-14\/0910-/);
  });

  it('finds the session once, with the stored index updated for the file that came back, and after the folded day is gone', async () => {
    const repo = await folded();
    expect((await search(repo, 'signing keys')).total).toBe(1); // stored before the file comes back
    bringBack(repo);
    const r = await search(repo, 'signing keys');
    expect(r.total).toBe(1);
    expect(r.sessions).toBe(2);
    unfold(repo);
    const after = await search(repo, 'signing keys');
    expect(after.total).toBe(1);
    expect(after.results[0]!.path).toMatch(/journal\/2026-09-14\/0910-/);
  });
});
