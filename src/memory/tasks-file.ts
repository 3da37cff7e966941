import { join } from 'node:path';
import { TASKS_FILE } from '../paths.js';
import { readTextOrNull } from '../read-file.js';
import { parseTasks, type TaskList } from './tasks.js';

/**
 * The worktree's TASKS.md; an empty list when there is none. A file that does not parse throws
 * CorruptFileError with its path: readers skip it with a warning, writers stop (it is never
 * rewritten).
 */
export function readTaskList(root: string): TaskList {
  const text = readTextOrNull(join(root, TASKS_FILE));
  return text === null ? { tasks: [] } : parseTasks(text, TASKS_FILE);
}
