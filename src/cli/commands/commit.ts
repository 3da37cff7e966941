import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { CommitData } from '../../commands/commit.js';

interface Args extends GlobalArgs {
  message?: string;
}

/** "1 file not committed: …": what this command held back, first, so "up to date" never hides it. */
function notCommitted(left: string[]): string {
  if (!left.length) return '';
  const n = left.length === 1 ? '1 file' : `${left.length} files`;
  return `${n} not committed: ${left.join(', ')} (changes of yours: git-memory leaves ${left.length === 1 ? 'it' : 'them'} for you to commit: git commit ${left.join(' ')})\n`;
}

function render(d: CommitData): string {
  if (!d.commit) return d.leftToYou.length ? notCommitted(d.leftToYou) : 'nothing to commit: memory is up to date\n';
  return `committed memory as ${d.commit.sha.slice(0, 7)}:\n${d.commit.paths.map((p) => `  ${p}`).join('\n')}\n${notCommitted(d.leftToYou)}`;
}

export const commitCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'commit',
  describe: 'Commit pending memory changes (e.g. sessions ended during a rebase); never touches your index',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .option('message', { alias: 'm', type: 'string', describe: 'Summary used in [commit] message' })
      .example('git memory commit', 'after a rebase: commit the sessions it held back')
      .example('git memory commit -m "notes from the review"', 'with a summary of your own'),
  handler: (a) => run(io, a, async (ctx) => (await import('../../commands/commit.js')).commit(ctx, { message: a.message }), render),
});
