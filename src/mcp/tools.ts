import * as z from 'zod/v4';
import type { Result } from '../commands/context.js';
import { LOG_KINDS } from '../commands/log.js';
import { listFromOpenClaw, OPENCLAW_LOG_TYPE_NAMES, OPENCLAW_LOG_TYPES } from '../memory/openclaw-shapes.js';
import { decodeInput } from '../input.js';
import { checkInputSize, checkSummary } from '../memory/summary.js';
import { checkTaskInputs, parseTaskInputs } from '../memory/task-update.js';
import { TASK_STATUSES, type Task } from '../memory/tasks.js';
import { UsageError } from '../errors.js';
import { anOperation, theOperation } from '../git/repo.js';
import { tasksWaitLine } from '../cli/messages.js';
import { defineTool, type ToolAnswer, type ToolSpec } from './define-tool.js';
import { SEARCH_TOOL } from './search-args.js';
import type { DreamData } from '../commands/dream.js';

export type { ToolAnswer, ToolSpec } from './define-tool.js';

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
function either<T>(x: T | undefined, y: T | undefined, ours: string, theirs: string): T | undefined {
  if (x !== undefined && y !== undefined && JSON.stringify(x) !== JSON.stringify(y)) throw new UsageError(`give \`${ours}\` or \`${theirs}\` (OpenClaw memory's name for it), not both`);
  return x ?? y;
}
/** The section an OpenClaw memory log type lands in; one of ours stands for itself. */
const kindOf = (type: string) => Object.entries(OPENCLAW_LOG_TYPES).find(([k]) => k === type)?.[1] ?? type;
const taskLine = (t: Task) => `- [${t.status}] ${t.task} (${t.id})${t.next_step ? ` next: ${t.next_step}` : ''}`;
const wrap = <T>(r: Result<T>, f: (d: T) => ToolAnswer): Result<ToolAnswer> => ({ data: f(r.data), warnings: r.warnings });

/** memory_dream's structured answer: the text a person reads, and each thing it counts, listed. */
function dreamData(d: DreamData, summary: string): Record<string, unknown> {
  const r = d.report;
  return {
    summary,
    ran: d.ran,
    reason: d.reason,
    sessions: d.sessions,
    ...(d.ran
      ? {
          source: d.source,
          ...(r ? { added: r.added, merged: r.merged, leads: r.leads, superseded: r.superseded, removed: r.removed, followed: r.followed ?? [], dropped: r.dropped.length, pruned: r.pruned } : {}),
          memory: { path: d.path, entries: d.entries, lines: d.lines, changed: d.changed },
        }
      : {}),
    commit: d.commit,
    ...(d.branch ? { branch: d.branch } : {}),
    ...(d.waiting ? { waiting: d.waiting } : {}),
  };
}

