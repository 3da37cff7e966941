import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { ShowData } from '../../commands/show.js';

interface Args extends GlobalArgs {
  session?: string;
}

const section = (title: string, items: string[]) => (items.length ? [`### ${title}`, ...items.map((i) => `- ${i}`), ''] : []);

/** The session as its file reads, with each commit's files under it. */
export function renderShow(d: ShowData): string {
  const s = d.session;
  const head = [`${s.date} ${s.time}  ${s.agent}${s.branch ? `  on ${s.branch}` : ''}${s.author ? `  by ${s.author}` : ''}`, `session ${s.id}${s.file ? `  (${s.file})` : ''}`, ''];
  const commits = d.commits.length
    ? ['### Commits', ...d.commits.flatMap((c) => [`- ${c.sha} ${c.subject}${c.missing ? '  (not in this clone)' : ''}`, ...c.files.map((f) => `    ${f}`)]), '']
    : [];
  const lines = [
    ...head,
    '### Request',
    s.request || '(none)',
    '',
    ...section('Learned', s.learned),
    ...section('Decisions', s.decisions),
    ...section('Completed', s.completed),
    ...section('Next steps', s.next_steps),
    ...section('Notes', s.notes),
    ...commits,
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

export const showCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'show [session]',
  describe: 'Show one session with its commits and the files they changed',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('session', { type: 'string', describe: 'Its id (or a part only it has), its file, or "latest" (the default)' })
      .example('git memory show', 'the newest session')
      .example('git memory show k3f9ab --json', '') as unknown as Argv<Args>,
  handler: (a) => run(io, a, async (ctx) => (await import('../../commands/show.js')).show(ctx, { session: a.session }), renderShow),
});
