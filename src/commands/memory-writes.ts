import { GitMemoryError } from '../errors.js';
import { commitPaths, GitLockBusyError, pendingMemoryPaths, type MemoryCommit } from '../git/commit.js';
import { repairIndex } from '../git/index-swap.js';
import { PRIMER_LOG_DEPTH } from '../git/log-cache.js';
import { recentLog } from '../git/log.js';
import { operationInProgress, type Operation, type Repo } from '../git/repo.js';
import type { Config } from '../memory/config.js';
import { CorruptFileError } from '../memory/frontmatter.js';
import type { TaskList } from '../memory/tasks.js';
import { readTaskList } from '../memory/tasks-file.js';

/** Reads TASKS.md for an update. A corrupt file stops the command: it is never rewritten. */
export function readTasksForUpdate(root: string): TaskList {
  try {
    return readTaskList(root);
  } catch (e) {
    if (e instanceof CorruptFileError) {
      throw new GitMemoryError(`${e.message}; it was left as it is`, 1, `fix the file by hand; expected shape:\n${e.expected}`);
    }
    throw e;
  }
}

export interface CommitOutcome {
  commit: MemoryCommit | null;
  /** Why nothing was committed although files changed (`locked`: a git lock file stayed busy). */
  waiting: Operation | 'disabled' | 'locked' | null;
  pending: string[];
  /** The git lock file that kept the commit from being made, when `waiting` is `locked`. */
  lock?: string;
  /** What was done to finish a memory commit a stopped process left half way, if anything. */
  repaired?: string;
}

/** The commit message from `[commit] message`, `{summary}` being the first line of `summary`. */
export function commitMessage(config: Config, summary: string, body: string[]): string {
  const first = summary.split('\n')[0]!.replace(/\s+/g, ' ').trim();
  const short = first.length > 72 ? `${first.slice(0, 69)}…` : first;
  const subject = config.commit.message.replace('{summary}', short);
  return body.length ? `${subject}\n\n${body.join('\n')}\n` : `${subject}\n`;
}

/**
 * Commits every pending memory change, unless a merge/rebase/cherry-pick/revert/bisect is in
 * progress (then the commit waits for `git memory commit` or the next `end`).
 *
 * The commit moves HEAD, so the primer's kept git log (see log-cache.ts) no longer applies: it is
 * made again here, where a few ms do not matter, so that the next session start, which usually
 * follows an `end`, asks git nothing.
 */
export async function commitPending(repo: Repo, message: string, auto = true): Promise<CommitOutcome> {
  // First the index of a memory commit a killed process left half way: the user's next commit
  // would otherwise undo that commit's files.
  const repaired = (await repairIndex(repo)) ?? undefined;
  const pending = await pendingMemoryPaths(repo);
  if (!pending.length) return { commit: null, waiting: null, pending, repaired };
  if (!auto) return { commit: null, waiting: 'disabled', pending, repaired };
  const op = operationInProgress(repo);
  if (op) return { commit: null, waiting: op, pending, repaired };
  try {
    const commit = await commitPaths(repo, pending, message);
    await recentLog(repo, PRIMER_LOG_DEPTH).catch(() => []); // the next primer asks git itself
    return { commit, waiting: null, pending, repaired };
  } catch (e) {
    // The files are written and stay pending: the next `end` or `git memory commit` commits them.
    if (e instanceof GitLockBusyError) return { commit: null, waiting: 'locked', pending, lock: e.lock, repaired };
    throw e;
  }
}
