import { join, resolve } from 'node:path';
import { findRepo, type Repo } from '../git/repo.js';
import { STATE_DIR } from '../paths.js';
import { exists } from '../fs/stat.js';

/**
 * The repository a hook runs in. Inside a hook git tells us where it is (GIT_DIR in linked
 * worktrees); hooks run at the top of the working tree.
 */
export function hookRepo(cwd: string, env: NodeJS.ProcessEnv): Repo {
  if (env.GIT_DIR && !env.GIT_WORK_TREE) {
    const gitDir = resolve(cwd, env.GIT_DIR);
    const commonDir = env.GIT_COMMON_DIR ? resolve(cwd, env.GIT_COMMON_DIR) : gitDir;
    return { root: cwd, gitDir, commonDir, stateDir: resolve(gitDir, STATE_DIR) };
  }
  return findRepo(cwd, env);
}

/**
 * What a commit made now is, with respect to a rebase (verified on git 2.39):
 * - `replay`: the rebase is picking a commit (rebase-merge/ and CHERRY_PICK_HEAD both present);
 *   post-rewrite reports it, so post-commit skips it;
 * - `edit`: the user's own commit at an `edit` stop (rebase-merge/amend present): recorded;
 * - `maybe`: anything else during a rebase (a resolved conflict, reword, squash, fixup, an `exec`
 *   step): noted, and post-rewrite keeps it only if it replaces no original commit;
 * - null: no rebase. A plain cherry-pick has CHERRY_PICK_HEAD but no rebase-merge/, and is a new
 *   commit of the session that no post-rewrite will report, so it is recorded.
 */
export function rebaseStep(gitDir: string): 'replay' | 'edit' | 'maybe' | null {
  const merge = join(gitDir, 'rebase-merge');
  if (exists(merge)) {
    if (exists(join(gitDir, 'CHERRY_PICK_HEAD'))) return 'replay';
    return exists(join(merge, 'amend')) ? 'edit' : 'maybe';
  }
  return exists(join(gitDir, 'rebase-apply', 'rebasing')) ? 'maybe' : null;
}
