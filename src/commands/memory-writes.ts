import { GitMemoryError } from '../errors.js';
import { commitPaths, pendingMemoryPaths, type MemoryCommit } from '../git/commit.js';
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
  /** Why nothing was committed although files changed. */
  waiting: Operation | 'disabled' | null;
  pending: string[];
}

/** The commit message from `[commit] message`, `{summary}` being the first line of `summary`. */
export function commitMessage(config: Config, summary: string, body: string[]): string {
  const first = summary.split('\n')[0]!.replace(/\s+/g, ' ').trim();
  const short = first.length > 72 ? `${first.slice(0, 69)}…` : first;
  // The files are written when the message is made: a control character (a NUL in the config's
  // template, say) must not make commit-tree fail then. Input refuses them before anything is written.
  const subject = config.commit.message.replace('{summary}', short).replace(/\p{Cc}/gu, '');
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
  const pending = await pendingMemoryPaths(repo);
  if (!pending.length) return { commit: null, waiting: null, pending };
  if (!auto) return { commit: null, waiting: 'disabled', pending };
  const op = operationInProgress(repo);
  if (op) return { commit: null, waiting: op, pending };
  const commit = await commitPaths(repo, pending, message);
  await recentLog(repo, PRIMER_LOG_DEPTH).catch(() => []); // the next primer asks git itself
  return { commit, waiting: null, pending };
}
