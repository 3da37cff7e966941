import { NOW_ENV } from './paths.js';
import { UsageError } from './errors.js';

/** "Now", replaced by GIT_MEMORY_NOW (ISO 8601) for reproducible runs and tests. */
export function now(env: NodeJS.ProcessEnv = process.env): Date {
  const fixed = env[NOW_ENV];
  if (!fixed) return new Date();
  const d = new Date(fixed);
  if (Number.isNaN(d.getTime())) {
    throw new UsageError(`${NOW_ENV} is not an ISO 8601 date: ${JSON.stringify(fixed)}`, 'example: 2026-11-22T14:30:00');
  }
  return d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local calendar date, YYYY-MM-DD (the user's TZ, as git shows dates). */
export function localDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local time, HH:MM. */
export function localTime(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Local date-time with offset, e.g. 2026-11-22T14:30:05+01:00. */
export function localIso(d: Date): string {
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  const abs = Math.abs(off);
  return `${localDate(d)}T${localTime(d)}:${pad(d.getSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The local date `days - 1` days before `d`: the first day of a window of `days` days ending at d. */
export function windowStart(d: Date, days: number): string {
  const start = new Date(d.getFullYear(), d.getMonth(), d.getDate() - Math.max(0, days - 1));
  return localDate(start);
}

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A real calendar day written YYYY-MM-DD: not 2026-13-01 or 2026-02-30, which Date rolls over.
 * By its numbers, no Date made: every session file read asks it.
 */
export function isCalendarDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const y = Number(s.slice(0, 4));
  const m = Number(s.slice(5, 7));
  const d = Number(s.slice(8, 10));
  if (m < 1 || m > 12 || d < 1 || d > MONTH_DAYS[m - 1]!) return false;
  return m !== 2 || d < 29 || (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0));
}
