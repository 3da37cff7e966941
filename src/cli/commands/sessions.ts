import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import { wholeNumber } from '../number-option.js';
import type { SessionsData } from '../../commands/sessions.js';

interface Args extends GlobalArgs {
  branch?: string;
  agent?: string;
  since?: string;
  limit?: number;
}

const oneLine = (s: string, n: number) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

/** One line a session: when, agent, branch, commits, request; its id last, for `git memory show`. */
export function renderSessions(d: SessionsData): string {
  if (!d.sessions.length) return d.total ? `no session matches (${d.total} in the journal)\n` : 'no sessions in the journal yet\n';
  const lines = d.sessions.map((s) => {
    const commits = `${s.commits.length} commit${s.commits.length === 1 ? '' : 's'}`;
    return `${s.date} ${s.time}  ${s.agent}  ${s.branch ?? '-'}  ${commits}  ${oneLine(s.request || '(no request)', 70)}  ${s.id}`;
  });
  return `${lines.join('\n')}\n`;
}

export const sessionsCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'sessions',
  describe: 'List the sessions in the journal, newest first (date, agent, branch, commits, request)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .option('branch', { type: 'string', describe: 'Only sessions on this branch' })
      .option('agent', { type: 'string', describe: 'Only sessions of this agent (claude, codex, gemini, cursor, aider; a prefix matches)' })
      .option('since', { type: 'string', describe: 'Only sessions on or after this day: YYYY-MM-DD, or 7d, 2w back from today' })
      .option('limit', wholeNumber('limit', 'At most this many (the newest)'))
      .example('git memory sessions --branch main --since 7d', '')
      .example('git memory sessions --agent codex --json', '') as unknown as Argv<Args>,
  handler: (a) =>
    run(io, a, async (ctx) => (await import('../../commands/sessions.js')).sessions(ctx, { branch: a.branch, agent: a.agent, since: a.since, limit: a.limit }), renderSessions),
});
