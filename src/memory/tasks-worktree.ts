import { later, sameTask } from './tasks-merge.js';
import { taskKey, type Task, type TaskList } from './tasks.js';

/** A task named in what `resolve` says about the working tree. */
export interface NamedTask {
  id: string;
  task: string;
}

/** The merge with what the working tree's TASKS.md held beyond git's versions, and what was kept of it. */
export interface WorktreeTasks {
  list: TaskList;
  /** Working-tree tasks that no version in the index has: added to the merge. */
  added: NamedTask[];
  /** Tasks whose working-tree version is none of the index's (a hand edit): that version kept. */
  edited: NamedTask[];
  /** Tasks a side deleted that a hand resolution (no markers) kept: kept. */
  restored: NamedTask[];
  /** Tasks of the merge the working tree does not have (deleted by hand?): kept, to be safe. */
  missing: NamedTask[];
}

const named = (t: Task): NamedTask => ({ id: t.id, task: t.task });
const copy = (t: Task): Task => ({ ...t, related_files: [...t.related_files] });

/**
 * The merge of git's versions of TASKS.md (`merged`, made from `stages`: base, ours, theirs) with
 * what the working-tree file holds beyond them, for a merge `resolve` rebuilds from the index: the
 * file may have been resolved, edited or added to by hand meanwhile. `worktree` is that file's task
 * list, or each side of it where it still has conflict markers (`markers`: then git wrote the
 * lines, and a task the merge dropped stays dropped). A working-tree task is matched to a merged
 * one by id, or by text (a re-keyed task, an id edited away); one found nowhere is added after the
 * task before it in the file; one whose version differs from every stage's replaces the merged one
 * (a hand edit); where the file was resolved by hand (no markers), a task a side deleted that the
 * file kept is kept. A merged task the file lacks is kept too (a deletion during a conflict cannot
 * be told from a resolution that lost it) and listed in `missing`. Pure.
 */
export function withWorktreeTasks(merged: TaskList, stages: TaskList[], worktree: TaskList[], markers: boolean): WorktreeTasks {
  const result = merged.tasks.map(copy);
  const staged = stages.flatMap((s) => s.tasks);
  const stageIds = new Set(staged.map((t) => t.id));
  const out: Omit<WorktreeTasks, 'list' | 'missing'> = { added: [], edited: [], restored: [] };
  const seen = new Set<string>(); // ids of merged tasks the working tree has
  const changed = new Set<string>(); // ids the working tree's version was taken for
  let updated = merged.updated;
  const find = (w: Task): number => {
    const key = taskKey(w.task);
    const tries = [
      (t: Task) => t.id === w.id && taskKey(t.task) === key,
      (t: Task) => !seen.has(t.id) && !stageIds.has(t.id) && taskKey(t.task) === key, // re-keyed by the merge
      (t: Task) => t.id === w.id,
      (t: Task) => taskKey(t.task) === key,
    ];
    for (const hit of tries) {
      const at = result.findIndex(hit);
      if (at >= 0) return at;
    }
    return -1;
  };
  for (const side of worktree) {
    updated = later(updated, side.updated);
    let after = -1; // where the file's previous task is in the result
    for (const w of side.tasks) {
      const at = find(w);
      if (at >= 0) {
        const mine = result[at]!;
        seen.add(mine.id);
        const fromGit = sameTask(mine, w) || staged.some((t) => (t.id === w.id || t.id === mine.id || taskKey(t.task) === taskKey(w.task)) && sameTask(t, w));
        if (!fromGit && !changed.has(mine.id)) {
          const stamp = later(w.updated, mine.updated);
          result[at] = { ...copy(w), id: mine.id, ...(stamp ? { updated: stamp } : {}) };
          changed.add(mine.id);
          out.edited.push(named(result[at]!));
        }
        after = at;
        continue;
      }
      const fromGit = staged.some((t) => t.id === w.id && sameTask(t, w));
      if (fromGit && markers) continue; // a version git has that the merge dropped (a side deleted it)
      result.splice(after + 1, 0, copy(w));
      after += 1;
      seen.add(w.id);
      changed.add(w.id);
      (fromGit ? out.restored : stageIds.has(w.id) ? out.edited : out.added).push(named(w));
    }
  }
  const missing = result.filter((t) => !seen.has(t.id)).map(named);
  return { list: { ...(updated ? { updated } : {}), tasks: result }, ...out, missing };
}
