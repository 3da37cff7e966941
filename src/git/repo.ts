import { readdirSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { BareRepositoryError, EXIT, GitMemoryError } from '../errors.js';
import { CONFIG_FILE, MEMORY_DIR, STATE_DIR } from '../paths.js';
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
  /**
   * A bare repository, found only for the commands that read history alone (findRepo's allowBare):
   * `root` is then the git directory, where git commands run; it holds no memory files.
   */
  bare?: true;
  /**
   * The environment named the repository or its working tree (GIT_DIR, GIT_WORK_TREE): then git
   * takes its working tree from there, or (GIT_DIR alone) the current folder, whatever it holds.
   */
  fromEnv?: 'GIT_DIR' | 'GIT_WORK_TREE';
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
export function findRepo(cwd: string, env: NodeJS.ProcessEnv = process.env, opts: { allowBare?: boolean } = {}): Repo {
  const found = findRepoInFiles(cwd, env);
  if (found) return found;
  const asked = askGit(cwd, opts.allowBare === true);
  return env.GIT_WORK_TREE ? { ...asked, fromEnv: 'GIT_WORK_TREE' } : env.GIT_DIR ? { ...asked, fromEnv: 'GIT_DIR' } : asked;
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
        const gitDir = isAbsolute(target) ? target : resolve(dir, target);
        // `.git` naming a bare repository (the bare-repository-with-worktrees layout: `.git` holds
        // `gitdir: ./.bare`, each worktree a folder beside it): no working tree here, git says
        // "must be run in a work tree". Not taken for one: git-memory wrote a memory folder there
        // and its primer read none. A linked worktree's git directory (it has `commondir`) is never bare.
        if (readTextOrNull(join(gitDir, 'commondir')) === null && bareConfig(gitDir)) return null;
        return make(dir, gitDir);
      }
    }
    if (dirname(dir) === dir) return null;
  }
}

/** Whether the git directory's config says `bare = true` in its [core] section (as `git init --bare` writes it). */
function bareConfig(gitDir: string): boolean {
  const config = readTextOrNull(join(gitDir, 'config'));
  if (!config) return false;
  let core = false;
  for (const raw of config.split('\n')) {
    const line = raw.trim().toLowerCase();
    if (line.startsWith('[')) core = line === '[core]';
    else if (core && line.replace(/\s+/g, '') === 'bare=true') return true;
  }
  return false;
}

function askGit(cwd: string, allowBare: boolean): Repo {
  let out: string;
  try {
    out = gitSync(['rev-parse', '--show-toplevel', '--absolute-git-dir'], cwd);
  } catch {
    // --show-toplevel fails in a bare repository too ("must be run in a work tree"): told apart
    // here, on the error path only, so finding a repository costs no second process.
    const bareDir = bareGitDir(cwd);
    if (bareDir) {
      if (allowBare) return { ...make(bareDir, bareDir), bare: true };
      throw new BareRepositoryError(bareDir);
    }
    throw new GitMemoryError(`not a git repository: ${cwd}`, EXIT.error, 'run this inside a git repository, or `git init` first');
  }
  const [root, gitDir] = out.trim().split('\n');
  if (!root || !gitDir) {
    throw new GitMemoryError(`not a git working tree: ${cwd}`, EXIT.error, 'git-memory needs a working tree; bare repositories hold no memory files');
  }
  return make(root, gitDir);
}

/** The git directory of the bare repository around `cwd`; null when it is not in one. */
function bareGitDir(cwd: string): string | null {
  try {
    const [bare, gitDir] = gitSync(['rev-parse', '--is-bare-repository', '--absolute-git-dir'], cwd).trim().split('\n');
    return bare === 'true' && gitDir ? gitDir : null;
  } catch {
    return null;
  }
}

/** The current branch name, or null when HEAD is detached. Unborn branches have a name too. */
export function currentBranch(repo: Repo): string | null {
  const head = readTextOrNull(join(repo.gitDir, 'HEAD'))?.trim() ?? '';
  const m = /^ref: refs\/heads\/(.+)$/.exec(head);
  return m ? m[1]! : null;
}

