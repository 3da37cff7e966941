import * as z from 'zod/v4';
import type { Ctx, Result } from '../commands/context.js';
import { LOG_KINDS } from '../commands/log.js';
import { listFromOpenClaw, OPENCLAW_LOG_TYPES, type OpenClawLogType } from '../memory/openclaw-shapes.js';
import { TASK_STATUSES, type Task } from '../memory/tasks.js';
import { estimateTokens } from '../memory/tokens.js';
import { UsageError } from '../errors.js';

/** A tool's answer: text for the model, structured data for clients that read it. */
export interface ToolAnswer {
  text: string;
  data?: Record<string, unknown>;
}

/** One MCP tool: its schema (zod, checked by the SDK before the call) and what it runs. */
export interface ToolSpec {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  readOnly: boolean;
  run(ctx: Ctx, args: Record<string, unknown>): Promise<Result<ToolAnswer>>;
}

// Checked in full by the handler (with the expected shape in its message); here only typed, so
// OpenClaw memory's shape (`title`, status `pending`) passes beside ours.
const taskInput = z.object({
  id: z.string().regex(/^t-[0-9a-z-]+$/).optional().describe('An existing task id, e.g. t-3f2a: alone it updates that task, with `task` it renames it'),
  task: z.string().optional().describe('What the task is: alone it updates the task with this text, or adds it'),
  title: z.string().optional().describe('OpenClaw memory\'s name for `task`'),
  status: z.enum([...TASK_STATUSES, 'pending']).optional().describe('`pending` (OpenClaw memory) means todo'),
  progress: z.string().optional(),
  next_step: z.string().optional(),
  related_files: z.array(z.string()).optional(),
}).strict();

const list = z.union([z.array(z.string()), z.string().describe('OpenClaw memory\'s form: items separated by commas')]).optional();

/** One value given under either of two names (ours, OpenClaw memory's); both only if they agree. */
function either<T>(a: Record<string, unknown>, ours: string, theirs: string): T | undefined {
  const x = a[ours] as T | undefined;
  const y = a[theirs] as T | undefined;
  if (x !== undefined && y !== undefined && JSON.stringify(x) !== JSON.stringify(y)) throw new UsageError(`give \`${ours}\` or \`${theirs}\` (OpenClaw memory's name for it), not both`);
  return x ?? y;
}
const taskLine = (t: Task) => `- [${t.status}] ${t.task} (${t.id})${t.next_step ? ` next: ${t.next_step}` : ''}`;
const wrap = <T>(r: Result<T>, f: (d: T) => ToolAnswer): Result<ToolAnswer> => ({ data: f(r.data), warnings: r.warnings });

