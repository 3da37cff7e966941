import { closeSync, constants, openSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { DATE_RE } from '../clock.js';
import { JOURNAL_DIR } from '../paths.js';
import { parseDay } from './day-view.js';
import { CorruptFileError } from './frontmatter.js';
import { parseSession, type Session } from './session.js';
import type { SessionCache } from './session-cache.js';
import { byCodeUnit } from '../order.js';
import { namesOrNone } from '../fs/read-file.js';
import { symlinkMessage, symlinkOnPath } from '../worktree-path.js';

export interface JournalRead {
  sessions: Session[];
  /** Files that could not be parsed; they are skipped, never rewritten. */
  corrupt: CorruptFileError[];
}

/** A directory's entries with their types, or none when it cannot be read. */
function direntsOrNone(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Days that have journal entries (a session directory or a legacy day file), oldest first. */
export function listDays(root: string): string[] {
  const days = new Set<string>();
  for (const name of namesOrNone(join(root, JOURNAL_DIR))) {
    const day = name.endsWith('.md') ? name.slice(0, -3) : name;
    if (DATE_RE.test(day)) days.add(day);
  }
  return [...days].sort();
}

const byTime = (a: Session, b: Session) =>
  byCodeUnit(a.date, b.date) || byCodeUnit(a.time, b.time) || byCodeUnit(a.id, b.id);

/**
 * Reads every session of the given days (both layouts), oldest first. With `cache`, session files
 * unchanged since they were last parsed are taken from it (see session-cache.ts).
 */
export function readDays(root: string, days: readonly string[], cache?: SessionCache): JournalRead {
  const sessions: Session[] = [];
  const corrupt: CorruptFileError[] = [];
  const journal = join(root, JOURNAL_DIR);
  const read = (rel: string, parse: (text: string, rel: string) => Session | Session[]) => {
    const abs = join(root, rel);
    const kept = cache && parse === parseSession ? cache.get(abs, rel) : null;
    if (kept?.session) {
      sessions.push(kept.session);
      return;
    }
    let text: string;
    try {
      // O_NOFOLLOW: a journal file that is a link is not read (it could point anywhere).
      const fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW);
      try {
        text = readFileSync(fd, 'utf8');
      } finally {
        closeSync(fd);
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ELOOP') corrupt.push(new CorruptFileError(rel, 'is a symbolic link; skipped', 'a regular file'));
      return;
    }
    try {
      const got = parse(text, rel);
      sessions.push(...(Array.isArray(got) ? got : [got]));
      if (kept?.identity && !Array.isArray(got)) cache!.put(rel, kept.identity, got);
    } catch (e) {
      if (e instanceof CorruptFileError) corrupt.push(e);
      else throw e;
    }
  };
  // A linked memory directory, journal or day folder would bring in files from outside.
  const linked = (rel: string) => {
    const link = symlinkOnPath(root, rel);
    if (link) corrupt.push(new CorruptFileError(link.link, `${symlinkMessage(link)}; skipped`, 'a real directory'));
    return link !== null;
  };
  if (days.length && linked(JOURNAL_DIR)) return { sessions, corrupt };
  // One listing of the journal says which days have a folder or a legacy day file, and which of
  // them is a link (checked the long way then): no failed open or listing per day without sessions.
  const entries = new Map<string, Dirent>();
  if (days.length) for (const d of direntsOrNone(journal)) entries.set(d.name, d);
  for (const day of days) {
    if (entries.has(`${day}.md`)) read(`${JOURNAL_DIR}/${day}.md`, parseDay);
    const dir = entries.get(day);
    if (!dir || (!dir.isDirectory() && !dir.isSymbolicLink())) continue;
    if (dir.isSymbolicLink() && linked(`${JOURNAL_DIR}/${day}`)) continue;
    for (const name of namesOrNone(join(journal, day)).sort()) {
      if (name.endsWith('.md')) read(`${JOURNAL_DIR}/${day}/${name}`, parseSession);
    }
  }
  cache?.save();
  return { sessions: sessions.sort(byTime), corrupt };
}

/** Sessions of the days from `from` to `to` inclusive (YYYY-MM-DD), reading only those days. */
export function readWindow(root: string, from: string, to: string, cache?: SessionCache): JournalRead {
  // A window of a few weeks names its days; only a longer one lists the journal (a year of days).
  const DAY = 86_400_000;
  const span = (Date.parse(to) - Date.parse(from)) / DAY;
  const days =
    span >= 0 && span <= 31
      ? Array.from({ length: span + 1 }, (_, i) => new Date(Date.parse(from) + i * DAY).toISOString().slice(0, 10))
      : listDays(root).filter((d) => d >= from && d <= to);
  return readDays(root, days, cache);
}

/** The most recent day with at least one readable session, at or before `to`. */
export function readLatestDay(root: string, to: string, cache?: SessionCache): JournalRead {
  const days = listDays(root).filter((d) => d <= to);
  const corrupt: CorruptFileError[] = [];
  for (let i = days.length - 1; i >= 0; i--) {
    const got = readDays(root, [days[i]!], cache);
    corrupt.push(...got.corrupt);
    if (got.sessions.length) return { sessions: got.sessions, corrupt };
  }
  return { sessions: [], corrupt };
}
