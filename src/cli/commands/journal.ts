import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { JournalData } from '../../commands/journal.js';

interface Args extends GlobalArgs {
  date?: string;
  list?: boolean;
}

/** The day, or what there is to say when there is nothing to show. */
function render(d: JournalData): string {
  if (d.days) return d.days.length ? d.markdown : 'no sessions in the journal yet\n';
  return d.sessions.length ? d.markdown : `no sessions on ${d.date}; \`git memory journal --list\` shows the days that have some\n`;
}

export const journalCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'journal [date]',
  describe: 'Show a day of the journal (default today) in the per-day shape',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('date', { type: 'string', describe: 'YYYY-MM-DD or "today"' })
      .option('list', { type: 'boolean', describe: 'List the days that have sessions, with counts' })
      .example('git memory journal 2026-11-22', ''),
  handler: (a) => run(io, a, async (ctx) => (await import('../../commands/journal.js')).journal(ctx, { date: a.date, list: a.list }), render),
});