/**
 * A git operation that must not be disturbed: while one is stopped, memory commits wait and
 * tracked memory files are not written (see commands/steps/commit-memory.ts). `am` is `git am`;
 * `commit` is a `git commit` running git-memory from one of its hooks (see operationInProgress).
 */
const OPERATIONS = ['merge', 'rebase', 'am', 'cherry-pick', 'revert', 'bisect', 'commit'] as const;
export type Operation = (typeof OPERATIONS)[number];
export const isOperation = (s: string): s is Operation => (OPERATIONS as readonly string[]).includes(s);

/**
 * Whether this process was started from a hook of a `git commit` (pre-commit, prepare-commit-msg,
 * commit-msg, post-commit): git sets GIT_INDEX_FILE for them, and exports the author's date as
 * `@<seconds> <zone>`; with `git commit -a` or `git commit <paths>` the index it names is a lock
 * file (index.lock, next-index-*.lock). The commit has read HEAD and will move it: a memory commit
 * made meanwhile made the user's fail ("cannot lock ref 'HEAD': is at … but expected …"), and its
 * index refresh wrote into the commit's own index. A pre-commit hook of a plain `git commit` (no
 * lock held) is not told from a post-commit one. A GIT_INDEX_FILE of the user's own, without
 * git's date, is the index to use (see git/env-paths.ts). A commit under way in another process
 * (git-memory run beside it, not from it) is found where HEAD would move: git/commit-under-way.ts.
 */
export function inCommitHook(env: NodeJS.ProcessEnv): boolean {
  const index = env.GIT_INDEX_FILE;
  return !!index && (/\.lock$/.test(index) || /^@\d+ [+-]\d{4}$/.test(env.GIT_AUTHOR_DATE ?? ''));
}

/** Which multi-step git operation is in progress in this worktree, if any. */
export function operationInProgress(repo: Repo): Operation | null {
  const has = (name: string) => exists(join(repo.gitDir, name));
  // `git am` keeps its state in rebase-apply/ too, and marks it with `applying` there.
  if (has('rebase-apply')) return has('rebase-apply/applying') ? 'am' : 'rebase';
  if (has('rebase-merge')) return 'rebase';
  if (has('MERGE_HEAD')) return 'merge';
  if (has('CHERRY_PICK_HEAD')) return 'cherry-pick';
  if (has('REVERT_HEAD')) return 'revert';
  if (has('BISECT_LOG')) return 'bisect';
  // A cherry-pick or revert of several commits whose stop was concluded by `git commit`: git's
  // sequencer still has picks to make (`git status` reads the same file to say so).
  const todo = readTextOrNull(join(repo.gitDir, 'sequencer', 'todo'));
  if (todo !== null) return /^\s*revert\b/.test(todo) ? 'revert' : 'cherry-pick';
  if (inCommitHook(process.env)) return 'commit';
  return null;
}

/** An operation as messages name it, with its article: "a rebase", "an am session" (git's own words for `git am`). */
export function anOperation(op: Operation): string {
  return op === 'am' ? 'an am session' : `a ${op}`;
}

/** An operation as messages name it after "the": "the rebase", "the am session". */
export function theOperation(op: Operation): string {
  return op === 'am' ? 'the am session' : `the ${op}`;
}

// A sparse checkout can leave the memory folder out of the worktree while HEAD holds it
// (`git sparse-checkout set src`: cone mode keeps the top-level files, .openclaw_memory.toml among
// them, but no other folder). git-memory reads memory from the worktree: it then saw no MEMORY.md,
// TASKS.md or journal, and a command that carries a file's old content on wrote a new one over the
// committed file (`forget` committed a MEMORY.md of its own line alone).

/**
 * Whether this worktree's sparse checkout leaves a memory file out (an index entry under the memory
 * folder marked skip-worktree). Outside a sparse checkout (no `info/sparse-checkout` in the
 * worktree's git directory) one read of `info/` and no git process: a listing, not a stat of the
 * absent file, whose ENOENT error cost a primer built anew 12.7 M instructions (its stack's source
 * positions), against 0.7 M for the listing (git init always makes info/exclude).
 */
