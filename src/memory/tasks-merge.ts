import type { Lang } from './headings.js';
import { textId } from './task-id.js';
import { taskKey, type Task, type TaskList } from './tasks.js';

const FIELDS = ['task', 'status', 'progress', 'next_step', 'related_files'] as const;
type Field = (typeof FIELDS)[number];

/** Where both sides changed the same field of a task differently, and which side won. */
export interface TaskConflict {
  id: string;
  field: Field;
  kept: 'ours' | 'theirs';
}

/** Two different tasks that carried the same id on the two sides: theirs was given a new id. */
export interface TaskRekey {
  id: string;
  /** The id their task has in the merged list. */
  newId: string;
  ours: string;
  theirs: string;
}

/** A task both sides added with the same text under different ids: kept once, under ours. */
export interface TaskFold {
  id: string;
  into: string;
  task: string;
}

export interface TaskMerge {
  list: TaskList;
  conflicts: TaskConflict[];
  rekeyed: TaskRekey[];
  folded: TaskFold[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** Whether two versions of a task say the same (text, status, details, files; not its id or stamp). */
export const sameTask = (a: Task, b: Task) => FIELDS.every((f) => same(a[f], b[f]));
/** The later of two stamps (YYYY-MM-DDTHH:MM sorts as text). */
export const later = (a?: string, b?: string) => ((a ?? '') >= (b ?? '') ? a : b);

/**
 * One task changed on both sides: field by field, a side's change wins over an unchanged field;
 * where both changed a field, the side whose `updated` stamp is newer wins (ours on a tie).
 */
function mergeTask(base: Task | undefined, ours: Task, theirs: Task, conflicts: TaskConflict[]): Task {
  if (sameTask(ours, theirs)) return { ...ours, ...(later(ours.updated, theirs.updated) ? { updated: later(ours.updated, theirs.updated) } : {}) };
  const newer: 'ours' | 'theirs' = (theirs.updated ?? '') > (ours.updated ?? '') ? 'theirs' : 'ours';
  const out: Task = { ...ours };
  for (const f of FIELDS) {
    let pick: 'ours' | 'theirs';
    if (same(ours[f], theirs[f])) pick = 'ours';
    else if (base && same(ours[f], base[f])) pick = 'theirs';
    else if (base && same(theirs[f], base[f])) pick = 'ours';
    else {
      pick = newer;
      conflicts.push({ id: ours.id, field: f, kept: newer });
    }
    const value = (pick === 'ours' ? ours : theirs)[f];
    if (value === undefined) delete out[f];
    else (out as unknown as Record<Field, unknown>)[f] = Array.isArray(value) ? [...value] : value;
  }
  const stamp = later(ours.updated, theirs.updated);
  if (stamp) out.updated = stamp;
  return out;
}

/**
 * Whether one id names two different tasks on the two sides (ids made independently, on two
 * branches or in two clones, that happen to agree): the texts differ and the base has no version of
 * that id (both sides added it, or no base is known). A task the base has and a side renamed is one
 * task, merged field by field.
 */
function differentTasks(base: Task | undefined, ours: Task, theirs: Task): boolean {
  return !base && taskKey(ours.task) !== taskKey(theirs.task);
}

/**
 * Tasks both sides added with the same text, each under its own id (ids depend on when a task was
 * made): one task, as when ids came from the text alone. Their id → our task.
 */
function addedTwice(b: Map<string, Task>, ours: TaskList, theirs: TaskList): Map<string, Task> {
  const o = new Set(ours.tasks.map((x) => x.id));
  const t = new Set(theirs.tasks.map((x) => x.id));
  const mineByKey = new Map<string, Task>();
  for (const m of ours.tasks) if (!t.has(m.id) && !b.has(m.id) && !mineByKey.has(taskKey(m.task))) mineByKey.set(taskKey(m.task), m);
  const twins = new Map<string, Task>();
  for (const x of theirs.tasks) {
    const m = !o.has(x.id) && !b.has(x.id) ? mineByKey.get(taskKey(x.task)) : undefined;
    if (!m) continue;
    twins.set(x.id, m);
    mineByKey.delete(taskKey(x.task));
  }
  return twins;
}

/**
 * Three-way merge of TASKS.md by task id. Every task either side has is kept, except one a side
 * deleted while the other left it unchanged. `base` is null where no common version is known
 * (a file repaired from conflict markers): then nothing counts as deleted. Two different tasks
 * under one id are both kept: theirs gets a new id (derived from its text, so the driver and
 * `resolve` give the same one) and is listed in `rekeyed`. One text added on both sides under two
 * ids is kept once, under our id, and listed in `folded`.
 */
export function mergeTaskLists(base: TaskList | null, ours: TaskList, theirs: TaskList): TaskMerge {
  const b = new Map((base?.tasks ?? []).map((t) => [t.id, t]));
  const o = new Map(ours.tasks.map((t) => [t.id, t]));
  const t = new Map(theirs.tasks.map((x) => [x.id, x]));
  const conflicts: TaskConflict[] = [];
  const rekeyed: TaskRekey[] = [];
  const twins = addedTwice(b, ours, theirs);
  const twinOf = new Map([...twins].map(([theirId, mine]) => [mine.id, t.get(theirId)!]));
  const folded = [...twins].map(([theirId, mine]) => ({ id: theirId, into: mine.id, task: mine.task }));
  const clashing = new Set<string>();
  const result: Task[] = [];
  for (const mine of ours.tasks) {
    const twin = twinOf.get(mine.id);
    const other = t.get(mine.id) ?? (twin && { ...twin, id: mine.id });
    // Twins both started as a new task of that text: what each side set beats what it left as new.
    const old = b.get(mine.id) ?? (twin && { id: mine.id, task: mine.task, status: 'todo', related_files: [] });
    if (other && differentTasks(old, mine, other)) {
      clashing.add(mine.id);
      result.push(mine);
    } else if (other) result.push(mergeTask(old, mine, other, conflicts));
    else if (!old || !sameTask(old, mine)) result.push(mine); // added here, or changed here while deleted there
  }
  const taken = new Set([...b.keys(), ...o.keys(), ...t.keys()]);
  const count = ours.tasks.length + theirs.tasks.length;
  // Their new tasks go after the task that precedes them on their side.
  let after = -1;
  for (const other of theirs.tasks) {
    if (clashing.has(other.id)) {
      const newId = textId(taskKey(other.task), taken, count);
      taken.add(newId);
      rekeyed.push({ id: other.id, newId, ours: o.get(other.id)!.task, theirs: other.task });
      const at = result.findIndex((x) => x.id === other.id);
      after = Math.max(after, at);
      result.splice(after + 1, 0, { ...other, id: newId, related_files: [...other.related_files] });
      after += 1;
      continue;
    }
    const at = result.findIndex((x) => x.id === (twins.get(other.id)?.id ?? other.id));
    if (at >= 0) {
      after = at;
      continue;
    }
    if (o.has(other.id)) continue;
    const old = b.get(other.id);
    if (old && sameTask(old, other)) continue; // deleted here, untouched there
    result.splice(after + 1, 0, other);
    after += 1;
  }
  const updated = later(ours.updated, theirs.updated);
  return { list: { ...(updated ? { updated } : {}), tasks: result }, conflicts, rekeyed, folded };
}

/** The heading language a TASKS.md was written in, so a merge writes it back the same way. */
export function tasksLang(text: string): Lang {
  return /^# 任务|^[ \t]+- (?:进度|下一步|相关文件|状态)[:：]/m.test(text) ? 'zh' : 'en';
}
