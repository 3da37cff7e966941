import { join } from 'node:path';
import { TASKS_FILE } from '../paths.js';
import { readTextOrNull } from '../read-file.js';
import { symlinkMessage, symlinkOnPath } from '../worktree-path.js';
import { CorruptFileError } from './frontmatter.js';
import { parseTasks, type TaskList } from './tasks.js';

/**
 * The worktree's TASKS.md; an empty list when there is none. A file that does not parse throws
 * CorruptFileError with its path: readers skip it with a warning, writers stop (it is never
 * rewritten). So does a TASKS.md reached through a symbolic link: its content would come from
 * outside the repository.
 */
export function readTaskList(root: string): TaskList {
  const link = symlinkOnPath(root, TASKS_FILE);
  if (link) throw new CorruptFileError(TASKS_FILE, symlinkMessage(link), `a regular file at ${TASKS_FILE}: replace the link with the file itself`);
  const text = readTextOrNull(join(root, TASKS_FILE));
  return text === null ? { tasks: [] } : parseTasks(text, TASKS_FILE);
}
