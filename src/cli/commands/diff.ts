import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { DiffData } from '../../commands/diff.js';

interface Args extends GlobalArgs {
  range?: string;
}

export const diffCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'diff [range]',
  describe: 'Memory changes between two revisions, as markdown for a pull request comment',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('range', { type: 'string', describe: '<base>...<head>, <base>..<head> or <base>; default: merge base with the default branch up to HEAD' })
      .example('git memory diff', 'what this branch teaches the next agent, against the default branch')
      .example('git memory diff origin/main...HEAD --json', 'the same as data'),
  handler: (a) => run(io, a, async (ctx) => (await import('../../commands/diff.js')).diff(ctx, { range: a.range }), (d: DiffData) => d.markdown),
});
