import { lstatSync, rmSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../fs/atomic.js';
import { isRecord } from '../fs/state.js';
import { namesOrNone, readTextOrNull } from '../fs/read-file.js';
import { JOURNAL_DIR, KEPT_DAYS_DIR } from '../paths.js';
import { symlinkOnPath } from '../worktree-path.js';
import { parseDay } from './day-view.js';
import { direntsOrNone, readDays, readJournalFile, type JournalRead } from './journal.js';
import { byTime, parseSession, type Session } from './session.js';

/**
 * The parsed sessions of journal files, kept in the state directory. The primer (at every session
 * start, and at every `end`) reads its window of days and two weeks before it (the next steps of
 * branches merged in): parsing those files again each time was a third of the primer's own work,
 * and at tens of sessions a day most of `end`'s work that grows with the journal. A file's sessions
 * are taken from the kept file while it has the same inode, size, modification and change time (a
 * file added, replaced by git or edited, even in place at the same size, is read again) and it
 * changed before that kept day was written, as its change time says, or over 2 s ago: a change in
 * the same tick of the clock as the kept day's writing might not show in the stamp (git's rule for
 * "racily clean" index entries); such a file is read again and its day written again, after which
 * it is trusted. A file that cannot be read is read (and reported) every time, and a linked day
 * folder is read as readDays reads it.
 */

/** One journal file as read: its name in the day's folder ('' for the legacy day file). */
interface KeptFile {
  name: string;
  /** Inode, size and modification time when read. */
  stamp: string;
  sessions: Session[];
}

interface KeptDay {
  files: KeptFile[];
}

/** Each day's file in the kept folder: `<day>.json`, so an `end` rewrites only the days that changed. */
const VERSION = 3;

/** Days further back than this from today are neither kept nor left in the folder (the primer looks back ~3 weeks). */
const KEEP_DAYS = 45;
const DAY_MS = 86_400_000;

// The file is ours (another version says so): the check is of its shape, cheaply.
const isSession = (s: unknown): s is Session =>
  isRecord(s) &&
  typeof s.id === 'string' &&
  typeof s.date === 'string' &&
  typeof s.time === 'string' &&
  typeof s.agent === 'string' &&
  typeof s.request === 'string' &&
  Array.isArray(s.learned) &&
  Array.isArray(s.decisions) &&
  Array.isArray(s.completed) &&
  Array.isArray(s.next_steps) &&
  Array.isArray(s.notes) &&
  Array.isArray(s.commits);
const isKeptFile = (f: unknown): f is KeptFile => isRecord(f) && typeof f.name === 'string' && typeof f.stamp === 'string' && Array.isArray(f.sessions) && f.sessions.every(isSession);
const isKeptDay = (v: unknown): v is KeptDay & { v: number } => isRecord(v) && v.v === VERSION && Array.isArray(v.files) && v.files.every(isKeptFile);

/**
 * A day as kept, with the kept file's change time (ns); null when missing, torn, of another version
 * or shape.
 */
function readKeptDay(folder: string, day: string): { day: KeptDay; ctimeNs: bigint } | null {
  const path = join(folder, `${day}.json`);
  const st = lstatSync(path, { bigint: true, throwIfNoEntry: false });
  const text = st && readTextOrNull(path);
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return isKeptDay(v) ? { day: v, ctimeNs: st.ctimeNs } : null;
  } catch {
    return null;
  }
}

/**
 * A file changed this long ago is trusted by its stamp alone. One changed more recently is trusted
 * only if it changed before the kept day was written (see readDay): git's answer to "racily clean"
 * index entries.
 */
const SETTLE_MS = 2000;

/** A file's inode, size, modification and change times (ns), and its change time; null when it is not there (without an exception). */
function stampOf(path: string): { stamp: string; ctimeNs: bigint; ctimeMs: number } | null {
  const st = lstatSync(path, { bigint: true, throwIfNoEntry: false });
  if (!st) return null;
  return { stamp: `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`, ctimeNs: st.ctimeNs, ctimeMs: Number(st.ctimeMs) };
}

/**
 * readDays for the days of a primer window, each file's sessions from the kept folder where it did
 * not change (see above). `today` dates the days dropped from the folder; `settleMs` (tests: 0) how
 * long ago a file must have last changed to be trusted whenever the kept day was written. The
 * reader's `keep` false: days read and not kept (what was kept of them is still used), for a read
 * the next one will not make (journal-index.ts: a look-back day read for its index).
 */
