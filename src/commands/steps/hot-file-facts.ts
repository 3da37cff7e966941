/**
 * What hot-file scoring needs from git and the file system: the files changed in the worktree now
 * (with their mtime), those changed by the last commits (the primer's kept log: no git process
 * while HEAD stays put), and each file's size — null for a file that no longer exists.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { GitFileFact } from '../../compact/hot-files.js';
import { git } from '../../git/git.js';
import { isMemoryCommit, recentLog, workFiles } from '../../git/log.js';
import type { Repo } from '../../git/repo.js';
import { isOwnPath } from '../../paths.js';

/** Recent commits whose files count as recently changed. */
export const RECENT_COMMITS = 10;
/** The primer keeps a log of this depth; reading the same keeps its cache hit. */
const LOG_DEPTH = 50;


/**
 * The untracked files looked at most (each one stat'ed): a generated tree nobody ignored (20,000
 * files) is not the work, and a new folder of the session's is far smaller.
 */
export const MAX_UNTRACKED = 1000;

export async function gitFileFacts(repo: Repo): Promise<GitFileFact[]> {
  const [status, log] = await Promise.all([
    // `=all`: each file of a new untracked folder (`=normal` said only `dir/`, and its files were
    // never git facts). Measured on the bench's L repository (60,004 files; medians of 11
    // alternating runs): clean 447 / 443 ms for normal / all, with a 200-file untracked folder
    // 512 / 500 ms, with a 20,000-file untracked tree 478 / 588 ms (floor `git rev-parse` 11 ms).
    git(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'], { cwd: repo.root, allowFail: true }),
    recentLog(repo, LOG_DEPTH).then((l) => l.entries).catch(() => []),
  ]);
  const facts: GitFileFact[] = [];
  const seen = new Set<string>();
  let untracked = 0;
  for (const entry of (status ?? '').split('\0')) {
    const path = entry.slice(3);
    // git-memory's and the agents' own files are not the work (see workFiles).
    if (entry.length < 4 || isOwnPath(path) || path.endsWith('/') || seen.has(path)) continue;
    if (entry.startsWith('??') && ++untracked > MAX_UNTRACKED) continue;
    const st = statSync(join(repo.root, path), { throwIfNoEntry: false });
    if (!st?.isFile()) continue;
    seen.add(path);
    facts.push({ path, kind: 'uncommitted', at: st.mtime.toISOString() });
  }
  const committed = new Map<string, GitFileFact>();
  for (const e of log.filter((x) => !isMemoryCommit(x)).slice(0, RECENT_COMMITS)) {
    for (const f of workFiles(e)) {
      if (seen.has(f)) continue;
      const c = committed.get(f);
      if (c) c.commits = (c.commits ?? 1) + 1;
      else committed.set(f, { path: f, kind: 'committed', at: e.date, commits: 1 });
    }
  }
  return [...facts, ...committed.values()];
}

/** A repository file's size in bytes, or null when it is gone (or is not a file). */
export const fileSize = (root: string) => (path: string): number | null => {
  const st = statSync(path.startsWith('/') ? path : join(root, path), { throwIfNoEntry: false });
  return st?.isFile() ? st.size : null;
};
