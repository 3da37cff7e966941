import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitPaths } from '../../src/git/commit.js';
import { findRepo } from '../../src/git/repo.js';
import { postCommit } from '../../src/hook/post-commit.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';

/** Commit ids in the worktree's spool, in order. */
function spoolShas(repo: TestRepo): string[] {
  const path = join(repo.dir, '.git', 'git-memory', 'spool.jsonl');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; sha: string })
    .flatMap((e) => (e.type === 'commit' ? [e.sha] : []));
}

/** A memory commit landing between the user's commit and its post-commit hook, as a concurrent `end` makes. */
async function memoryCommitInBetween(repo: TestRepo, i: number): Promise<string> {
  repo.write(`.openclaw_memory/journal/2026-11-22/1430-agent-${i}.md`, `session ${i}\n`);
  const made = await commitPaths(findRepo(repo.dir, repo.env), [`.openclaw_memory/journal/2026-11-22/1430-agent-${i}.md`], `memory: session ${i}\n`);
  return made!.sha;
}

describe('post-commit records the commit it runs for, whatever moved HEAD since', () => {
  it('each user commit once, by its own id, with memory commits landing before its hook runs', async () => {
    const repo = makeRepo();
    const users: string[] = [];
    const memory: string[] = [];
    for (let i = 0; i < 6; i++) {
      users.push(repo.commit(`User change ${i}`));
      // Every other commit, an `end` beside the user commits memory before the hook reads anything.
      if (i % 2 === 0) memory.push(await memoryCommitInBetween(repo, i));
      if (i % 4 === 0) memory.push(await memoryCommitInBetween(repo, 100 + i));
      postCommit(repo.dir, repo.env);
    }
    expect(spoolShas(repo)).toEqual(users);
    for (const m of memory) expect(spoolShas(repo)).not.toContain(m);
  });

  it('records HEAD where the reflog is off', async () => {
    const repo = makeRepo();
    repo.git('config', 'core.logAllRefUpdates', 'false');
    const sha = repo.commit('Without a reflog');
    postCommit(repo.dir, repo.env);
    expect(spoolShas(repo)).toEqual([sha]);
  });
});