export function keptJournal(root: string, stateDir: string, today: string, settleMs = SETTLE_MS): (days: readonly string[], keep?: boolean) => JournalRead {
  const folder = join(stateDir, KEPT_DAYS_DIR);
  const oldest = new Date(Date.parse(today) - KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);
  let pruned = false;
  // The journal listed once for the reader's life (one primer's gathering, as journal-index.ts lists
  // it): the day index reads each day of a clone's first window by itself, and each read listed the
  // whole journal again (a year of day folders, 15 listings of 335 entries at the bench's size).
  let listing: Map<string, Dirent> | null = null;
  // Whether the journal folder is (under) a link, asked once for the reader's life too, as its
  // listing is: a clone's first primer asked it for each of the 17 days it read (~1 ms of path work).
  let linked: boolean | undefined;
  return (days, keep = true) => {
    // A linked journal folder: readDays reports it.
    if ((linked ??= !!symlinkOnPath(root, JOURNAL_DIR))) return readDays(root, days);
    if (!pruned) {
      pruned = true;
      for (const name of namesOrNone(folder)) if (name.slice(0, 10) < oldest) rmSync(join(folder, name), { force: true });
    }
    const out: JournalRead = { sessions: [], corrupt: [] };
    // One listing of the journal: a day with neither a folder nor a legacy file is passed over.
    const present = days.length ? (listing ??= new Map(direntsOrNone(join(root, JOURNAL_DIR)).map((d) => [d.name, d]))) : new Map<string, Dirent>();
    for (const day of days) {
      const dir = present.get(day);
      const legacy = present.has(`${day}.md`);
      if (!dir && !legacy) continue;
      const read = day < oldest || dir?.isSymbolicLink() ? readDays(root, [day]) : readDay(root, stateDir, folder, day, { dir: !!dir?.isDirectory(), legacy }, settleMs, keep);
      out.sessions.push(...read.sessions);
      out.corrupt.push(...read.corrupt);
    }
    return { sessions: out.sessions.sort(byTime), corrupt: out.corrupt };
  };
}

/**
 * One day's sessions, as readDays reads them (the legacy day file, then the folder's files by name).
 * `has`: what the journal's listing showed of the day (a linked folder never comes here: readDays
 * reports it). Paths are joined by hand: path.join's normalizing was a tenth of a primer's reading.
 */
function readDay(root: string, stateDir: string, folder: string, day: string, has: { dir: boolean; legacy: boolean }, settleMs: number, keep: boolean): JournalRead {
  const out: JournalRead = { sessions: [], corrupt: [] };
  const kept = readKeptDay(folder, day);
  const before = kept?.day ?? null;
  const was = new Map(before?.files.map((f) => [f.name, f]));
  const files: KeptFile[] = [];
  const dayDir = `${JOURNAL_DIR}/${day}`;
  const names = has.dir ? namesOrNone(`${root}/${dayDir}`).filter((n) => n.endsWith('.md')).sort() : [];
  const settledBefore = Date.now() - settleMs;
  for (const name of has.legacy ? ['', ...names] : names) {
    const rel = name ? `${dayDir}/${name}` : `${dayDir}.md`;
    const abs = `${root}/${rel}`;
    const now = stampOf(abs);
    if (now === null) continue;
    const stamp = now.stamp;
    const hit = was.get(name);
    // Same stamp, and changed before the kept day was written (a change after it, even within the
    // same tick of the clock, gives a later change time) or long enough ago: what was read then.
    if (hit?.stamp === stamp && (now.ctimeNs < kept!.ctimeNs || now.ctimeMs <= settledBefore)) {
      files.push(hit);
      out.sessions.push(...hit.sessions);
      continue;
    }
    const read: JournalRead = { sessions: [], corrupt: [] };
    readJournalFile(root, rel, name ? parseSession : parseDay, read);
    out.sessions.push(...read.sessions);
    out.corrupt.push(...read.corrupt);
    // Kept, and stamped again: a file that changed while it was read is not kept. Written again,
    // the kept day's change time then tells whether the file changed after it.
    if (!read.corrupt.length && stampOf(abs)?.stamp === stamp) files.push({ name, stamp, sessions: read.sessions });
  }
  const same = before !== null && before.files.length === files.length && before.files.every((f, i) => f === files[i]);
  if (!same && keep) {
    try {
      writeAtomic(stateDir, join(folder, `${day}.json`), `${JSON.stringify({ v: VERSION, files })}\n`, { durable: false });
    } catch {
      /* only saves work: read again next time */
    }
  }
  return out;
}
