import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { TasksData, TasksOptions } from '../../commands/tasks.js';
import { STATUS_BOX } from '../../memory/status-box.js';
import { anOperation, theOperation } from '../../git/repo.js';
import { tasksWaitLine } from '../messages.js';

interface Args extends GlobalArgs {
  action: string;
  args?: string[];
  all?: boolean;
  status?: string;
  replace?: boolean;
  progress?: string;
  'next-step'?: string;
  files?: string[];
}

function render(d: TasksData): string {
  const changed = d.changes.filter((c) => c.change !== 'unchanged');
  const lines = changed.map((c) => `${c.change} ${c.id}: ${c.task}`);
  if (changed.length && d.waiting) lines.push(`${anOperation(d.waiting)} is in progress: ${tasksWaitLine(theOperation(d.waiting))}`);
  else if (changed.length) lines.push(`${d.path} updated; it is committed with the next \`git memory end\` or \`git memory commit\``);
  else if (!d.changes.length) {
    if (!d.tasks.length) lines.push('no tasks');
    for (const t of d.tasks) {
      lines.push(`${STATUS_BOX[t.status]} ${t.id}  ${t.task}`);
      if (t.progress) lines.push(`      progress: ${t.progress}`);
      if (t.next_step) lines.push(`      next: ${t.next_step}`);
    }
  } else lines.push('no change');
  return `${lines.join('\n')}\n`;
}

async function options(a: Args, readStdin: (max?: number) => Promise<Buffer>): Promise<TasksOptions> {
  const rest = a.args ?? [];
  switch (a.action) {
    case 'list':
      return { action: 'list', all: a.all, status: a.status };
    case 'set': {
      const { readTaskInputs } = await import('../decode/tasks.js');
      return { action: 'set', inputs: await readTaskInputs(rest[0] ?? '-', readStdin), replace: a.replace };
    }
    case 'add':
      return { action: 'add', text: rest.join(' '), status: a.status, progress: a.progress, nextStep: a['next-step'], files: a.files };
    case 'rm':
      return { action: 'rm', ids: rest };
    default:
      return { action: 'done', ids: rest };
  }
}

export const tasksCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'tasks [action] [args..]',
  describe: 'List or change the task list (list | add TEXT | done ID… | rm ID… | set JSON)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('action', { type: 'string', choices: ['list', 'add', 'done', 'rm', 'set'], default: 'list' })
      .positional('args', { type: 'string', array: true })
      .option('all', { type: 'boolean', describe: 'list: include done tasks' })
      .option('status', { type: 'string', choices: ['todo', 'in_progress', 'done', 'blocked'], describe: 'list: only this status; add: its status (a new task: todo; an existing one keeps its own)' })
      .option('progress', { type: 'string', describe: 'add: progress so far' })
      .option('next-step', { type: 'string', describe: 'add: the next step' })
      .option('files', { type: 'string', array: true, describe: 'add: related files' })
      .option('replace', { type: 'boolean', describe: 'set: the JSON is the whole list; tasks not in it are removed (and listed)' })
      .example('git memory tasks add "Implement logout" --status in_progress', '')
      .example('git memory tasks done t-3f2a', '')
      .example('git memory tasks rm t-3f2a', 'remove the task (done keeps it, checked)')
      // Without a description: the JSON takes the line, unwrapped, so a copied example runs (the
      // epilog says what each shape does).
      .example(`git memory tasks set '[{"id":"t-3f2a","status":"blocked"}]'`, '')
      .example(`git memory tasks set '[{"task":"Implement logout","status":"done"}]'`, '')
      .example(`git memory tasks set '[{"id":"t-3f2a","task":"Log out"}]'`, '')
      .epilog(
        'set JSON is a list of tasks: {"id", "task", "status": "todo|in_progress|done|blocked", "progress", "next_step", "related_files": [...]}. ' +
          '"id" alone updates that task; "task" alone updates the task with that text, or adds it; "id" and "task" together rename the task with that id. ' +
          'Tasks not given are kept; with --replace they are removed, and listed as removed.',
      )
      .string('args'),
  handler: (a) =>
    run(
      io,
      a,
      async (ctx) => {
        const [{ open }, { tasks }] = await Promise.all([import('../../commands/context.js'), import('../../commands/tasks.js')]);
        const o = open(ctx);
        return tasks(o, await options(a, (max) => io.readStdin(max)));
      },
      render,
    ),
});
