import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../fs/atomic.js';
import { isRecord } from '../fs/state.js';
import { namesOrNone, readTextOrNull } from '../fs/read-file.js';
import { JOURNAL_DIR, KEPT_DAYS_FILE } from '../paths.js';
import { symlinkOnPath } from '../worktree-path.js';
import { parseDay } from './day-view.js';
import { byTime, readDays, readJournalFile, type JournalRead } from './journal.js';
import { parseSession, type Session } from './session.js';

/**
 * The parsed sessions of journal files, kept in the state directory. `end` rebuilds the primer
 * after every session, and the primer reads its window of days and two weeks before it (the next
 * steps of branches merged in): at tens of sessions a day, reading and parsing those files again
 * at every `end` is most of its work that grows with the journal. A file's sessions are taken from
 * the kept file while it has the same inode, size and modification time (a file added, replaced by
 * git or edited is read again); a file that cannot be read is read (and reported) every time, and
 * a linked day folder is read as readDays reads it.
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

/**
 * The file: a version line, then one JSON line per day beginning `{"day":"YYYY-MM-DD"`, so a
 * process parses only the days it asks for and writes the others back as they were.
 */
const VERSION = '{"v":2}';
const DAY_LINE = /^\{"day":"(\d{4}-\d{2}-\d{2})",/;

/** Days further back than this from today are neither kept nor left in the file (the primer looks back ~3 weeks). */
const KEEP_DAYS = 45;
const DAY_MS = 86_400_000;

// The file is ours (another version has another first line): the check is of its shape, cheaply.
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
const isKeptDay = (v: unknown): v is KeptDay => isRecord(v) && Array.isArray(v.files) && v.files.every(isKeptFile);

/** The kept days as lines, and each day's parsed value once asked for (null: damaged). */
interface Kept {
  lines: Map<string, string>;
  parsed: Map<string, KeptDay | null>;
}

function load(stateDir: string): Kept {
  const lines = new Map<string, string>();
  const text = readTextOrNull(join(stateDir, KEPT_DAYS_FILE));
  const all = text?.split('\n') ?? [];
  if (all[0] === VERSION) {
    for (const line of all.slice(1)) {
      const day = DAY_LINE.exec(line)?.[1];
      if (day) lines.set(day, line);
    }
  }
  return { lines, parsed: new Map() };
}

function keptDay(kept: Kept, day: string): KeptDay | null {
  if (!kept.parsed.has(day)) {
    let v: unknown = null;
    try {
      v = JSON.parse(kept.lines.get(day) ?? 'null');
    } catch {
      /* a torn line counts as none */
    }
    kept.parsed.set(day, isRecord(v) && isKeptDay(v) ? v : null);
  }
  return kept.parsed.get(day)!;
}

/** A file's inode, size and modification time; null when it is not there. A missing file answers without an exception. */
function stampOf(path: string): string | null {
  const st = lstatSync(path, { throwIfNoEntry: false });
  return st ? `${st.ino}:${st.size}:${st.mtimeMs}` : null;
}

/**
 * readDays for the days of a primer window, each file's sessions from the kept file where it did
 * not change (see above). `today` dates the days dropped from the file. The file is read once,
 * when first asked (the primer asks for its window, then for the two weeks before).
 */
export function keptJournal(root: string, stateDir: string, today: string): (days: readonly string[]) => JournalRead {
  let kept: Kept | undefined;
  return (days) => {
    // A linked journal folder: readDays reports it.
    if (symlinkOnPath(root, JOURNAL_DIR)) return readDays(root, days);
    kept ??= load(stateDir);
    return readKept(root, stateDir, kept, days, today);
  };
}

function readKept(root: string, stateDir: string, kept: Kept, days: readonly string[], today: string): JournalRead {
  const out: JournalRead = { sessions: [], corrupt: [] };
  const oldest = new Date(Date.parse(today) - KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);
  let changed = false;
  for (const day of days) {
    // (The folders above it were looked at by keptJournal.) A linked day folder: readDays reports it.
    if (day < oldest || lstatSync(join(root, JOURNAL_DIR, day), { throwIfNoEntry: false })?.isSymbolicLink()) {
      const read = readDays(root, [day]);
      out.sessions.push(...read.sessions);
      out.corrupt.push(...read.corrupt);
      continue;
    }
    const before = kept.lines.has(day) ? keptDay(kept, day) : null;
    const was = new Map(before?.files.map((f) => [f.name, f]));
    const files: KeptFile[] = [];
    // As readDays reads them: the legacy day file, then the folder's files by name.
    for (const name of ['', ...namesOrNone(join(root, JOURNAL_DIR, day)).filter((n) => n.endsWith('.md')).sort()]) {
      const rel = name ? `${JOURNAL_DIR}/${day}/${name}` : `${JOURNAL_DIR}/${day}.md`;
      const stamp = stampOf(join(root, rel));
      if (stamp === null) continue;
      const hit = was.get(name);
      if (hit?.stamp === stamp) {
        files.push(hit);
        out.sessions.push(...hit.sessions);
        continue;
      }
      const read: JournalRead = { sessions: [], corrupt: [] };
      readJournalFile(root, rel, name ? parseSession : parseDay, read);
      out.sessions.push(...read.sessions);
      out.corrupt.push(...read.corrupt);
      // Stamped again: a file that changed while it was read is not kept.
      if (!read.corrupt.length && stampOf(join(root, rel)) === stamp) files.push({ name, stamp, sessions: read.sessions });
    }
    const same = before !== null && before.files.length === files.length && before.files.every((f, i) => f === files[i]);
    if (same) continue;
    const value: KeptDay = { files };
    kept.lines.set(day, `{"day":${JSON.stringify(day)},${JSON.stringify(value).slice(1)}`);
    kept.parsed.set(day, value);
    changed = true;
  }
  for (const day of kept.lines.keys()) {
    if (day < oldest) {
      kept.lines.delete(day);
      changed = true;
    }
  }
  if (changed) {
    try {
      const lines = [...kept.lines.keys()].sort().map((d) => kept.lines.get(d)!);
      writeAtomic(stateDir, join(stateDir, KEPT_DAYS_FILE), `${[VERSION, ...lines].join('\n')}\n`, { durable: false });
    } catch {
      /* only saves work: read again next time */
    }
  }
  return { sessions: out.sessions.sort(byTime), corrupt: out.corrupt };
}