/** The tools `git memory mcp` offers, each a thin call into the command handlers the CLI uses. */
export const TOOLS: ToolSpec[] = [
  {
    name: 'memory_primer',
    title: 'Project memory briefing',
    description: 'The briefing for this repository: who the user is, the project, recent sessions, next steps, tasks in progress, recent commits and hot files. Read it at the start of a session.',
    input: { max_tokens: z.number().int().min(100).optional().describe('Token cap (default from config)'), days: z.number().int().min(1).optional().describe('Days of recent sessions') },
    readOnly: true,
    run: async (ctx, a) => {
      const { primer } = await import('../commands/primer.js');
      return wrap(await primer(ctx, { maxTokens: a.max_tokens as number | undefined, days: a.days as number | undefined, write: true }), (d) => ({ text: d.markdown, data: { tokens: d.tokens, path: d.path } }));
    },
  },
  {
    name: 'memory_log',
    title: 'Log to the session',
    description: 'Queue a learning, decision, note, completed item or next step for the current session; it is written to the journal when the session ends.',
    input: {
      text: z.string().min(1).optional().describe('One line worth knowing next time (required; `content` is accepted for it)'),
      kind: z.enum(LOG_KINDS).optional().describe('Section it goes to (default learned)'),
      content: z.string().min(1).optional().describe('OpenClaw memory\'s name for `text`'),
      type: z.enum([...(Object.keys(OPENCLAW_LOG_TYPES) as OpenClawLogType[]), ...LOG_KINDS, '']).optional()
        .describe('OpenClaw memory\'s type: decision → decision, pattern → learned, event/preference/instruction/entity → note'),
    },
    readOnly: false,
    run: async (ctx, a) => {
      const { log } = await import('../commands/log.js');
      const text = either<string>(a, 'text', 'content');
      if (text === undefined) throw new UsageError('`text` is required: one line worth knowing next time');
      const type = a.type as string | undefined;
      const kind = (a.kind as string | undefined) ?? (type ? ((OPENCLAW_LOG_TYPES as Record<string, string>)[type] ?? type) : undefined);
      return wrap(await log(ctx, { text, kind }), (d) => ({
        text: `queued (${d.queued!.kind}) for this session: ${d.queued!.text}; ${d.pending.items.length} item(s) pending`,
        data: { queued: d.queued, pending: d.pending.items.length },
      }));
    },
  },
  {
    name: 'memory_search',
    title: 'Search past sessions',
    description: 'Search the journal of earlier sessions (BM25 over request, learned, completed, next steps, decisions, notes). Best first, newest first on ties.',
    input: {
      query: z.string().min(1),
      since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe('YYYY-MM-DD'),
      until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe('YYYY-MM-DD'),
      author: z.string().optional(),
      branch: z.string().optional(),
      limit: z.number().int().min(1).max(100).optional(),
      max_tokens: z.number().int().min(0).optional().describe('Token cap on the answer; whole results are left out to fit (0: no cap)'),
      scope: z.string().optional().describe('OpenClaw memory\'s scope; this repository\'s journal is what is searched'),
      detail: z.union([z.string(), z.boolean()]).optional().describe('OpenClaw memory\'s detail level; results are always shown in full'),
    },
    readOnly: true,
    run: async (ctx, a) => {
      const [{ search }, { renderSearch }] = await Promise.all([import('../commands/search.js'), import('../cli/commands/search.js')]);
      const r = await search(ctx, { query: a.query as string, since: a.since as string | undefined, until: a.until as string | undefined, author: a.author as string | undefined, branch: a.branch as string | undefined, limit: a.limit as number | undefined });
      const scope = a.scope as string | undefined;
      // OpenClaw memory also searched its user and agent files; here memory is the journal alone.
      if (scope && !['journal', 'project'].includes(scope)) r.warnings.push(`scope "${scope}": git-memory searches this repository's journal only, which is what was searched`);
      const cap = a.max_tokens as number | undefined;
      return wrap(r, (d) => {
        let shown = d.results;
        while (cap && shown.length > 1 && estimateTokens(renderSearch({ ...d, results: shown })) > cap) shown = shown.slice(0, -1);
        const more = d.results.length - shown.length;
        return { text: `${renderSearch({ ...d, results: shown })}${more ? `\n(${more} more result(s) left out to fit max_tokens ${cap})` : ''}`, data: { results: shown, total: d.total } };
      });
    },
  },
  {
    name: 'memory_tasks',
    title: 'List tasks',
    description: 'The task list (TASKS.md): open tasks by default, with ids to update them by.',
    input: { all: z.boolean().optional().describe('Include done tasks'), status: z.enum(TASK_STATUSES).optional() },
    readOnly: true,
    run: async (ctx, a) => {
      const { tasks } = await import('../commands/tasks.js');
      const r = await tasks(ctx, { action: 'list', all: a.all as boolean | undefined, status: a.status as string | undefined });
      return wrap(r, (d) => ({ text: d.tasks.length ? d.tasks.map(taskLine).join('\n') : 'no tasks', data: { tasks: d.tasks } }));
    },
  },
  {
    name: 'memory_update_tasks',
    title: 'Update tasks',
    description: 'Add or update tasks. `id` alone updates that task; `task` alone updates the task with that text, or adds it; both rename the task with that id. `replace` drops tasks not listed (they are reported as removed).',
    input: {
      tasks: z.array(taskInput).min(1).optional().describe('The tasks to add or update (required; `tasks_json` is accepted for it)'),
      tasks_json: z.string().optional().describe('OpenClaw memory\'s form: the task list as a JSON string'),
      replace: z.boolean().optional(),
    },
    readOnly: false,
    run: async (ctx, a) => {
      const { tasks } = await import('../commands/tasks.js');
      if ((a.tasks === undefined) === (a.tasks_json === undefined)) throw new UsageError('give `tasks` (a list of task objects) or `tasks_json` (the same list as a JSON string), exactly one');
      const json = a.tasks !== undefined ? JSON.stringify(a.tasks) : (a.tasks_json as string);
      const r = await tasks(ctx, { action: 'set', json, replace: a.replace as boolean | undefined });
      return wrap(r, (d) => ({
        text: [...d.changes.filter((c) => c.change !== 'unchanged').map((c) => `${c.change} ${c.id}: ${c.task}`), `${d.tasks.filter((t) => t.status !== 'done').length} open task(s)`].join('\n'),
        data: { changes: d.changes },
      }));
    },
  },
  {
    name: 'memory_session_end',
    title: 'End the session',
    description: 'Record this session in the journal (with what was logged and the commits made), update tasks, rebuild the primer and commit the memory files only. Call once, at the end.',
    input: {
      request: z.string().min(1).describe('What the user asked for'),
      learned: list,
      completed: list,
      next_steps: list,
      decisions: list,
      notes: list,
      tasks: z.array(taskInput).optional(),
      agent: z.string().optional().describe('Agent name for the journal (default: detected)'),
    },
    readOnly: false,
    run: async (ctx, a) => {
      const { end } = await import('../commands/end.js');
      const { agent, ...given } = a;
      // OpenClaw memory sent each list as one comma-separated string.
      const summary = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, k === 'request' || k === 'tasks' ? v : listFromOpenClaw(v as string | string[] | undefined)]));
      const r = await end(ctx, { summary: JSON.stringify(summary), agent: agent as string | undefined, summaryName: 'the summary given to memory_session_end' });
      return wrap(r, (d) => ({
        text: `${d.session.alreadyRecorded ? 'already recorded in' : 'session written to'} ${d.session.path}${d.commit ? `; memory committed as ${d.commit.sha.slice(0, 7)}` : d.waiting ? `; not committed (${d.waiting})` : ''}`,
        data: { session: d.session, commit: d.commit },
      }));
    },
  },
];
