// The memory half of the generated repository: config, .gitignore, session files and TASKS.md,
// written with the project's own serializers so the files are exactly what the tool writes.
import { importSrc } from './bundle.mjs';
import { TASK_PLAN } from './content.mjs';

/** Serializers, path names and the files `init` writes, from src/. */
export async function memoryFormats() {
  const { session, tasks, taskId, paths, skeleton } = await importSrc({
    session: 'memory/session.ts',
    tasks: 'memory/tasks.ts',
    taskId: 'memory/task-id.ts',
    paths: 'paths.ts',
    skeleton: 'memory/skeleton.ts',
  });
  return { ...session, ...tasks, ...taskId, ...paths, ...skeleton };
}

const pad = (n) => String(n).padStart(2, '0');
export const utcDate = (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
export const utcTime = (d) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/**
 * The task list when a fraction `f` of the sessions has happened (see TASK_PLAN). Task details
 * depend on the task only, so a list changes just when a status does.
 */
export function tasksAt(fmt, f, hotPaths) {
  const taken = new Set();
  const tasks = [];
  TASK_PLAN.forEach(([task, appear, start, finish, whenStarted], i) => {
    if (f < appear) return;
    const status = finish !== null && f >= finish ? 'done' : start !== null && f >= start ? (whenStarted ?? 'in_progress') : 'todo';
    // The id a hand-written task gets: from its text alone, so a task keeps its id from list to list.
    const id = fmt.textId(fmt.taskKey(task), taken, TASK_PLAN.length);
    taken.add(id);
    const open = status === 'in_progress' || status === 'blocked';
    tasks.push({
      id,
      task,
      status,
      ...(open ? { progress: `step ${1 + (i % 3)} of 4 done`, next_step: `finish step ${2 + (i % 3)}` } : {}),
      related_files: status === 'done' ? [] : [hotPaths[i % hotPaths.length], hotPaths[(i * 7 + 3) % hotPaths.length]],
    });
  });
  return tasks;
}

/** Stamps tasks whose status changed since `previous` with `stamp`; keeps the others' stamps. */
export function stampTasks(tasks, previous, stamp) {
  const before = new Map(previous.map((t) => [t.id, t]));
  return tasks.map((t) => {
    const old = before.get(t.id);
    return { ...t, updated: old && old.status === t.status ? old.updated : stamp };
  });
}

/**
 * One session file: `{ path, text }`.
 * @param {{ at: Date, agent: string, suffix: string, author: string, base?: string, body: object, commits: {sha: string, subject: string}[] }} s
 */
export function sessionFile(fmt, s) {
  const date = utcDate(s.at);
  const time = utcTime(s.at);
  const session = {
    id: `${date.replace(/-/g, '')}-${time.replace(':', '')}-${s.suffix}`,
    date,
    time,
    agent: s.agent,
    author: s.author,
    branch: 'main',
    base: s.base,
    ...s.body,
    commits: s.commits,
  };
  return { path: fmt.sessionPath(date, time, s.agent, s.suffix), text: fmt.serializeSession(session, 'en') };
}
