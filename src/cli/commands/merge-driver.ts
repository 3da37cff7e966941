import type { Argv, CommandModule } from 'yargs';
import { EXIT } from '../../errors.js';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { MergeDriverData } from '../../commands/merge-driver.js';

interface Args extends GlobalArgs {
  base: string;
  ours: string;
  theirs: string;
  path?: string;
}

function render(d: MergeDriverData): string {
  if (d.method === 'text') return '';
  const both = [...new Set(d.decided.map((c) => c.id))];
  return both.length ? `git-memory: merged ${d.path} by task id; ${both.length} changed on both sides, newer change kept (${both.join(', ')})\n` : '';
}

/** The merge driver git runs for TASKS.md (registered by init); not for direct use. */
export const mergeDriverCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'merge-driver <base> <ours> <theirs> [path]',
  describe: false,
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('base', { type: 'string', demandOption: true, describe: '%O: the common ancestor' })
      .positional('ours', { type: 'string', demandOption: true, describe: '%A: our version; the result is written here' })
      .positional('theirs', { type: 'string', demandOption: true, describe: '%B: their version' })
      .positional('path', { type: 'string', describe: '%P: the path being merged' }),
  handler: (a) =>
    run(
      io,
      a,
      async (ctx) => {
        const r = await (await import('../../commands/merge-driver.js')).mergeDriver(ctx, { base: a.base, ours: a.ours, theirs: a.theirs, path: a.path });
        // git reports the conflict; the markers are in the file
        return { ...r, exit: r.data.conflicted ? EXIT.error : EXIT.ok };
      },
      render,
    ),
});
