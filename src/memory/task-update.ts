import { UsageError } from '../errors.js';
import { parseJsonInput } from '../input.js';
import { controlCharProblems } from '../safety/control-chars.js';
import { taskFromOpenClaw } from './openclaw-shapes.js';
import { freshId } from './task-id.js';
import { taskKey, TASK_STATUSES, type Task, type TaskList, type TaskStatus } from './tasks.js';

/**
 * One task as given in JSON (`tasks set`, `end`'s `tasks` key, the MCP tools): `id` alone updates
 * that task, `task` alone matches an existing task by its text (or adds one), both rename it.
 */
export interface TaskInput {
  id?: string;
  task?: string;
  status?: TaskStatus;
  progress?: string;
  next_step?: string;
  related_files?: string[];
}

export const TASK_INPUT_SHAPE =
  '[{"task": "Implement login", "status": "todo|in_progress|done|blocked", "progress": "…", "next_step": "…", "related_files": ["src/auth.ts"]},\n' +
  ' {"id": "t-3f2a", "status": "done"}]\n' +
  '"id" alone updates that task; "task" alone updates the task with that text, or adds it; both rename the task with that id.\n' +
  '(OpenClaw memory\'s shape is read too: "title" for "task", status "pending" for "todo")';

const ID_RE = /^t-[0-9a-z-]+$/;

const KEYS = new Set(['id', 'task', 'status', 'progress', 'next_step', 'related_files']);

/** Checks a parsed JSON value against the task input shape; returns problems as `path: message`. */
export function validateTaskInputs(value: unknown, at = 'tasks'): { tasks: TaskInput[]; problems: string[] } {
  const problems: string[] = [];
  if (!Array.isArray(value)) return { tasks: [], problems: [`${at}: must be an array of task objects`] };
  const tasks: TaskInput[] = [];
  value.forEach((given, i) => {
    const p = `${at}[${i}]`;
    const item = taskFromOpenClaw(given);
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`${p}: must be an object`);
      return;
    }
    const o = item as Record<string, unknown>;
    for (const k of Object.keys(o)) if (!KEYS.has(k)) problems.push(`${p}.${k}: unknown key`);
    if (o.task === undefined && o.id === undefined) problems.push(`${p}: needs "task" (the text) or "id" (an existing task's id), or both to rename`);
    if (o.task !== undefined && (typeof o.task !== 'string' || !o.task.trim())) problems.push(`${p}.task: must be a non-empty string`);
    if (o.id !== undefined && (typeof o.id !== 'string' || !ID_RE.test(o.id))) problems.push(`${p}.id: must look like "t-3f2a"`);
    if (o.status !== undefined && !(TASK_STATUSES as readonly unknown[]).includes(o.status)) {
      problems.push(`${p}.status: must be one of ${TASK_STATUSES.join(', ')}, found ${JSON.stringify(o.status)}`);
    }
    for (const k of ['progress', 'next_step'] as const) {
      if (o[k] !== undefined && typeof o[k] !== 'string') problems.push(`${p}.${k}: must be a string`);
    }
    if (o.related_files !== undefined && (!Array.isArray(o.related_files) || !o.related_files.every((f) => typeof f === 'string'))) {
      problems.push(`${p}.related_files: must be an array of strings`);
    }
    for (const k of ['task', 'progress', 'next_step'] as const) if (typeof o[k] === 'string') problems.push(...controlCharProblems(o[k], `${p}.${k}`));
    if (Array.isArray(o.related_files)) {
      o.related_files.forEach((f, j) => {
        if (typeof f === 'string') problems.push(...controlCharProblems(f, `${p}.related_files[${j}]`));
      });
    }
    tasks.push(o as unknown as TaskInput);
  });
  return { tasks, problems };
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export interface TaskChange {
  id: string;
  task: string;
  change: 'added' | 'updated' | 'unchanged' | 'removed';
}

/**
 * The task an input names: by `id` (a `task` that is exactly an existing id, with no task of that
 * text, is read as the id: agents write `{"task": "t-3f2a"}`), else by text. `rename` is true when
 * the input's text replaces the task's own.
 */
