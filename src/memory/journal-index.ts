import { lstatSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { DATE_RE } from '../clock.js';
import { isRecord, readState, writeState } from '../fs/state.js';
import { JOURNAL_DIR, JOURNAL_INDEX_FILE } from '../paths.js';
import { symlinkOnPath } from '../worktree-path.js';
import { direntsOrNone, type JournalRead } from './journal.js';
import { byMinute, indexOf, type DayIndex, type NewestSource } from './primer-window.js';

/**
 * The worktree's journal for readNewest: each day's index (sessions, authors, each branch's newest
 * next steps) kept in the state directory while the day's folder is unchanged; only the days the
 * primer reads sessions of are read (through keptJournal).
 *
 * A day's folder changes (its modification and change times, its inode) whenever a session file is
 * added, removed or replaced in it: `end` writes one by rename, git checks files out by creating
 * them anew. That is one lstat per day instead of one per session file. What it does not see is a
 * session file edited in place, by hand: the sessions the primer shows are read from the files
 * themselves, so such an edit shows at once; only the day's index (who wrote its sessions, which of
 * them have next steps) follows it when the folder next changes. An index is kept only for a
 * folder that had not changed for `settleMs` when it was made (a change in the same tick of the
 * clock might not show in the stamp), and never for a day with a file that cannot be read (read
 * again, and reported, each time, as before).
 */

interface KeptIndex {
  v: number;
  days: Record<string, { stamp: string; index: DayIndex }>;
}

const VERSION = 1;
const SETTLE_MS = 2000;
/** Days further back than this from today are not kept (the primer looks back ~3 weeks). */
const KEEP_DAYS = 45;
const DAY_MS = 86_400_000;

const isIndex = (v: unknown): v is DayIndex =>
  isRecord(v) && typeof v.sessions === 'number' && Array.isArray(v.authors) && v.authors.every((a) => typeof a === 'string') && isRecord(v.next) && Object.values(v.next).every((k) => typeof k === 'string');
const isKept = (v: unknown): v is KeptIndex => isRecord(v) && v.v === VERSION && isRecord(v.days) && Object.values(v.days).every((d) => isRecord(d) && typeof d.stamp === 'string' && isIndex(d.index));

/** A path's inode, modification and change times, and whether it last changed over `settleMs` ago; null when it is not there. */
function stampOf(path: string, settleMs: number): { stamp: string; settled: boolean } | null {
  const st = lstatSync(path, { bigint: true, throwIfNoEntry: false });
  if (!st) return null;
  return { stamp: `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`, settled: Number(st.ctimeMs) <= Date.now() - settleMs };
}

/**
 * The journal at `root` for readNewest, with the indexes kept in `stateDir`; `readWhole(days)` reads
 * whole days (keptJournal: each file's sessions kept while it is unchanged). `today` dates the
 * indexes dropped. Null where the journal folder is a link (the whole read reports it). `unkept(day)`
 * is told of each day read whole for its index that is not kept (its folder changed too lately, a
 * file could not be read, it is older than the indexes kept): only its files say it is unchanged.
 */
export function journalIndex(root: string, stateDir: string, today: string, readWhole: (days: string[], keep?: boolean) => JournalRead, settleMs = SETTLE_MS, unkept?: (day: string) => void): NewestSource | null {
  if (symlinkOnPath(root, JOURNAL_DIR)) return null;
  const journal = join(root, JOURNAL_DIR);
  let listing: Map<string, Dirent> | null = null;
  const entries = () => (listing ??= new Map(direntsOrNone(journal).map((d) => [d.name, d])));
  let kept: KeptIndex | null = null;
  /** Whether `kept` holds days not yet written (keep() writes them). */
  let changed = false;
  const keptNow = () => (kept ??= readState(stateDir, JOURNAL_INDEX_FILE, isKept) ?? { v: VERSION, days: {} });
  /** Days read whole for their index in this run: their sessions are not read again (but those not kept, below). */
  const whole = new Map<string, JournalRead>();
  /** Of them, days of the look-back read without keeping their sessions. */
  const notKept = new Set<string>();
  const oldest = new Date(Date.parse(today) - KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);

  const stampOfDay = (day: string): { stamp: string; settled: boolean } | null => {
    const dir = entries().get(day);
    const legacy = entries().has(`${day}.md`);
    const parts = [dir?.isDirectory() ? stampOf(`${journal}/${day}`, settleMs) : null, legacy ? stampOf(`${journal}/${day}.md`, settleMs) : null];
    if ((dir?.isDirectory() && !parts[0]) || (legacy && !parts[1])) return null;
    return { stamp: parts.map((p) => p?.stamp ?? '-').join('|'), settled: parts.every((p) => !p || p.settled) };
  };

  return {
    days(from, to) {
      const days = new Set<string>();
      for (const name of entries().keys()) {
        const day = name.endsWith('.md') ? name.slice(0, -3) : name;
        if (DATE_RE.test(day) && day >= from && day <= to) days.add(day);
      }
      return [...days].sort();
    },
    index(day, shown = true) {
      // A linked day folder: the whole read reports it.
      if (entries().get(day)?.isSymbolicLink()) return null;
      const before = stampOfDay(day);
      const was = keptNow().days[day];
      if (before && was?.stamp === before.stamp) return was.index;
      // A day of the look-back only is read for its index: its sessions are not kept (keptJournal),
      // since the next primer takes its index from here and reads its sessions only for a branch's
      // next steps (a clone's first primer read 12 such days: 12 files written for nothing).
      const read = readWhole([day], shown);
      whole.set(day, read);
      if (!shown) notKept.add(day);
      const index = indexOf(read.sessions);
      if (read.corrupt.length) index.corrupt = read.corrupt;
      const after = stampOfDay(day);
      if (before?.settled && after?.stamp === before.stamp && !read.corrupt.length && day >= oldest) {
        const days = Object.fromEntries(Object.entries(keptNow().days).filter(([d]) => d >= oldest));
        kept = { v: VERSION, days: { ...days, [day]: { stamp: before.stamp, index } } };
        changed = true;
      } else unkept?.(day);
      return index;
    },
    // Once for all the days indexed anew: written after each, the file was written and renamed over
    // itself once a day of the window (~30 writes and renames in a clone's first primer, 30-50 ms).
    keep() {
      if (!changed || !kept) return;
      changed = false;
      try {
        writeState(stateDir, JOURNAL_INDEX_FILE, kept);
      } catch {
        /* only saves work: made again next time */
      }
    },
    // A day read is read whole, each file's sessions kept while it is unchanged (keptJournal): a day's
    // file names need not say its sessions' order, and what was parsed once is not parsed again.
    // Its unreadable files are in its index (made from this very read, or kept without any). A
    // look-back day read for its index whose sessions are wanted after all (a branch's next steps
    // the primer shows) is read again to be kept: a kept day is written as its files are read
    // (keptJournal trusts a file by the kept day's change time), not later.
    minutes: (day) => byMinute(((notKept.has(day) ? null : whole.get(day)) ?? readWhole([day])).sessions),
  };
}
