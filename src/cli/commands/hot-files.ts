import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import { SESSION_SOURCE_OPTIONS } from '../options/session.js';
import { renderHotFiles } from '../render/compact.js';

interface Args extends GlobalArgs {
  session?: string;
  transcript?: string;
  explain?: boolean;
}

export const hotFilesCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'hot-files',
  describe: 'The files to keep at hand after a compaction, scored from the session and git',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .options(SESSION_SOURCE_OPTIONS)
      .option('explain', { type: 'boolean', describe: 'Show each factor of each score' })
      .example('git memory hot-files --explain', 'the latest session, with the factors')
      .epilog(
        "Score (seed 004): recency 35% (within the session: halving every 20 tool calls since the file's last touch; otherwise 100 within the hour, " +
          '90 within 6 h, 75 within 24 h, then decaying), frequency 25%, operation 20% (a write or edit > a read, last-change bonus), file type 15%, ' +
          'project relevance 5%; over the files the session touched and, below them, git\'s uncommitted ' +
          'and recent changes. Files that no longer exist are skipped. At most 20 files, 8,192 tokens a file, 32,768 in all.',
      ) as unknown as Argv<Args>,
  handler: (a) =>
    run(io, a, async (ctx) => (await import('../../commands/hot-files.js')).hotFiles(ctx, { session: a.session, transcript: a.transcript }), (d) => renderHotFiles(d, !!a.explain)),
});
