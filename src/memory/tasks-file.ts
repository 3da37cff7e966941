import { join } from 'node:path';
import { TASKS_FILE } from '../paths.js';
import { readTextOrNull } from '../fs/read-file.js';
import { symlinkMessage, symlinkOnPath } from '../worktree-path.js';
import { CorruptFileError } from './frontmatter.js';
import { parseTasks, parseTasksKeeping, type TaskList } from './tasks.js';

/**
 * The worktree's TASKS.md for writers; an empty list when there is none. A file with a line that
 * does not parse throws CorruptFileError with its path and line: writers stop (it is never
 * rewritten). So does a TASKS.md reached through a symbolic link: its content would come from
 * outside the repository. Readers use readTaskListKeeping instead.
 */
export function readTaskList(root: string): TaskList {
  const link = symlinkOnPath(root, TASKS_FILE);
  if (link) throw new CorruptFileError(TASKS_FILE, symlinkMessage(link), `a regular file at ${TASKS_FILE}: replace the link with the file itself`);
  const text = readTextOrNull(join(root, TASKS_FILE));
  return text === null ? { tasks: [] } : parseTasks(text, TASKS_FILE);
}

/**
 * The worktree's TASKS.md for readers (the primer, `tasks list`): every task that can be read, and
 * where the lines that could not be read are (`TASKS.md:12`), for the reader to show.
 */
export function readTaskListKeeping(root: string): { list: TaskList; unreadable: string[] } {
  // A link is not followed: readers skip it (their warning says why), writers refuse it.
  const link = symlinkOnPath(root, TASKS_FILE);
  if (link) throw new CorruptFileError(TASKS_FILE, symlinkMessage(link), `a regular file at ${TASKS_FILE}: replace the link with the file itself`);
  const text = readTextOrNull(join(root, TASKS_FILE));
  if (text === null) return { list: { tasks: [] }, unreadable: [] };
  const got = parseTasksKeeping(text, TASKS_FILE);
  return { list: got.list, unreadable: got.unreadable.map((u) => `${TASKS_FILE}:${u.line}`) };
}
