import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitSync } from '../git/git.js';
import { withLock } from '../fs/lock.js';
import { forgetReplays, mapSpool, parsePairs, readReplays, spoolHits, spoolShas } from '../git/rewrite.js';
import { appendSpool } from '../git/spool.js';
import { INTERNAL_ENV, REPLAY_FILE } from '../paths.js';
import { hookRepo } from './hook-repo.js';

/** Current subjects of commits, in one git call. */
function subjectsOf(cwd: string, shas: string[]): Map<string, string> {
  const out = gitSync(['log', '--no-walk=unsorted', '--no-show-signature', '--format=%H%x1f%s', ...shas], cwd);
  const subjects = new Map<string, string>();
  for (const line of out.split('\n')) {
    const [sha, subject] = line.split('\x1f');
    if (sha && subject !== undefined) subjects.set(sha, subject);
  }
  return subjects;
}

/** Commits the finished rebase put on top of `onto` (the rebase directory still exists here). */
function rebasedCommits(cwd: string, gitDir: string): Set<string> {
  let onto = '';
  try {
    onto = readFileSync(join(gitDir, 'rebase-merge', 'onto'), 'utf8').trim();
  } catch {
    /* not the merge backend: bounded walk instead */
  }
  const out = gitSync(['rev-list', ...(onto ? [`${onto}..HEAD`] : ['-n', '10000', 'HEAD'])], cwd);
  return new Set(out.split('\n').filter(Boolean));
}

/**
 * post-rewrite (`amend` or `rebase`, "old new" pairs on stdin): replaces rewritten ids in the spool
 * so the next session lists each of its commits once, by its final id. After a rebase, commits it
 * made that replace no original (an `exec` step's) join the spool; the rest were replays. Nothing
 * to do, the common case, costs no git process and no lock.
 */
export async function postRewrite(kind: string | undefined, input: string, cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  if (env[INTERNAL_ENV]) return;
  const repo = hookRepo(cwd, env);
  const pairs = parsePairs(input);
  const rebase = kind === 'rebase';
  const replays = rebase && existsSync(join(repo.stateDir, REPLAY_FILE));
  if (!pairs.size || (!replays && !spoolHits(repo.stateDir, pairs))) return;
  await withLock(
    repo.stateDir,
    async () => {
      mapSpool(repo.stateDir, pairs, (shas) => subjectsOf(cwd, shas));
      if (!rebase) return;
      const news = new Set(pairs.values());
      const fresh = readReplays(repo.stateDir).filter((r) => !news.has(r.sha));
      if (fresh.length) {
        const onBranch = rebasedCommits(cwd, repo.gitDir);
        const have = spoolShas(repo.stateDir);
        for (const r of fresh) {
          if (onBranch.has(r.sha) && !have.has(r.sha)) appendSpool(repo.stateDir, r);
        }
      }
      forgetReplays(repo.stateDir);
    },
    { timeoutMs: 10_000 },
  );
}
