import { hasConflictMarkers, splitConflict } from './conflict-markers.js';
import { readHeldTasks, withHeldTasks } from './tasks-held.js';
import { tasksText } from './tasks-file.js';
import { mergeTaskLists, tasksLang } from './tasks-merge.js';
import { parseTasks, serializeTasks, type TaskList } from './tasks.js';
import { TASKS_FILE } from '../paths.js';

// Apart from tasks-file.ts: only writers during a stopped merge need it, not the primer's readers.

/**
 * The worktree's TASKS.md while it has the conflict markers of a merge that stopped on it, for a
 * writer that holds its change until the merge has ended (see tasks-held.ts): the task list is the
 * merge of the markers' sides by task id, with a held change merged in; `text`, the base of the
 * next held change, is that merge written out, so the change lands on `resolve`'s result as what
 * it added or changed alone. Null where the file has no well-formed markers; a side that does not
 * parse throws CorruptFileError.
 */
export function readMarkedTaskFile(root: string, stateDir: string): { list: TaskList; text: string } | null {
  const text = tasksText(root);
  const sides = text !== null && hasConflictMarkers(text) ? splitConflict(text) : null;
  if (!sides) return null;
  const side = (t: string) => (t.trim() ? parseTasks(t, TASKS_FILE) : { tasks: [] });
  const list = mergeTaskLists(sides.base === null ? null : side(sides.base), side(sides.ours), side(sides.theirs)).list;
  const held = readHeldTasks(stateDir);
  return { list: held ? withHeldTasks(held, list) : list, text: serializeTasks(list, tasksLang(text!)) };
}

