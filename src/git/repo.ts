import { dirname, isAbsolute, join, resolve } from 'node:path';
import { EXIT, GitMemoryError } from '../errors.js';
import { STATE_DIR } from '../paths.js';
import { gitSync } from './git.js';
import { readTextOrNull } from '../fs/read-file.js';
import { exists, isDir } from '../fs/stat.js';

/** Where a worktree's files and git data live. */
export interface Repo {
  /** Top of the working tree. */
  root: string;
  /** This worktree's git directory (`.git`, or `.git/worktrees/<name>` for a linked worktree). */
  gitDir: string;
  /** The repository's shared git directory. */
  commonDir: string;
  /** Per-worktree state: spool, lock, temporary files. */
  stateDir: string;
}


function make(root: string, gitDir: string): Repo {
  const common = readTextOrNull(join(gitDir, 'commondir'))?.trim();
  const commonDir = common ? resolve(gitDir, common) : gitDir;
  return { root, gitDir, commonDir, stateDir: join(gitDir, STATE_DIR) };
}

/**
 * Finds the repository around `cwd` by reading the file system, as git does for the common cases;
 * anything unusual (GIT_DIR or GIT_WORK_TREE set, bare repositories) is asked of git itself. This
 * saves a git process on the hot paths (post-commit hook, primer).
 */
export function findRepo(cwd: string, env: NodeJS.ProcessEnv = process.env): Repo {
  return findRepoInFiles(cwd, env) ?? askGit(cwd);
}

/** findRepo without asking git: null where the files alone do not tell. */
export function findRepoInFiles(cwd: string, env: NodeJS.ProcessEnv = process.env): Repo | null {
  if (env.GIT_DIR || env.GIT_WORK_TREE || env.GIT_COMMON_DIR) return null;
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (isDir(dotGit)) {
      if (readTextOrNull(join(dotGit, 'HEAD')) !== null) return make(dir, dotGit);
    } else {
      const text = readTextOrNull(dotGit);
      const m = text && /^gitdir: (.+)$/m.exec(text);
      if (m) {
        const target = m[1]!.trim();
        return make(dir, isAbsolute(target) ? target : resolve(dir, target));
      }
    }
    if (dirname(dir) === dir) return null;
  }
}

function askGit(cwd: string): Repo {
  let out: string;
  try {
    out = gitSync(['rev-parse', '--show-toplevel', '--absolute-git-dir'], cwd);
  } catch {
    throw new GitMemoryError(`not a git repository: ${cwd}`, EXIT.error, 'run this inside a git repository, or `git init` first');
  }
  const [root, gitDir] = out.trim().split('\n');
  if (!root || !gitDir) {
    throw new GitMemoryError(`not a git working tree: ${cwd}`, EXIT.error, 'git-memory needs a working tree; bare repositories hold no memory files');
  }
  return make(root, gitDir);
}

/** The current branch name, or null when HEAD is detached. Unborn branches have a name too. */
export function currentBranch(repo: Repo): string | null {
  const head = readTextOrNull(join(repo.gitDir, 'HEAD'))?.trim() ?? '';
  const m = /^ref: refs\/heads\/(.+)$/.exec(head);
  return m ? m[1]! : null;
}

/** A git operation that must not be disturbed, or null. */
export type Operation = 'merge' | 'rebase' | 'cherry-pick' | 'revert' | 'bisect';

/** Which multi-step git operation is in progress in this worktree, if any. */
export function operationInProgress(repo: Repo): Operation | null {
  const has = (name: string) => exists(join(repo.gitDir, name));
  if (has('rebase-merge') || has('rebase-apply')) return 'rebase';
  if (has('MERGE_HEAD')) return 'merge';
  if (has('CHERRY_PICK_HEAD')) return 'cherry-pick';
  if (has('REVERT_HEAD')) return 'revert';
  if (has('BISECT_LOG')) return 'bisect';
  return null;
}
