import { isCalendarDate, localDate } from '../clock.js';
import { redactQuickDeep } from '../safety/redact-deep.js';
import { UsageError } from '../errors.js';
import { open, type Ctx, type Result } from './context.js';
import { allSessions, sessionView, skippedWarnings, type SessionView } from './steps/all-sessions.js';

export interface SessionsOptions {
  branch?: string;
  /** An agent name as `init` takes it (claude) or as sessions record it (claude-code); a prefix matches. */
  agent?: string;
  /** YYYY-MM-DD, or a number of days back: `7d`, `2w`. */
  since?: string;
  /** At most this many, the newest (default all). */
  limit?: number;
}

export interface SessionsData {
  sessions: SessionView[];
  /** Sessions in the journal before the filters. */
  total: number;
}

/** The first day `since` admits, as YYYY-MM-DD. */
export function sinceDate(since: string, now: Date): string {
  if (isCalendarDate(since)) return since;
  const m = /^(\d+)([dw])$/.exec(since.trim());
  if (!m) throw new UsageError(`--since: not a date or a number of days: ${JSON.stringify(since)}`, 'use YYYY-MM-DD, or 7d (days) or 2w (weeks)');
  const days = Number(m[1]) * (m[2] === 'w' ? 7 : 1);
  return localDate(new Date(now.getTime() - days * 86_400_000));
}

/** The sessions of the journal, newest first, filtered by branch, agent and first day. */
export async function sessions(ctx: Ctx, opts: SessionsOptions): Promise<Result<SessionsData>> {
  const o = open(ctx);
  if (opts.limit !== undefined && (!Number.isInteger(opts.limit) || opts.limit < 1)) throw new UsageError(`--limit must be a positive whole number, found ${opts.limit}`);
  const from = opts.since === undefined ? undefined : sinceDate(opts.since, o.now);
  const read = allSessions(o.repo.root);
  const agent = opts.agent?.toLowerCase();
  let got = read.sessions.filter(
    (s) => (opts.branch === undefined || s.branch === opts.branch) && (agent === undefined || s.agent.toLowerCase().startsWith(agent)) && (from === undefined || s.date >= from),
  );
  got = got.reverse();
  if (opts.limit !== undefined) got = got.slice(0, opts.limit);
  // As the primer shows memory: a secret committed past the scan (`--no-verify`) redacted (stop 53).
  return { data: redactQuickDeep({ sessions: got.map(sessionView), total: read.sessions.length }), warnings: [...o.warnings, ...skippedWarnings(read)] };
}
