import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { GitError, GitMemoryError } from '../errors.js';
import { CONFIG_FILE, MEMORY_DIR, TMP_DIR } from '../paths.js';
import { git } from './git.js';
import type { Repo } from './repo.js';

const ZERO = '0'.repeat(40);

/**
 * How every memory commit's HEAD reflog entry begins. The post-commit hook relies on it to tell a
 * user's commit from ours (see hook/post-commit.ts): keep it stable.
 */
export const REFLOG_PREFIX = 'git-memory: ';

export interface MemoryCommit {
  sha: string;
  parent: string | null;
  paths: string[];
}

/**
 * Memory paths whose working-tree content differs from HEAD or the index (ignored files excluded).
 * The config file counts only while it is new (written by `init`); edits to a tracked config are
 * the user's to commit.
 */
export async function pendingMemoryPaths(repo: Repo): Promise<string[]> {
  const out = await git(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', MEMORY_DIR, CONFIG_FILE], { cwd: repo.root });
  return out
    .split('\0')
    .filter((e) => e.length > 3 && (e.slice(3) !== CONFIG_FILE || e.startsWith('??')))
    .map((e) => e.slice(3));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Commits the working-tree content of `paths` on top of HEAD without touching the user's index:
 * temporary index from HEAD → add → write-tree → commit-tree → `update-ref HEAD new old`
 * (compare-and-swap, retried when HEAD moved). No hooks fire. Afterwards only those paths' index
 * entries are refreshed, so `git status` stays clean and everything the user staged stays staged.
 * Returns null when the paths already match HEAD.
 */
export async function commitPaths(repo: Repo, paths: string[], message: string): Promise<MemoryCommit | null> {
  if (!paths.length) return null;
  const tmpDir = join(repo.stateDir, TMP_DIR);
  mkdirSync(tmpDir, { recursive: true });
  const index = join(tmpDir, `index-${process.pid}-${randomBytes(4).toString('hex')}`);
  const withIndex = { GIT_INDEX_FILE: index };
  const pathspec = paths.join('\0');
  try {
    for (let attempt = 0; ; attempt++) {
      rmSync(index, { force: true });
      const parent = (await git(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { cwd: repo.root, allowFail: true }))?.trim() || null;
      if (parent) await git(['read-tree', parent], { cwd: repo.root, env: withIndex });
      await git(['add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], { cwd: repo.root, env: withIndex, input: pathspec });
      const tree = (await git(['write-tree'], { cwd: repo.root, env: withIndex })).trim();
      if (parent) {
        const parentTree = (await git(['rev-parse', `${parent}^{tree}`], { cwd: repo.root })).trim();
        if (parentTree === tree) return null;
      }
      const sha = (await git(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-F', '-'], { cwd: repo.root, input: message })).trim();
      const moved = await git(['update-ref', '-m', `${REFLOG_PREFIX}${message.split('\n')[0]}`, 'HEAD', sha, parent ?? ZERO], {
        cwd: repo.root,
        allowFail: true,
      });
      if (moved !== null) {
        await refreshIndex(repo, pathspec);
        return { sha, parent, paths };
      }
      if (attempt >= 8) throw new GitMemoryError('HEAD kept moving while committing memory; the files are written, run `git memory commit` later');
      await sleep(20 * (attempt + 1));
    }
  } finally {
    rmSync(index, { force: true });
  }
}

/** Sets the index entries of the committed paths to HEAD's, waiting out a busy index.lock. */
async function refreshIndex(repo: Repo, pathspec: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await git(['reset', '-q', 'HEAD', '--pathspec-from-file=-', '--pathspec-file-nul'], { cwd: repo.root, input: pathspec });
      return;
    } catch (e) {
      if (!(e instanceof GitError) || !/index\.lock/.test(e.stderr) || attempt >= 50) throw e;
      await sleep(20 + attempt * 10);
    }
  }
}
