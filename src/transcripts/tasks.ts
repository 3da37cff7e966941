import type { Todo } from './ledger.js';

/**
 * Claude Code's task tools (2.1.3xx, which has no TodoWrite): `TaskCreate {subject, description}`
 * adds a task whose id only its result tells ("Task #3 created successfully: …", and
 * `toolUseResult.task.id`), `TaskUpdate {taskId, status?, subject?}` changes one (`status:
 * "deleted"` removes it), `TaskList` shows the whole list (`toolUseResult.tasks`, or lines
 * `#1 [completed] subject`). Each is applied once its result says it succeeded; the list is the
 * ledger's todos, as TodoWrite's was.
 */
export interface TaskOp {
  tool: 'TaskCreate' | 'TaskUpdate' | 'TaskList';
  subject?: string;
  taskId?: string;
  status?: string;
}

export interface KeptTask {
  id: string;
  content: string;
  status: Todo['status'];
}

const TOOLS = new Set(['TaskCreate', 'TaskUpdate', 'TaskList']);
const STATUS = new Set(['pending', 'in_progress', 'completed']);
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
const idOf = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined);

/** The operation a task tool call asks for; undefined for any other tool. */
export function taskOp(tool: string, input: Record<string, any>): TaskOp | undefined {
  if (!TOOLS.has(tool)) return undefined;
  const op: TaskOp = { tool: tool as TaskOp['tool'] };
  const subject = str(input.subject);
  const taskId = idOf(input.taskId);
  const status = str(input.status);
  if (subject) op.subject = subject;
  if (taskId) op.taskId = taskId;
  if (status) op.status = status;
  return op;
}

/** Whether a task tool's result says it failed: an error result, or `success: false` (TaskUpdate's "Task not found"). */
export function taskFailed(detail: unknown): boolean {
  return !!detail && typeof detail === 'object' && (detail as { success?: unknown }).success === false;
}

/** The list after `op` succeeded with result text `message` and structured result `detail` (Claude Code's toolUseResult). */
export function applyTaskOp(list: KeptTask[], op: TaskOp, message: string, detail: unknown): KeptTask[] {
  const d: Record<string, any> = detail && typeof detail === 'object' ? detail : {};
  if (op.tool === 'TaskCreate') {
    const id = idOf(d.task?.id) ?? /Task #(\S+) created/.exec(message)?.[1];
    const content = op.subject ?? str(d.task?.subject);
    if (!content) return list;
    return [...list.filter((t) => id === undefined || t.id !== id), { id: id ?? '', content, status: 'pending' }];
  }
  if (op.tool === 'TaskUpdate') {
    if (!op.taskId) return list;
    if (op.status === 'deleted') return list.filter((t) => t.id !== op.taskId);
    return list.map((t) =>
      t.id !== op.taskId ? t : { ...t, ...(op.subject ? { content: op.subject } : {}), ...(op.status && STATUS.has(op.status) ? { status: op.status as Todo['status'] } : {}) },
    );
  }
  // TaskList: the whole list, as the tool shows it.
  if (Array.isArray(d.tasks)) {
    return d.tasks.flatMap((t: any) => {
      const id = idOf(t?.id);
      const content = str(t?.subject);
      return id !== undefined && content && STATUS.has(t.status) ? [{ id, content, status: t.status }] : [];
    });
  }
  const lines = [...message.matchAll(/^#(\S+) \[(pending|in_progress|completed)\] (.+)$/gm)];
  return lines.length || /^No tasks/i.test(message.trim()) ? lines.map((m) => ({ id: m[1]!, content: m[3]!.trim(), status: m[2] as Todo['status'] })) : list;
}