/** The tools `git memory mcp` offers, each a thin call into the command handlers the CLI uses. */
export const TOOLS: ToolSpec[] = [
  defineTool({
    name: 'memory_primer',
    title: 'Project memory briefing',
    description: 'The briefing for this repository: who the user is, the project, recent sessions, next steps, tasks in progress, what was learned (long-term memory, with staleness marks), recent commits and hot files. Read it at the start of a session.',
    input: { max_tokens: z.number().int().min(100).optional().describe('Token cap (default from config)'), days: z.number().int().min(1).optional().describe('Days of recent sessions') },
    readOnly: true,
    run: async (ctx, a) => {
      // Built once and handed out again while nothing it reads changed (see live-primer.ts).
      const { livePrimer } = await import('./live-primer.js');
      // Text only: Claude Code (2.1.332) hands the model a result's structuredContent in place of its
      // text where there is one, and the briefing's size and path were all the model got of it.
      return wrap(await livePrimer(ctx, { maxTokens: a.max_tokens, days: a.days, write: true }), (d) => ({ text: d.markdown }));
    },
  }),
  defineTool({
    name: 'memory_log',
    title: 'Log to the session',
    description: 'Queue a learning, decision, note, completed item or next step for the current session; it is written to the journal when the session ends.',
    input: {
      text: z.string().min(1).optional().describe('One line worth knowing next time (required; `content` is accepted for it)'),
      kind: z.enum(LOG_KINDS).optional().describe('Section it goes to (default learned)'),
      content: z.string().min(1).optional().describe('OpenClaw memory\'s name for `text`'),
      type: z.enum([...OPENCLAW_LOG_TYPE_NAMES, ...LOG_KINDS, '']).optional()
        .describe('OpenClaw memory\'s type: decision → decision, pattern → learned, event/preference/instruction/entity → note'),
    },
    readOnly: false,
    run: async (ctx, a) => {
      const { log } = await import('../commands/log.js');
      const text = either(a.text, a.content, 'text', 'content');
      if (text === undefined) throw new UsageError('`text` is required: one line worth knowing next time');
      const kind = a.kind ?? (a.type ? kindOf(a.type) : undefined);
      return wrap(await log(ctx, { text, kind }), (d) => ({
        text: `queued (${d.queued.kind}) for this session: ${d.queued.text}; ${d.pending.items.length} item(s) pending`,
        data: { queued: d.queued, pending: d.pending.items.length },
      }));
    },
  }),
  defineTool({
    name: SEARCH_TOOL,
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
    run: async (ctx, a) => (await import('./search-tool.js')).runSearchTool(ctx, a),
  }),
  defineTool({
    name: 'memory_tasks',
    title: 'List tasks',
    description: 'The task list (TASKS.md): open tasks by default, with ids to update them by.',
    input: { all: z.boolean().optional().describe('Include done tasks'), status: z.enum(TASK_STATUSES).optional() },
    readOnly: true,
    run: async (ctx, a) => {
      const [{ open }, { tasks }] = await Promise.all([import('../commands/context.js'), import('../commands/tasks.js')]);
      const r = await tasks(open(ctx), { action: 'list', all: a.all, status: a.status });
      return wrap(r, (d) => ({ text: d.tasks.length ? d.tasks.map(taskLine).join('\n') : 'no tasks', data: { tasks: d.tasks } }));
    },
  }),
  defineTool({
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
      const [{ open }, { tasks }] = await Promise.all([import('../commands/context.js'), import('../commands/tasks.js')]);
      if ((a.tasks === undefined) === (a.tasks_json === undefined)) throw new UsageError('give `tasks` (a list of task objects) or `tasks_json` (the same list as a JSON string), exactly one');
      const o = open(ctx);
      // Both forms are checked as `tasks set` checks its JSON (zod only typed them), under the same size cap.
      const inputs = a.tasks !== undefined ? (checkInputSize(a.tasks, 'the task JSON'), checkTaskInputs(a.tasks)) : parseTaskInputs(decodeInput(a.tasks_json ?? '', 'the task JSON'));
      const r = await tasks(o, { action: 'set', inputs, replace: a.replace });
      return wrap(r, (d) => ({
        text: [
          ...d.changes.filter((c) => c.change !== 'unchanged').map((c) => `${c.change} ${c.id}: ${c.task}`),
          `${d.tasks.filter((t) => t.status !== 'done').length} open task(s)`,
          ...(d.waiting ? [`${anOperation(d.waiting)} is in progress: ${tasksWaitLine(theOperation(d.waiting))}`] : []),
        ].join('\n'),
        data: { changes: d.changes, waiting: d.waiting },
      }));
    },
  }),
  defineTool({
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
      const [{ open }, { end }, { sessionEndInput }] = await Promise.all([import('../commands/context.js'), import('../commands/end.js'), import('../commands/steps/session-end-input.js')]);
      const o = open(ctx);
      // OpenClaw memory sent each list as one comma-separated string.
      const given = {
        request: a.request,
        learned: listFromOpenClaw(a.learned),
        completed: listFromOpenClaw(a.completed),
        next_steps: listFromOpenClaw(a.next_steps),
        decisions: listFromOpenClaw(a.decisions),
        notes: listFromOpenClaw(a.notes),
        tasks: a.tasks,
      };
      checkInputSize(given, 'the summary given to memory_session_end');
      // In an agent session with notes, they fill what the summary left empty (as `end --summary` does).
      const input = await sessionEndInput(o, checkSummary(given), { agentTool: true });
      const r = await end(o, { ...input, agent: a.agent ?? input.agent });
      return wrap(r, (d) => ({
        text: `${d.session.alreadyRecorded ? 'already recorded in' : 'session written to'} ${d.session.path}${d.commit ? `; memory committed as ${d.commit.sha.slice(0, 7)}` : d.waiting ? `; not committed (${d.waiting}${d.error ? `: ${d.error}` : ''})` : ''}${d.tasksWaiting ? `\n${tasksWaitLine(theOperation(d.tasksWaiting))}` : ''}`,
        data: { session: d.session, commit: d.commit, tasksWaiting: d.tasksWaiting, ...(d.waiting ? { waiting: d.waiting, ...(d.error ? { error: d.error } : {}), pending: d.pending } : {}) },
      }));
    },
  }),
  defineTool({
    name: 'memory_dream',
    title: 'Consolidate long-term memory',
    description: 'Consolidate the sessions since the last dream into long-term memory (.openclaw_memory/MEMORY.md) and commit it: duplicates merged, contradictions resolved (newer wins), dates made absolute. Runs only when due (24 h idle or 10 sessions) unless `force`.',
    input: {
      force: z.boolean().optional().describe('Run now even when not due'),
      offline: z.boolean().optional().describe('No model: the deterministic consolidation only'),
    },
    readOnly: false,
    run: async (ctx, a) => {
      const [{ open }, { dream }, { renderDream }] = await Promise.all([import('../commands/context.js'), import('../commands/dream.js'), import('../cli/commands/dream.js')]);
      // Claude Code (2.1.332) hands the model a result's structuredContent in place of its text: the
      // structured answer says what the text says (what changed in MEMORY.md, each fact replaced and
      // by what, what was removed, where it was committed or why not), not only ran/reason/sessions.
      return wrap(await dream(open(ctx), { force: a.force, offline: a.offline }), (d) => ({ text: renderDream(d).trimEnd(), data: dreamData(d, renderDream(d).trimEnd()) }));
    },
  }),
];
