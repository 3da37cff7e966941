import type { Argv, CommandModule } from 'yargs';
import type { FoldData } from '../../commands/fold.js';
import { run, type GlobalArgs, type Io } from '../io.js';

interface Args extends GlobalArgs {
  before?: string;
  'older-than-days'?: string;
  'dry-run'?: boolean;
}

/** What the fold did (or would do), for a person. */
export function renderFold(d: FoldData): string {
  const lines: string[] = [];
  const files = (n: number) => `${n} session file${n === 1 ? '' : 's'}`;
  const cutoff = `${d.before}${d.olderThanDays !== null ? ` (older than ${d.olderThanDays} day${d.olderThanDays === 1 ? '' : 's'})` : d.rule === 'week' ? ' (the Monday a week back: the journal is past its share of the index)' : ''}`;
  if (!d.days.length) lines.push(`nothing to fold: no committed session file is dated before ${cutoff}`);
  else {
    const what = `${files(d.folded)} of ${d.days.length} day${d.days.length === 1 ? '' : 's'} before ${cutoff}`;
    if (d.dryRun) lines.push(`would fold ${what} into one file a day (nothing written):`);
    else if (d.commit) lines.push(`folded ${what} into one file a day; committed memory as ${d.commit.sha.slice(0, 7)} (\`git show --stat ${d.commit.sha.slice(0, 7)}\` to review)`);
    else lines.push(`folded ${what}: nothing changed in HEAD`);
    for (const day of d.days) lines.push(`  ${day.path}  ${day.files.length} folded${day.sessions > day.files.length ? `, ${day.sessions} in all` : ''}`);
  }
  for (const s of d.skipped) lines.push(`left as it is: ${s.path} ${s.reason}`);
  return `${lines.join('\n')}\n`;
}

/** `--older-than-days` as given: a number when it is written as a whole number, else NaN (the command says what it takes). */
const days = (v: string | undefined): number | undefined => (v === undefined ? undefined : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN);

export const foldCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'fold',
  describe: 'Fold the session files of past months (or past days) into one file a day, in one memory commit (fewer files in git\'s index)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .option('before', { type: 'string', describe: 'Fold the sessions dated before this month (YYYY-MM; default: last month, so the last month and this one stay one file a session; the Monday a week back where the journal is more than 1.6% of git\'s index; [journal] fold_after_days when set)' })
      .option('older-than-days', { type: 'string', describe: 'Fold the sessions dated more than N days ago (N >= 1; default: [journal] fold_after_days when set). Recent days folded on two branches merge only through the merge driver' })
      .option('dry-run', { type: 'boolean', describe: 'Say what would be folded; write and commit nothing' })
      .example('git memory fold --dry-run', 'list the days that would be folded')
      .example('git memory fold --before 2026-07', 'fold June 2026 and earlier')
      .example('git memory fold --older-than-days 21', 'fold the sessions dated more than 21 days ago'),
  handler: (a) => run(io, a, async (ctx) => (await import('../../commands/fold.js')).fold(ctx, { before: a.before, olderThanDays: days(a['older-than-days']), dryRun: a['dry-run'] }), renderFold),
});
