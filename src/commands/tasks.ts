import { localIso } from '../clock.js';
import { redactQuickDeep } from '../safety/redact-deep.js';
import { UsageError } from '../errors.js';
import { withLock } from '../fs/lock.js';
import { decodeInput } from '../input.js';
import { applyTaskInputs, type TaskChange, type TaskInput } from '../memory/task-update.js';
import { serializeTasks, TASK_STATUSES, type Task, type TaskStatus } from '../memory/tasks.js';
import { readTaskListKeeping } from '../memory/tasks-file.js';
import { readHeldTasks } from '../memory/tasks-held.js';
import { controlCharProblems } from '../safety/control-chars.js';
import { guardText } from '../safety/guard.js';
import { TASKS_FILE } from '../paths.js';
import type { Opened, Result } from './context.js';
import { readTasksForUpdate, writeTasks } from './steps/commit-memory.js';
import type { Operation } from '../git/repo.js';
import { repoRelative } from './repo-path.js';
import { rebuildPrimer } from './steps/rebuild-primer.js';

export interface TasksData {
  tasks: Task[];
  changes: TaskChange[];
  path: string;
  /**
   * The git operation in progress that the change waits for: TASKS.md is left as it is and the
   * change is held in the state directory until the operation ends (see writeTasks).
   */
  waiting: Operation | null;
}

export type TasksOptions =
  | { action: 'list'; all?: boolean; status?: string }
  | { action: 'set'; inputs: TaskInput[]; replace?: boolean }
  | { action: 'add'; text: string; status?: string; progress?: string; nextStep?: string; files?: string[] }
  | { action: 'done'; ids: string[] }
  | { action: 'rm'; ids: string[] };

function checkStatus(s: string | undefined): TaskStatus | undefined {
  if (s === undefined) return undefined;
  if (!(TASK_STATUSES as readonly string[]).includes(s)) throw new UsageError(`--status must be one of ${TASK_STATUSES.join(', ')}, found ${JSON.stringify(s)}`);
  return s as TaskStatus;
}

function inputsFor(opts: Exclude<TasksOptions, { action: 'list' }>, current: Task[]): TaskInput[] {
  switch (opts.action) {
    case 'set':
      return opts.inputs;
    case 'add': {
      if (!opts.text.trim()) throw new UsageError('the task text is empty', 'usage: git memory tasks add "Implement logout" [--status todo]');
      // The task as a whole is capped, as `tasks set`'s JSON is: its fields go into TASKS.md with it.
      decodeInput([opts.progress ?? '', opts.nextStep ?? '', ...(opts.files ?? [])].join('\n'), 'the task\'s --progress, --next-step and --files');
      const input = { task: decodeInput(opts.text, 'the task text'), status: checkStatus(opts.status), progress: opts.progress, next_step: opts.nextStep, related_files: opts.files };
      const problems = [
        ...controlCharProblems(input.task, 'the task text'),
        ...controlCharProblems(opts.progress ?? '', '--progress'),
        ...controlCharProblems(opts.nextStep ?? '', '--next-step'),
        ...(opts.files ?? []).flatMap((f) => controlCharProblems(f, '--files')),
      ];
      if (problems.length) throw new UsageError(problems.join('\n'));
      return [input];
    }
    case 'rm': {
      // Every other task named by id, the list replaced by them: the named ones go, listed as removed.
      if (!opts.ids.length) throw new UsageError('name the task ids to remove', 'usage: git memory tasks rm t-3f2a [t-91bc …]');
      for (const id of opts.ids) if (!current.some((t) => t.id === id)) throw new UsageError(`no task with id ${id}`, 'see `git memory tasks list --all` for the ids');
      return current.filter((t) => !opts.ids.includes(t.id)).map((t) => ({ id: t.id }));
    }
    case 'done': {
      if (!opts.ids.length) throw new UsageError('name the task ids to mark done', 'usage: git memory tasks done t-3f2a [t-91bc …]');
      return opts.ids.map((id) => {
        const t = current.find((x) => x.id === id);
        if (!t) throw new UsageError(`no task with id ${id}`, 'see `git memory tasks list --all` for the ids');
        return { id, task: t.task, status: 'done' as const };
      });
    }
  }
}

async function update(o: Opened, opts: Exclude<TasksOptions, { action: 'list' }>): Promise<Result<TasksData>> {
  return withLock(o.repo.stateDir, async () => {
    const read = readTasksForUpdate(o.repo);
    const inputs = inputsFor(opts, read.list.tasks);
    const applied = applyTaskInputs(read.list, inputs, localIso(o.now).slice(0, 16), opts.action === 'rm' || (opts.action === 'set' && !!opts.replace));
    const guarded = await guardText(serializeTasks(applied.list, o.config.journal.language), TASKS_FILE, {
      mode: o.config.secrets.mode,
      allowlist: o.config.secrets.allowlist,
    });
    const waiting = writeTasks(o.repo, guarded.text, read);
    const rebuilt = await rebuildPrimer(o, { write: true, recordStart: false });
    // What it says it added is what TASKS.md holds: a secret redacted there is not echoed whole (secrets56).
    const said = guarded.redacted ? redactQuickDeep({ tasks: applied.list.tasks, changes: applied.changes }) : { tasks: applied.list.tasks, changes: applied.changes };
    return {
      data: { ...said, path: TASKS_FILE, waiting },
      warnings: [...o.warnings, ...guarded.warnings, ...rebuilt.warnings.filter((w) => !o.warnings.includes(w))],
    };
  });
}

/**
 * Lists or changes TASKS.md, in the repository the front door opened; `set` takes the task list
 * its front door decoded. Changes are committed by the next `end` or `git memory commit`; one made
 * while a git operation is in progress is held until it ends, and listed meanwhile.
 */
export async function tasks(o: Opened, opts: TasksOptions): Promise<Result<TasksData>> {
  if (opts.action === 'add' && opts.files) opts = { ...opts, files: opts.files.map((f) => repoRelative(o.repo.root, o.cwd, f, '--files')) };
  if (opts.action !== 'list') return update(o, opts);
  const status = checkStatus(opts.status);
  // Listing reads what it can, as the primer does; only a change needs the whole file readable.
  const read = readTaskListKeeping(o.repo.root, readHeldTasks(o.repo.stateDir));
  const shown = read.list.tasks.filter((t) => (status ? t.status === status : opts.all || t.status !== 'done'));
  const unreadable = read.unreadable.length ? [`skipped unreadable lines of the task list (${read.unreadable.join(', ')}); \`git memory lint\` says what is wrong`] : [];
  // As the primer shows memory: a secret committed past the scan (`--no-verify`) redacted (stop 53).
  return { data: { tasks: redactQuickDeep(shown), changes: [], path: TASKS_FILE, waiting: null }, warnings: [...o.warnings, ...unreadable] };
}
