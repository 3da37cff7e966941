import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { CommitData } from '../../commands/commit.js';

interface Args extends GlobalArgs {
  message?: string;
}

function render(d: CommitData): string {
  const left = d.leftToYou.map((p) => `${p} has changes of yours: git-memory leaves them for you to commit (git commit ${p})\n`).join('');
  if (!d.commit) return `nothing to commit: memory is up to date${d.leftToYou.length ? ', but' : ''}\n${left}`;
  return `committed memory as ${d.commit.sha.slice(0, 7)}:\n${d.commit.paths.map((p) => `  ${p}`).join('\n')}\n${left}`;
}

export const commitCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'commit',
  describe: 'Commit pending memory changes (e.g. sessions ended during a rebase); never touches your index',
  builder: (y: Argv<GlobalArgs>) => y.option('message', { alias: 'm', type: 'string', describe: 'Summary used in [commit] message' }),
  handler: (a) => run(io, a, async (ctx) => (await import('../../commands/commit.js')).commit(ctx, { message: a.message }), render),
});
