import { TASKS_FILE } from '../paths.js';
import { memoryFileText, symlinkMessage } from '../worktree-path.js';
import { CorruptFileError } from './frontmatter.js';
import { withHeldTasks, type HeldTasks } from './tasks-held.js';
import { markedTasks } from './tasks-marked.js';
import { parseTasks, parseTasksKeeping, type TaskList } from './tasks.js';

/**
 * The most of TASKS.md that is read: a task list of a few hundred tasks is tens of KB, and a file
 * of megabytes (committed by hand or by a hostile commit) cost every session start seconds, parsed
 * and rendered whole (7.6 MB: ~5 s). Readers skip a bigger one with a warning, writers refuse it,
 * `lint` reports it.
 */
export const TASKS_READ_MAX_BYTES = 512 * 1024;

/** The worktree's TASKS.md text, or null when there is none; a link or a file over TASKS_READ_MAX_BYTES is refused (see below). */
export function tasksText(root: string): string | null {
  // A link is not followed: readers skip it (their warning says why), writers refuse it.
  const { text, link, over } = memoryFileText(root, TASKS_FILE, TASKS_READ_MAX_BYTES);
  if (link) throw new CorruptFileError(TASKS_FILE, symlinkMessage(link), `a regular file at ${TASKS_FILE}: replace the link with the file itself`);
  if (over !== undefined) throw new CorruptFileError(TASKS_FILE, tasksTooBig(over), `a task list of at most ${TASKS_READ_MAX_BYTES / 1024} KB: move done tasks out of it`);
  return text;
}

/** Why a TASKS.md of `bytes` is not read. */
export const tasksTooBig = (bytes: number) => `is ${bytes} bytes, more than a task list holds (at most ${TASKS_READ_MAX_BYTES / 1024} KB is read); not read`;

/**
 * The worktree's TASKS.md for writers; an empty list when there is none. A file with a line that
 * does not parse throws CorruptFileError with its path and line: writers stop (it is never
 * rewritten). So does a TASKS.md reached through a symbolic link: its content would come from
 * outside the repository. Readers use readTaskListKeeping instead. `held`, a task change held while
 * a git operation was in progress (see tasks-held.ts; readHeldTasks), is merged in; `text` is the file
 * as it is (the base of the next held change).
 */
export function readTaskFile(root: string, held: HeldTasks | null): { list: TaskList; text: string | null } {
  const text = tasksText(root);
  const list = text === null ? { tasks: [] } : parseTasks(text, TASKS_FILE);
  return { list: held ? withHeldTasks(held, list) : list, text };
}

/** Text with a merge's conflict markers, read as the merge of its sides (as writers read it then); null otherwise. */
function markedKeeping(text: string): { list: TaskList; unreadable: never[] } | null {
  try {
    const list = markedTasks(text);
    return list && { list, unreadable: [] };
  } catch (e) {
    if (e instanceof CorruptFileError) return null;
    throw e;
  }
}

/**
 * The worktree's TASKS.md for readers (the primer, `tasks list`): every task that can be read, and
 * where the lines that could not be read are (`TASKS.md:12`), for the reader to show. With
 * `held`, a held task change is merged in, so what an agent wrote during a rebase is what it
 * reads back.
 */
export function readTaskListKeeping(root: string, held: HeldTasks | null): { list: TaskList; unreadable: string[] } {
  const text = tasksText(root);
  const got = text === null ? { list: { tasks: [] }, unreadable: [] } : (markedKeeping(text) ?? parseTasksKeeping(text, TASKS_FILE));
  return { list: held ? withHeldTasks(held, got.list) : got.list, unreadable: got.unreadable.map((u) => `${TASKS_FILE}:${u.line}`) };
}
