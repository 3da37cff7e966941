import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { EndData } from '../../commands/end.js';
import { END_OPTIONS } from '../options/end.js';
import { mark } from '../../trace.js';
import { anOperation, isOperation, theOperation } from '../../git/repo.js';
import { tasksWaitLine } from '../messages.js';

export interface EndArgs extends GlobalArgs {
  summary?: string;
  'summary-file'?: string;
  agent?: string;
  'from-notes'?: boolean;
  session?: string;
}

function render(d: EndData): string {
  const lines = d.session.alreadyRecorded
    ? [`already recorded: this session repeats ${d.session.path}, the branch's previous session; nothing new written`]
    : [`session ${d.session.id} written to ${d.session.path} (${d.session.commits} commit${d.session.commits === 1 ? '' : 's'} recorded)`];
  for (const t of d.tasks) if (t.change !== 'unchanged') lines.push(`task ${t.id} ${t.change}: ${t.task}`);
  if (d.commit) lines.push(`committed memory as ${d.commit.sha.slice(0, 7)} (${d.commit.paths.length} file${d.commit.paths.length === 1 ? '' : 's'}); your staged changes are untouched`);
  if (d.also.length) lines.push(`also committed other pending memory changes:\n${d.also.map((p) => `  ${p}`).join('\n')}`);
  else if (d.waiting === 'disabled') lines.push('not committed ([commit] auto = false): run `git memory commit` when ready');
  else if (d.waiting === 'failed') lines.push(`not committed: ${d.error}\nthe files are written and wait for the commit: run \`git memory commit\` once that is fixed`);
  else if (d.waiting === 'locked') lines.push(`not committed: ${d.lock} exists (another git process is running, or one was killed); if none is running, remove it and run \`git memory commit\``);
  else if (d.waiting === 'commit') lines.push('a commit is in progress: the memory commit waits and lands after it (git-memory\'s post-commit hook), or with `git memory commit` once it has ended');
  else if (d.waiting && isOperation(d.waiting)) lines.push(`${anOperation(d.waiting)} is in progress: the memory commit waits; run \`git memory commit\` after it ends`);
  if (d.tasksWaiting) lines.push(tasksWaitLine(theOperation(d.tasksWaiting)));
  lines.push(primerLine(d));
  return `${lines.join('\n')}\n`;
}

/** The primer, and why PRIMER.md was not written where it was not (a linked memory folder is warned about). */
function primerLine(d: EndData): string {
  const { path, tokens, unwritten } = d.primer;
  if (path) return `primer rebuilt: ${tokens} tokens`;
  const built = `primer built (${tokens} tokens), not written to a file`;
  if (unwritten === 'uninitialised') return `${built}: \`git memory init\` sets the repository up for .openclaw_memory/PRIMER.md`;
  if (unwritten === 'operation' && d.waiting && isOperation(d.waiting)) return `${built}: PRIMER.md is shared (tracked), so the next \`end\` after ${theOperation(d.waiting)} writes it`;
  return built;
}

/** Runs `end` for parsed arguments; shared by yargs and the lean path (cli/lean/end.ts). */
export function runEnd(io: Io, a: EndArgs): Promise<void> {
  return run(
    io,
    { _: ['end'], ...a },
    async (ctx) => {
      const [{ open }, { end }, { readEndInput }] = await Promise.all([import('../../commands/context.js'), import('../../commands/end.js'), import('../decode/end-input.js')]);
      mark('end: modules initialised');
      const o = open(ctx);
      const flags = { summary: a.summary, summaryFile: a['summary-file'], fromNotes: a['from-notes'], session: a.session };
      const input = await readEndInput(o, (max) => io.readStdin(max), flags);
      mark('end: input read');
      return end(o, { ...input, agent: a.agent ?? input.agent });
    },
    render,
  );
}

export const endCommand = (io: Io): CommandModule<GlobalArgs, EndArgs> => ({
  command: 'end',
  describe: 'End a session: write its journal entry, update tasks, rebuild the primer, commit memory',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .options(END_OPTIONS)
      // Examples fit one line of help (100 columns, see main.ts): a wrapped one does not run when copied.
      .example(`git memory end --summary '{"request":"Add login","next_steps":["Logout"]}'`, '')
      .example('echo "$JSON" | git memory end --summary -', 'summary from stdin')
      .example('git memory end --from-notes', 'end the open agent session from its notes (see Session notes in the README)')
      .epilog(
        'Summary keys: request (required), learned[], completed[], next_steps[], decisions[], notes[], tasks[] ' +
          '({task, status: todo|in_progress|done|blocked, progress, next_step, related_files[]}). ' +
          'Only memory files are committed, through a temporary index: what you staged stays staged.',
      ),
  handler: (a) => runEnd(io, a),
});
