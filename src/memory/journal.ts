import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { DATE_RE } from '../clock.js';
import { JOURNAL_DIR } from '../paths.js';
import { parseDay } from './day-view.js';
import { CorruptFileError } from './frontmatter.js';
import { byTime, parseSession, type Session } from './session.js';
import { namesOrNone } from '../fs/read-file.js';
import { symlinkMessage, symlinkOnPath } from '../worktree-path.js';

export interface JournalRead {
  sessions: Session[];
  /** Files that could not be parsed; they are skipped, never rewritten. */
  corrupt: CorruptFileError[];
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

/**
 * The sessions of one journal file, by its place: a session file (`journal/<date>/<name>.md`) holds
 * one; a day file (`journal/<date>.md`: the original per-day journal, or a day folded by `git memory
 * fold`) holds several. Every reader of the journal parses its files here.
 */
export function parseJournalFile(text: string, rel: string): Session[] {
  return isSessionFile(rel) ? [parseSession(text, rel)] : parseDay(text, rel);
}

/**
 * The most of a session file (`journal/<date>/<name>.md`) that is read: `end` writes at most 16 KB
 * (SESSION_MAX_BYTES) and `lint` flags more, but a file of megabytes (committed by hand) was parsed
 * whole at every session start, seconds of the agent's start. It is skipped, said as a file that
 * does not parse is. Sixteen times what `end` writes (a hand-edited file, a test's long line of
 * 100 KB): 1 MB let twenty such files of a day cost a cold start 2.5 s.
 */
export const SESSION_READ_MAX_BYTES = 256 * 1024;

/**
 * The most of a day file (`journal/<date>.md`: a folded day, or an original per-day journal) that is
 * read: a folded day holds a day's sessions, a few KB each (a thousand of them is 2 MB), and 8 MB of
 * small sessions cost every session start 2.5 s. A bigger one is skipped as an oversized session is.
 */
export const DAY_READ_MAX_BYTES = 2 * 1024 * 1024;

/** Why the journal file `rel` of `size` bytes is not read (a session or day file far over its cap), or null. */
export function oversizedJournalFile(rel: string, size: number): CorruptFileError | null {
  if (size <= SESSION_READ_MAX_BYTES) return null;
  if (isSessionFile(rel)) return new CorruptFileError(rel, `is ${size} bytes, far more than a session holds (end writes at most 16 KB); skipped`, 'a session file of at most 16 KB (`git memory lint` flags bigger ones)');
  if (size <= DAY_READ_MAX_BYTES) return null;
  return new CorruptFileError(rel, `is ${size} bytes, more than a day of sessions holds (at most ${DAY_READ_MAX_BYTES / 1024 / 1024} MB is read); skipped`, 'a day file of at most 2 MB (`git memory lint` flags bigger ones)');
}

/** Whether a journal path is a session file (in a day folder), not a day file. */
function isSessionFile(rel: string): boolean {
  const inJournal = rel.startsWith(`${JOURNAL_DIR}/`) ? rel.slice(JOURNAL_DIR.length + 1) : rel.split('/').slice(-2).join('/');
  return inJournal.includes('/');
}

/** Reads one journal file into `out` (a link is not read: it could point anywhere). */
export function readJournalFile(root: string, rel: string, parse: (text: string, rel: string) => Session | Session[], out: JournalRead): void {
  let text: string;
  try {
    // O_NOFOLLOW: a journal file that is a link is not read (it could point anywhere).
    const fd = openSync(join(root, rel), constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const big = oversizedJournalFile(rel, fstatSync(fd).size);
      if (big) {
        out.corrupt.push(big);
        return;
      }
      text = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') out.corrupt.push(new CorruptFileError(rel, 'is a symbolic link; skipped', 'a regular file'));
    return;
  }
  try {
    const got = parse(text, rel);
    out.sessions.push(...(Array.isArray(got) ? got : [got]));
  } catch (e) {
    if (e instanceof CorruptFileError) out.corrupt.push(e);
    else throw e;
  }
}

/** True (and noted in `out`) when `rel` is or lies behind a linked directory, which would bring in files from outside. */
function linked(root: string, rel: string, out: JournalRead): boolean {
  const link = symlinkOnPath(root, rel);
  if (link) out.corrupt.push(new CorruptFileError(link.link, `${symlinkMessage(link)}; skipped`, 'a real directory'));
  return link !== null;
}

/** A directory's entries with their types, or none when it cannot be read. */
export function direntsOrNone(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Reads every session of the given days (both layouts), oldest first. */
export function readDays(root: string, days: readonly string[]): JournalRead {
  const out: JournalRead = { sessions: [], corrupt: [] };
  const journal = join(root, JOURNAL_DIR);
  if (days.length && linked(root, JOURNAL_DIR, out)) return out;
  // One listing of the journal says which days have a folder or a legacy day file, and which of
  // them is a link (checked the long way then): no failed open or listing per day without sessions.
  const entries = new Map<string, Dirent>();
  if (days.length) for (const d of direntsOrNone(journal)) entries.set(d.name, d);
  for (const day of days) {
    if (entries.has(`${day}.md`)) readJournalFile(root, `${JOURNAL_DIR}/${day}.md`, parseDay, out);
    const dir = entries.get(day);
    if (!dir || (!dir.isDirectory() && !dir.isSymbolicLink())) continue;
    if (dir.isSymbolicLink() && linked(root, `${JOURNAL_DIR}/${day}`, out)) continue;
    for (const name of namesOrNone(join(journal, day)).sort()) {
      if (name.endsWith('.md')) readJournalFile(root, `${JOURNAL_DIR}/${day}/${name}`, parseSession, out);
    }
  }
  return { sessions: onceEach(out.sessions.sort(byTime)), corrupt: out.corrupt };
}

/**
 * Sessions sorted by byTime, each id once: a session file brought back beside the folded day that
 * holds it (a cherry-pick of the commit that wrote it, say) is one session, not two.
 */
export function onceEach(sorted: Session[]): Session[] {
  const seen = new Set<string>();
  return sorted.filter((s) => !seen.has(s.id) && !!seen.add(s.id));
}

/** What newestOfDay found. */
export interface DayTail {
  /** The newest session `wanted` accepts, or null. */
  newest: Session | null;
  /** Every readable session of the day at the time `minute` (HH:MM) given, whichever `wanted` accepts. */
  ofMinute: Session[];
}

/**
 * The newest session of `day` that `wanted` accepts (in byTime's order), reading as few files as
 * it can: session files are named by their time (HHMM-agent-suffix.md, see sessionPath), so they
 * are read newest name first, and reading stops at the first name of an earlier minute than both
 * the session found and `minute` (sessions of the same minute are all read: their order is by id).
 * A legacy day file is always read. Unreadable files are skipped.
 */
export function newestOfDay(root: string, day: string, wanted: (s: Session) => boolean, minute = '99:99'): DayTail {
  const out: JournalRead = { sessions: [], corrupt: [] };
  const ofMinute: Session[] = [];
  const seen = (s: Session) => {
    if (s.date === day && s.time === minute) ofMinute.push(s);
  };
  if (linked(root, JOURNAL_DIR, out)) return { newest: null, ofMinute };
  readJournalFile(root, `${JOURNAL_DIR}/${day}.md`, parseDay, out);
  out.sessions.forEach(seen);
  let best = out.sessions.filter(wanted).sort(byTime).pop() ?? null;
  if (!linked(root, `${JOURNAL_DIR}/${day}`, out)) {
    const names = namesOrNone(join(root, JOURNAL_DIR, day)).filter((n) => n.endsWith('.md')).sort().reverse();
    // Only when every name starts with a minute does the name order say the time order.
    const timed = names.every((n) => /^\d{4}-/.test(n));
    for (const name of names) {
      const at = `${name.slice(0, 2)}:${name.slice(2, 4)}`;
      if (best && timed && at < best.time && at < minute) break;
      out.sessions = [];
      readJournalFile(root, `${JOURNAL_DIR}/${day}/${name}`, parseSession, out);
      for (const s of out.sessions) {
        seen(s);
        if (wanted(s) && (!best || byTime(best, s) < 0)) best = s;
      }
    }
  }
  return { newest: best, ofMinute };
}

/**
 * Sessions of the days from `from` to `to` inclusive (YYYY-MM-DD), reading only those days (with
 * `read`: readDays, or a keptJournal).
 */
export function readWindow(root: string, from: string, to: string, read: (days: string[]) => JournalRead = (days) => readDays(root, days)): JournalRead {
  // A window of a few weeks names its days; only a longer one lists the journal (a year of days).
  const DAY = 86_400_000;
  const span = (Date.parse(to) - Date.parse(from)) / DAY;
  const days =
    span >= 0 && span <= 31
      ? Array.from({ length: span + 1 }, (_, i) => new Date(Date.parse(from) + i * DAY).toISOString().slice(0, 10))
      : listDays(root).filter((d) => d >= from && d <= to);
  return read(days);
}

/** The most recent day with at least one readable session, at or before `to` (with `read`, as readWindow). */
export function readLatestDay(root: string, to: string, read: (days: string[]) => JournalRead = (days) => readDays(root, days)): JournalRead {
  const days = listDays(root).filter((d) => d <= to);
  const corrupt: CorruptFileError[] = [];
  for (let i = days.length - 1; i >= 0; i--) {
    const got = read([days[i]!]);
    corrupt.push(...got.corrupt);
    if (got.sessions.length) return { sessions: got.sessions, corrupt };
  }
  return { sessions: [], corrupt };
}
