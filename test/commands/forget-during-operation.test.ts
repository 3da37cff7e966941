// `git memory forget` while a rebase or merge is stopped: MEMORY.md is tracked, and forget rewrote it
// in the worktree ("written, not committed (rebase)"), so `git rebase --continue` stopped at once
// ("You must edit all merge conflicts and then mark them as resolved using git add": git refuses to
// go on over an unstaged change). A stopped operation is never disturbed: forget waits, as dream and
// fold do, and says so. What it imitates: a branch rebased onto main after a dream committed
// MEMORY.md (the history built here, not a fetched one).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const MEMORY = '.openclaw_memory/MEMORY.md';

async function withDream(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
  const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Deploys', learned: ['We deploy with Heroku pipelines', 'Sessions live in Redis'] })]);
  expect(end.code, end.stderr).toBe(0);
  const dream = await repo.run(['dream', '--offline', '--force']);
  expect(dream.code, dream.stderr).toBe(0);
  expect(repo.git('ls-files', MEMORY).trim()).toBe(MEMORY);
  // Two branches that change the same line of app.ts.
  repo.git('checkout', '-q', '-b', 'side');
  repo.commit('Side change', { 'app.ts': 'side\n' });
  repo.git('checkout', '-q', 'main');
  repo.commit('Main change', { 'app.ts': 'main\n' });
  return repo;
}

const gitIn = (repo: TestRepo, ...args: string[]) => spawnSync('git', args, { cwd: repo.dir, env: { ...repo.env, GIT_EDITOR: 'true' }, encoding: 'utf8' });

describe('git memory forget while an operation is stopped', () => {
  it('a rebase: refused in words, MEMORY.md untouched, and the rebase goes on', async () => {
    const repo = await withDream();
    repo.git('checkout', '-q', 'side');
    expect(gitIn(repo, 'rebase', 'main').status).not.toBe(0); // stopped on app.ts
    const before = repo.read(MEMORY);
    const r = await repo.run(['forget', 'Heroku pipelines']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a rebase is in progress');
    expect(r.stderr).toContain('git memory forget');
    expect(repo.read(MEMORY)).toBe(before);
    repo.write('app.ts', 'both\n');
    repo.git('add', 'app.ts');
    const go = gitIn(repo, 'rebase', '--continue');
    expect(go.status, `${go.stdout}${go.stderr}`).toBe(0);
    // Once it has ended, forget does its work.
    const after = await repo.run(['forget', 'Heroku pipelines']);
    expect(after.code, after.stderr).toBe(0);
    expect(repo.read(MEMORY)).toMatch(/## Forgotten\n\n- We deploy with Heroku pipelines/);
  });

  it('a merge: refused, MEMORY.md untouched', async () => {
    const repo = await withDream();
    expect(gitIn(repo, 'merge', 'side').status).not.toBe(0);
    const before = repo.read(MEMORY);
    const r = await repo.run(['forget', 'Heroku pipelines']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a merge is in progress');
    expect(repo.read(MEMORY)).toBe(before);
    expect(repo.git('status', '--porcelain', '--', MEMORY)).toBe('');
  });
});
