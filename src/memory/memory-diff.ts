import type { Session } from './session.js';
import type { Task, TaskList } from './tasks.js';

/** A session a range adds, as a reviewer needs it. */
export interface SessionSummary
  extends Pick<Session, 'date' | 'time' | 'agent' | 'author' | 'branch' | 'request' | 'completed' | 'learned' | 'decisions' | 'next_steps'> {
  path: string;
  /** How many commits the session recorded. */
  commits: number;
  /** Its learned items and decisions that MEMORY.md lists under Forgotten at the range's head (`diff`). */
  forgotten?: string[];
}

export interface TaskChangeSummary {
  id: string;
  task: string;
  status: Task['status'];
  /** What changed, e.g. `status: todo → in_progress`, `progress: "form done"`. */
  changes: string[];
}

export interface TasksDiff {
  added: TaskChangeSummary[];
  closed: TaskChangeSummary[];
  changed: TaskChangeSummary[];
  removed: TaskChangeSummary[];
}

/** The reviewer's view of a session. */
export function summarizeSession(s: Session, path: string): SessionSummary {
  return {
    path,
    date: s.date,
    time: s.time,
    agent: s.agent,
    ...(s.author ? { author: s.author } : {}),
    ...(s.branch ? { branch: s.branch } : {}),
    request: s.request,
    completed: s.completed,
    learned: s.learned,
    decisions: s.decisions,
    next_steps: s.next_steps,
    commits: s.commits.length,
  };
}

const quote = (v: string | undefined) => (v ? JSON.stringify(v) : 'none');

function fieldChanges(a: Task, b: Task): string[] {
  const out: string[] = [];
  if (a.task !== b.task) out.push(`text: ${quote(a.task)} → ${quote(b.task)}`);
  if (a.status !== b.status) out.push(`status: ${a.status} → ${b.status}`);
  if ((a.progress ?? '') !== (b.progress ?? '')) out.push(`progress: ${quote(b.progress)}`);
  if ((a.next_step ?? '') !== (b.next_step ?? '')) out.push(`next step: ${quote(b.next_step)}`);
  if (a.related_files.join('\n') !== b.related_files.join('\n')) out.push(`related files: ${b.related_files.join(', ') || 'none'}`);
  return out;
}

const brief = (t: Task, changes: string[] = []): TaskChangeSummary => ({ id: t.id, task: t.task, status: t.status, changes });

/** Tasks added, closed (now done), otherwise changed, and removed between two versions of TASKS.md. Pure. */
export function diffTasks(base: TaskList, head: TaskList): TasksDiff {
  const before = new Map(base.tasks.map((t) => [t.id, t]));
  const after = new Set(head.tasks.map((t) => t.id));
  const d: TasksDiff = { added: [], closed: [], changed: [], removed: [] };
  for (const t of head.tasks) {
    const old = before.get(t.id);
    if (!old) {
      d.added.push(brief(t));
      continue;
    }
    const changes = fieldChanges(old, t);
    if (!changes.length) continue;
    if (t.status === 'done' && old.status !== 'done') d.closed.push(brief(t, changes));
    else d.changed.push(brief(t, changes));
  }
  for (const t of base.tasks) if (!after.has(t.id)) d.removed.push(brief(t));
  return d;
}