function findTarget(tasks: Task[], input: TaskInput): { target?: Task; rename: boolean } {
  const byId = input.id ? tasks.find((t) => t.id === input.id) : undefined;
  if (byId) return { target: byId, rename: input.task !== undefined };
  if (input.task === undefined) return { rename: false };
  const key = taskKey(input.task);
  const byText = tasks.find((t) => taskKey(t.task) === key);
  if (byText || input.id) return { ...(byText ? { target: byText } : {}), rename: false };
  const asId = ID_RE.test(input.task.trim()) ? tasks.find((t) => t.id === input.task!.trim()) : undefined;
  return { ...(asId ? { target: asId } : {}), rename: false };
}

/**
 * Applies task inputs to a list (see TaskInput for how an input finds its task); an input that
 * finds none is added with a new id, or refused when it gives an id and no text. Tasks not mentioned
 * are kept, unless `replace` is set: then they are removed, and listed as removed. Returns the new
 * list and what changed; throws UsageError, with nothing applied, for an id that is not there.
 */
export function applyTaskInputs(list: TaskList, inputs: TaskInput[], stamp: string, replace = false): { list: TaskList; changes: TaskChange[] } {
  const tasks = list.tasks.map((t) => ({ ...t, related_files: [...t.related_files] }));
  const ids = new Set(tasks.map((t) => t.id));
  const changes: TaskChange[] = [];
  const touched = new Set<string>();
  const missing: string[] = [];
  for (const input of inputs) {
    const found = findTarget(tasks, input);
    let target = found.target;
    if (!target && input.task === undefined) {
      missing.push(input.id!);
      continue;
    }
    if (!target) {
      const text = oneLine(input.task!);
      const id = input.id && !ids.has(input.id) ? input.id : freshId(taskKey(text), stamp, ids, tasks.length + 1);
      ids.add(id);
      target = { id, task: text, status: 'todo', related_files: [] };
      tasks.push(target);
      changes.push({ id, task: text, change: 'added' });
      applyFields(target, input, text);
      target.updated = stamp;
    } else {
      const before = JSON.stringify(target);
      applyFields(target, input, found.rename ? oneLine(input.task!) : target.task);
      const changed = JSON.stringify(target) !== before;
      if (changed) target.updated = stamp;
      changes.push({ id: target.id, task: target.task, change: changed ? 'updated' : 'unchanged' });
    }
    touched.add(target.id);
  }
  if (missing.length) {
    throw new UsageError(`no task with id ${missing.join(', ')}`, 'see `git memory tasks list --all` for the ids; give "task" as well to add a task under that id');
  }
  const kept = replace ? tasks.filter((t) => touched.has(t.id)) : tasks;
  if (replace) for (const t of tasks) if (!touched.has(t.id)) changes.push({ id: t.id, task: t.task, change: 'removed' });
  return { list: { updated: stamp.slice(0, 10), tasks: kept }, changes };
}

function applyFields(t: Task, input: TaskInput, text: string): void {
  t.task = text;
  if (input.status) t.status = input.status;
  if (input.progress !== undefined) setOpt(t, 'progress', oneLine(input.progress));
  if (input.next_step !== undefined) setOpt(t, 'next_step', oneLine(input.next_step));
  if (input.related_files) t.related_files = input.related_files.map(oneLine).filter(Boolean);
}

function setOpt(t: Task, key: 'progress' | 'next_step', value: string): void {
  if (value) t[key] = value;
  else delete t[key];
}

/** A task list given as a value (`tasks set`'s parsed JSON, an MCP tool's `tasks`); exit 2 with the expected shape otherwise. */
export function checkTaskInputs(value: unknown): TaskInput[] {
  const { tasks, problems } = validateTaskInputs(value);
  if (problems.length) throw new UsageError(`task list does not have the expected shape:\n  ${problems.join('\n  ')}`, `expected:\n${TASK_INPUT_SHAPE}`);
  return tasks;
}

/** A task list given as JSON text (`tasks set`, MCP's `tasks_json`). */
export function parseTaskInputs(text: string): TaskInput[] {
  // Any JSON value: checkTaskInputs names what is wrong with one that is not a list.
  return checkTaskInputs(parseJsonInput(text, 'task list', { allow: 'any', shape: TASK_INPUT_SHAPE, stored: true }));
}
