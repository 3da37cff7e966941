import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { TMP_DIR } from '../paths.js';
import { namesOrNone } from './read-file.js';

/**
 * Temporary files name the process that made them: `tmp/<pid>-….tmp` (atomic writes),
 * `tmp/index-<pid>-…` and its `.lock` (the memory commit's index, and git's lock on it),
 * `tmp/index-user-<pid>-…` (the copy of the user's index the same commit refreshes),
 * `tmp/index-branch-<pid>-…` (`commit --branch`), `<file>.<pid>.tmp` (spool rewrites). Spools set
 * aside by a claim are not here: they hold data, and the next `end` reads them back (see spool.ts).
 */
const IN_TMP = /^(?:index-(?:user-|branch-)?)?(\d+)-/;
const IN_STATE = /\.(\d+)\.tmp$/;

/** Whether `pid` is a process that is gone. EPERM means it lives under another user. */
function isDead(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Removes the temporary files of processes that died before cleaning up (a kill, a full disk)
 * from this worktree's state directory, so they do not pile up. A file whose process lives, or
 * whose name says nothing of its process, is left alone. Returns the names removed.
 */
export function removeOrphans(stateDir: string): string[] {
  const removed: string[] = [];
  const sweep = (dir: string, re: RegExp, prefix: string) => {
    for (const name of namesOrNone(dir)) {
      const m = re.exec(name);
      if (!m || !isDead(Number(m[1]))) continue;
      try {
        rmSync(join(dir, name), { force: true });
        removed.push(prefix + name);
      } catch {
        /* a directory, or not ours to remove: leave it */
      }
    }
  };
  sweep(join(stateDir, TMP_DIR), IN_TMP, `${TMP_DIR}/`);
  sweep(stateDir, IN_STATE, '');
  return removed;
}