export function memoryLeftOut(repo: Repo): boolean {
  let names: string[];
  try {
    names = readdirSync(join(repo.gitDir, 'info'));
  } catch {
    return false;
  }
  if (!names.includes('sparse-checkout')) return false;
  try {
    // `-t`: each path with its tag, `S` for skip-worktree.
    return /^S /m.test(gitSync(['ls-files', '-t', '--', `${MEMORY_DIR}/`], repo.root));
  } catch {
    return false;
  }
}

/** Why nothing is read or written there, and the fix. */
export const LEFT_OUT = [`the sparse checkout leaves ${MEMORY_DIR}/ out: git-memory would read no memory and write over it`, `git sparse-checkout add ${MEMORY_DIR}`] as const;

// GIT_DIR set without GIT_WORK_TREE makes git take the current folder as the top of the working
// tree (`export GIT_DIR=~/proj/.git`, then `cd ~/proj/src`): git-memory, following git, wrote a new
// memory folder in src/ and its `end` committed HEAD's journal sessions as deleted (every file
// HEAD has under .openclaw_memory/ and not in src/). GIT_WORK_TREE set to the wrong folder is the same.

/** `dir`, its symbolic links resolved (itself where it cannot be). */
function real(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
}

/**
 * The git directory of another repository whose working tree `repo.root` is (its `.git`, a folder
 * or a `gitdir:` file), where the environment names a different one: `cd A; GIT_DIR=B/.git` made
 * git-memory commit A's memory files into B, each then missing from B's working tree. null where
 * the folder has no `.git` (GIT_DIR is the only one) or its `.git` is the one named. A stat and a
 * read, only where the environment named the repository.
 */
function otherRepositoryAt(repo: Repo): string | null {
  const dotGit = join(repo.root, '.git');
  let here: string;
  if (isDir(dotGit)) here = dotGit;
  else {
    const m = /^gitdir: (.+)$/m.exec(readTextOrNull(dotGit) ?? '');
    if (!m) return null;
    here = resolve(repo.root, m[1]!.trim());
  }
  return real(here) === real(repo.gitDir) ? null : here;
}

/**
 * Why the working tree git names holds none of the memory HEAD has, and the fix; null where it
 * does. Only where the environment named the repository (Repo.fromEnv): one stat of the config
 * file, and a git process only where it is absent.
 */
export function memoryNotInTree(repo: Repo): readonly [string, string] | null {
  if (!repo.fromEnv || repo.bare) return null;
  const other = otherRepositoryAt(repo);
  if (other) {
    return [
      `${repo.root} is the working tree of another repository (${other}) than the one ${repo.fromEnv} names (${repo.gitDir}): git-memory would write this folder's memory into that repository`,
      `unset GIT_DIR (or point it at ${other}), or set GIT_WORK_TREE to the working tree of ${repo.gitDir}`,
    ];
  }
  if (exists(join(repo.root, CONFIG_FILE))) return null;
  try {
    gitSync(['cat-file', '-e', `HEAD:${CONFIG_FILE}`], repo.root);
  } catch {
    return null; // HEAD has no memory (or no HEAD): nothing to write over
  }
  const why = repo.fromEnv === 'GIT_WORK_TREE' ? 'GIT_WORK_TREE names it' : 'GIT_DIR is set without GIT_WORK_TREE, so git takes the current folder as the top of the working tree';
  return [`${repo.root} holds no ${CONFIG_FILE} though HEAD has one (${why}): git-memory would read no memory and write over it`, 'run it from the top of the working tree, or set GIT_WORK_TREE to it (or unset GIT_DIR)'];
}

/** Why the memory this worktree should hold is not there (a sparse checkout, a wrong GIT_DIR), and the fix; null where it is. */
export function memoryAbsent(repo: Repo): readonly [string, string] | null {
  return memoryLeftOut(repo) ? LEFT_OUT : memoryNotInTree(repo);
}

/** Throws, before anything is read or written, where the memory is not in this working tree (memoryAbsent). */
export function assertMemoryCheckedOut(repo: Repo): void {
  const absent = memoryAbsent(repo);
  if (absent) throw new GitMemoryError(absent[0], EXIT.error, absent[1]);
}
