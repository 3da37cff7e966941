import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../fs/atomic.js';
import { isRecord } from '../fs/state.js';
import { namesOrNone, readTextOrNull } from '../fs/read-file.js';
import { JOURNAL_DIR, KEPT_DAYS_FILE } from '../paths.js';
import { symlinkOnPath } from '../worktree-path.js';
import { byTime, readDays, type JournalRead } from './journal.js';
import type { Session } from './session.js';

/**
 * The parsed sessions of past journal days, kept in the state directory. `end` rebuilds the primer
 * after every session, and the primer reads its window of days and two weeks before it (the next
 * steps of branches merged in): at tens of sessions a day, reading and parsing those files again
 * at every `end` is most of its work that grows with the journal. A past day is taken from the
 * kept file while its folder lists the same files with the same inode, size and modification time
 * (a file added, removed, replaced by git or edited is read again, and the day with it); today, a
 * day with an unreadable file and a linked folder are always read, as readDays reads them.
 */

interface KeptDay {
  /** What the day's files were when read (see stampOf). */
  stamp: string;
  sessions: Session[];
}

/**
 * The file: a version line, then one JSON line per day beginning `{"day":"YYYY-MM-DD"`, so a
 * process parses only the days it asks for and writes the others back as they were.
 */
const VERSION = '{"v":1}';
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
const isKeptDay = (v: unknown): v is KeptDay => isRecord(v) && typeof v.stamp === 'string' && Array.isArray(v.sessions) && v.sessions.every(isSession);

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

/** Each journal file of `day` (the legacy day file, then the folder's) with its inode, size and modification time. */
function stampOf(root: string, day: string): string {
  const journal = join(root, JOURNAL_DIR);
  // A missing file answers without an exception (most days have no legacy day file).
  const stat = (path: string) => {
    const st = lstatSync(path, { throwIfNoEntry: false });
    return st ? `${st.ino}:${st.size}:${st.mtimeMs}` : '-';
  };
  const files = [`${day}.md=${stat(join(journal, `${day}.md`))}`];
  for (const name of namesOrNone(join(journal, day)).sort()) if (name.endsWith('.md')) files.push(`${name}=${stat(join(journal, day, name))}`);
  return files.join('/');
}

/**
 * readDays for the days of a primer window, past days from the kept file where their files did not
 * change (see above). `today`: this day and later ones are always read. The file is read once,
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
  const sessions: Session[] = [];
  const corrupt: JournalRead['corrupt'] = [];
  let changed = false;
  const oldest = new Date(Date.parse(today) - KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);
  for (const day of days) {
    // (The folders above it were looked at by keptJournal.)
    const keepable = day < today && day >= oldest && !lstatSync(join(root, JOURNAL_DIR, day), { throwIfNoEntry: false })?.isSymbolicLink();
    const stamp = keepable ? stampOf(root, day) : '';
    const hit = keepable && kept.lines.has(day) ? keptDay(kept, day) : null;
    if (hit && hit.stamp === stamp) {
      sessions.push(...hit.sessions);
      continue;
    }
    const read = readDays(root, [day]);
    sessions.push(...read.sessions);
    corrupt.push(...read.corrupt);
    // Stamped again: a day that changed while it was read is not kept.
    if (keepable && !read.corrupt.length && stampOf(root, day) === stamp) {
      const value: KeptDay = { stamp, sessions: read.sessions };
      kept.lines.set(day, `{"day":${JSON.stringify(day)},${JSON.stringify(value).slice(1)}`);
      kept.parsed.set(day, value);
      changed = true;
    } else if (kept.lines.delete(day)) {
      kept.parsed.delete(day);
      changed = true;
    }
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
  return { sessions: sessions.sort(byTime), corrupt };
}
