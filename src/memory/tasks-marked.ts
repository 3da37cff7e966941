import { hasConflictMarkers, splitConflict } from './conflict-markers.js';
import { mergeTaskLists } from './tasks-merge.js';
import { parseTasks, type TaskList } from './tasks.js';
import { TASKS_FILE } from '../paths.js';

/**
 * TASKS.md text that carries the conflict markers of a merge that stopped on it, read by task id:
 * the merge of the markers' sides, as the merge driver (and `resolve`) would make it. Readers show
 * it instead of the lines they could not parse; a writer during the merge holds its change on top
 * of it (see commit-memory.ts readTasksForUpdate, tasks-held.ts). Null where the text has no
 * well-formed markers; a side that does not parse throws CorruptFileError.
 */
export function markedTasks(text: string): TaskList | null {
  const sides = hasConflictMarkers(text) ? splitConflict(text) : null;
  if (!sides) return null;
  const side = (t: string) => (t.trim() ? parseTasks(t, TASKS_FILE) : { tasks: [] });
  return mergeTaskLists(sides.base === null ? null : side(sides.base), side(sides.ours), side(sides.theirs)).list;
}
