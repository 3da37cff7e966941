import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord, readState, writeState } from '../fs/state.js';
import { namesOrNone } from '../fs/read-file.js';
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

interface Kept {
  v: 1;
  days: Record<string, KeptDay>;
}

/** Days further back than this from today are dropped from the file (the primer looks back ~3 weeks). */
const KEEP_DAYS = 45;
const DAY_MS = 86_400_000;

const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isSession = (s: unknown): s is Session =>
  isRecord(s) &&
  ['id', 'date', 'time', 'agent', 'request'].every((k) => typeof s[k] === 'string') &&
  ['learned', 'decisions', 'completed', 'next_steps', 'notes'].every((k) => strings(s[k])) &&
  Array.isArray(s.commits) &&
  s.commits.every((c) => isRecord(c) && typeof c.sha === 'string' && typeof c.subject === 'string');
const isKept = (v: unknown): v is Kept =>
  isRecord(v) && v.v === 1 && isRecord(v.days) && Object.values(v.days).every((d) => isRecord(d) && typeof d.stamp === 'string' && Array.isArray(d.sessions) && d.sessions.every(isSession));

/** Each journal file of `day` (the legacy day file, then the folder's) with its inode, size and modification time. */
function stampOf(root: string, day: string): string {
  const journal = join(root, JOURNAL_DIR);
  const stat = (path: string) => {
    try {
      const st = lstatSync(path);
      return `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      return '-';
    }
  };
  const files = [`${day}.md=${stat(join(journal, `${day}.md`))}`];
  for (const name of namesOrNone(join(journal, day)).sort()) if (name.endsWith('.md')) files.push(`${name}=${stat(join(journal, day, name))}`);
  return files.join('/');
}

/** The kept file as read once per process and state directory (end reads the window and the look-back). */
const loaded = new Map<string, Kept>();

/**
 * readDays for the days of a primer window, past days from the kept file where their files did not
 * change (see above). `today`: this day and later ones are always read.
 */
export function readDaysKept(root: string, stateDir: string, days: readonly string[], today: string): JournalRead {
  // A linked journal folder: readDays reports it.
  if (symlinkOnPath(root, JOURNAL_DIR)) return readDays(root, days);
  let kept = loaded.get(stateDir);
  if (!kept) {
    kept = readState(stateDir, KEPT_DAYS_FILE, isKept) ?? { v: 1, days: {} };
    loaded.set(stateDir, kept);
  }
  const sessions: Session[] = [];
  const corrupt: JournalRead['corrupt'] = [];
  let changed = false;
  for (const day of days) {
    const keepable = day < today && !symlinkOnPath(root, `${JOURNAL_DIR}/${day}`);
    const stamp = keepable ? stampOf(root, day) : '';
    const hit = keepable ? kept.days[day] : undefined;
    if (hit && hit.stamp === stamp) {
      sessions.push(...hit.sessions);
      continue;
    }
    const read = readDays(root, [day]);
    sessions.push(...read.sessions);
    corrupt.push(...read.corrupt);
    // Read again, it could have changed while it was read: kept only if it did not.
    if (keepable && !read.corrupt.length && stampOf(root, day) === stamp) {
      kept.days[day] = { stamp, sessions: read.sessions };
      changed = true;
    } else if (kept.days[day]) {
      delete kept.days[day];
      changed = true;
    }
  }
  const oldest = new Date(Date.parse(today) - KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);
  for (const day of Object.keys(kept.days)) {
    if (day < oldest) {
      delete kept.days[day];
      changed = true;
    }
  }
  if (changed) {
    try {
      writeState(stateDir, KEPT_DAYS_FILE, kept);
    } catch {
      /* only saves work: read again next time */
    }
  }
  return { sessions: sessions.sort(byTime), corrupt };
}
