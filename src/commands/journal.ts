import { isCalendarDate, localDate } from '../clock.js';
import { UsageError } from '../errors.js';
import { renderDay } from '../memory/day-view.js';
import { listDays, readDays } from '../memory/journal.js';
import type { Session } from '../memory/session.js';
import { redactQuickDeep } from '../safety/redact-deep.js';
import { open, type Ctx, type Result } from './context.js';

export interface JournalData {
  date: string | null;
  markdown: string;
  sessions: Omit<Session, 'path'>[];
  days?: { date: string; sessions: number }[];
}

/** Renders a day of the journal in the per-day shape, or lists the days with `list`. */
export async function journal(ctx: Ctx, opts: { date?: string; list?: boolean }): Promise<Result<JournalData>> {
  const o = open(ctx);
  if (opts.list) {
    const days = listDays(o.repo.root).map((d) => ({ date: d, sessions: readDays(o.repo.root, [d]).sessions.length }));
    const markdown = days.map((d) => `${d.date}  ${d.sessions}`).join('\n');
    return { data: { date: null, markdown: markdown ? `${markdown}\n` : '', sessions: [], days }, warnings: o.warnings };
  }
  const date = opts.date === undefined || opts.date === 'today' ? localDate(o.now) : opts.date;
  if (!isCalendarDate(date)) {
    throw new UsageError(`not a date: ${JSON.stringify(opts.date)}`, 'use YYYY-MM-DD, e.g. git memory journal 2026-11-22');
  }
  const read = readDays(o.repo.root, [date]);
  const warnings = [...o.warnings, ...read.corrupt.map((c) => `skipped ${c.message}`)];
  // The day as the primer shows memory: a secret committed past the scan (`--no-verify`) redacted (stop 54).
  const sessions = redactQuickDeep(read.sessions);
  return {
    data: {
      date,
      markdown: renderDay(date, sessions, o.config.journal.language),
      sessions: sessions.map(({ path: _p, ...s }) => s),
    },
    warnings,
  };
}
