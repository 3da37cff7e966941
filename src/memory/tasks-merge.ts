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

export interface TaskMerge {
  list: TaskList;
  conflicts: TaskConflict[];
  rekeyed: TaskRekey[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sameTask = (a: Task, b: Task) => FIELDS.every((f) => same(a[f], b[f]));
const later = (a?: string, b?: string) => ((a ?? '') >= (b ?? '') ? a : b);

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
 * Whether one id names two different tasks on the two sides (ids minted independently, on two
 * branches or in two clones, that happen to agree). The same task renamed on a side still has the
 * base's text on the other side, or was renamed on both: that is one task, merged field by field.
 * Without a base (markers repaired by hand) texts that differ are kept apart: losing a task is worse
 * than keeping a renamed one twice.
 */
function differentTasks(base: Task | undefined, ours: Task, theirs: Task): boolean {
  const [o, t] = [taskKey(ours.task), taskKey(theirs.task)];
  if (o === t) return false;
  return !base;
}

/**
 * Three-way merge of TASKS.md by task id. Every task either side has is kept, except one a side
 * deleted while the other left it unchanged. `base` is null where no common version is known
 * (a file repaired from conflict markers): then nothing counts as deleted. Two different tasks
 * under one id are both kept: theirs gets a new id (derived from its text, so the driver and
 * `resolve` give the same one) and is listed in `rekeyed`.
 */
export function mergeTaskLists(base: TaskList | null, ours: TaskList, theirs: TaskList): TaskMerge {
  const b = new Map((base?.tasks ?? []).map((t) => [t.id, t]));
  const o = new Map(ours.tasks.map((t) => [t.id, t]));
  const t = new Map(theirs.tasks.map((x) => [x.id, x]));
  const conflicts: TaskConflict[] = [];
  const rekeyed: TaskRekey[] = [];
  const clashing = new Set<string>();
  const result: Task[] = [];
  for (const mine of ours.tasks) {
    const other = t.get(mine.id);
    const old = b.get(mine.id);
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
    const at = result.findIndex((x) => x.id === other.id);
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
  return { list: { ...(updated ? { updated } : {}), tasks: result }, conflicts, rekeyed };
}

/** The heading language a TASKS.md was written in, so a merge writes it back the same way. */
export function tasksLang(text: string): Lang {
  return /^# 任务|^\s+- (?:进度|下一步|相关文件|状态)[:：]/m.test(text) ? 'zh' : 'en';
}
