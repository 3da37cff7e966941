import { join } from 'node:path';
import { writeAtomic } from '../fs/atomic.js';
import { isRecord, readState, removeState } from '../fs/state.js';
import { HELD_TASKS_FILE, TASKS_FILE } from '../paths.js';
import { mergeTaskLists } from './tasks-merge.js';
import { parseTasksKeeping, type TaskList } from './tasks.js';

/**
 * A TASKS.md change made while a git operation was stopped (a rebase, `git am`, a cherry-pick,
 * revert or merge, a bisect), kept in the state directory instead of the tracked file: a rebase's
 * --abort and --skip reset the working tree, its --continue refuses a modified tracked file, and a
 * later pick or a merge's --abort trips over one. `tasks` is the task list as the change left it,
 * `base` the working tree's TASKS.md it was made from (null: there was none); once the operation
 * has ended the change is merged by task id into whatever TASKS.md is then (see withHeldTasks).
 * Not a cache: it is the only copy of the change until it lands, so it is written durably.
 */
export interface HeldTasks {
  base: string | null;
  tasks: string;
  /** The operation in progress when it was last written (for messages). */
  op: string;
}

const isHeld = (v: unknown): v is HeldTasks =>
  isRecord(v) && (v.base === null || typeof v.base === 'string') && typeof v.tasks === 'string' && typeof v.op === 'string';

/** The held task change of this worktree, or null. */
export function readHeldTasks(stateDir: string): HeldTasks | null {
  return readState(stateDir, HELD_TASKS_FILE, isHeld);
}

/** Keeps `held` as this worktree's held task change (replacing the one before, which it includes). */
export function holdTasks(stateDir: string, held: HeldTasks): void {
  writeAtomic(stateDir, join(stateDir, HELD_TASKS_FILE), `${JSON.stringify(held)}\n`);
}

/** Forgets the held task change (it has landed in TASKS.md). */
export function dropHeldTasks(stateDir: string): void {
  removeState(stateDir, HELD_TASKS_FILE);
}

/**
 * The task list `current` (the working tree's TASKS.md, as it is now) with the held change merged
 * in by task id: the held side's changes since its base win where `current` did not change that
 * field, every task either side added is kept, and a task `current` no longer has is dropped only
 * where the held change left it as it was (mergeTaskLists, as for a git merge of TASKS.md).
 */
export function withHeldTasks(held: HeldTasks, current: TaskList): TaskList {
  const base = held.base === null ? { tasks: [] } : parseTasksKeeping(held.base, TASKS_FILE).list;
  return mergeTaskLists(base, parseTasksKeeping(held.tasks, TASKS_FILE).list, current).list;
}
