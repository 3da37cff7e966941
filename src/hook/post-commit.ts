import { resolve } from 'node:path';
import { gitSync } from '../git/git.js';
import { currentBranch, findRepo, operationInProgress, type Repo } from '../git/repo.js';
import { appendSpool } from '../git/spool.js';
import { INTERNAL_ENV, STATE_DIR } from '../paths.js';

/**
 * Inside a hook git tells us where the repository is (GIT_DIR in linked worktrees); hooks run at
 * the top of the working tree.
 */
function hookRepo(cwd: string, env: NodeJS.ProcessEnv): Repo {
  if (env.GIT_DIR && !env.GIT_WORK_TREE) {
    const gitDir = resolve(cwd, env.GIT_DIR);
    const commonDir = env.GIT_COMMON_DIR ? resolve(cwd, env.GIT_COMMON_DIR) : gitDir;
    return { root: cwd, gitDir, commonDir, stateDir: resolve(gitDir, STATE_DIR) };
  }
  return findRepo(cwd, env);
}

/**
 * post-commit: appends the new commit to this worktree's spool. Never writes a tracked file (that
 * would break `git rebase`), skips our own commits and commits replayed by a rebase (post-rewrite
 * maps those). One git process; no argument parser.
 */
export function postCommit(cwd: string, env: NodeJS.ProcessEnv): void {
  if (env[INTERNAL_ENV]) return;
  const repo = hookRepo(cwd, env);
  if (operationInProgress(repo) === 'rebase') return;
  const out = gitSync(['log', '-1', '--no-show-signature', '--format=%H%x1f%aI%x1f%s'], cwd);
  const [sha, at, subject] = out.replace(/\n$/, '').split('\x1f');
  if (!sha) return;
  appendSpool(repo.stateDir, { type: 'commit', sha, subject: subject ?? '', at: at ?? '', branch: currentBranch(repo) });
}
