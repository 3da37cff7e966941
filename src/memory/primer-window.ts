import type { CorruptFileError } from './frontmatter.js';
import type { JournalRead } from './journal.js';
import { byTime, type Session } from './session.js';
import { withoutEmail } from '../linear.js';

/**
 * The primer's window read newest first, only as far as the primer can show (issue 28 item 3). A
 * team's journal holds a hundred sessions a day and more; the primer shows a dozen lines of recent
 * work, the facts of the newest sessions and each line of work's next steps. Reading every session
 * of the window and the two weeks before it (2,900 sessions at 50k a year) made the primer's cost
 * grow with the journal's density while what it shows did not. Here:
 *
 * - what the primer says of the whole window (how many sessions, by whom) and where each branch's
 *   newest next steps are comes from a small index per day (`DayIndex`), kept per worktree while the
 *   day's folder is unchanged (see journal-index.ts): no session of an unchanged day is read for it;
 * - sessions are taken newest first, a minute at a time (their order within a minute is by id), until
 *   the items they carry (completed, learned, decided) are READ_FACTOR times the primer's budget:
 *   older items could only be left out for the budget;
 * - and back to each branch's newest session with next steps that the primer shows (at most
 *   NEXT_STEP_BRANCHES with steps still open), with every session after it: a step a later session
 *   completed is not shown, so those are read too.
 */

/** What the primer needs of a day without reading its sessions. */
export interface DayIndex {
  /** Readable sessions. */
  sessions: number;
  /** Their authors in time order, each once. */
  authors: string[];
  /** Per branch ('' for none), the newest session with next steps, as `sortKey` gives it. */
  next: Record<string, string>;
  /** Its files that could not be read (such a day is read whole every time, and each is reported). */
  corrupt?: CorruptFileError[];
}

/** Where readNewest reads: the index of a day, and its sessions newest first a minute at a time. */
export interface NewestSource {
  /** Days with journal entries from `from` to `to` inclusive, oldest first. */
  days(from: string, to: string): string[];
  /**
   * The day's index; null where it cannot be made (its sessions are then read whole, as before).
   * `shown`: the day is of the window, whose sessions the primer shows (false: of the look-back
   * before it, read for its index, for a branch's next steps).
   */
  index(day: string, shown?: boolean): DayIndex | null;
  /** The day's sessions, newest minute first; each minute's sessions in time order (files that cannot be read: in its index). */
  minutes(day: string): Iterable<JournalRead>;
  /** Keeps the indexes made by index() since the last call (one write for all of them), where they are kept. */
  keep?(): void;
}

/**
 * A NewestSource over sessions already read whole (a revision's journal, read from git objects):
 * the primer then takes the same sessions from it as from the working tree.
 */
export function readSessions(days: Map<string, JournalRead>): NewestSource {
  return {
    days: (from, to) => [...days.keys()].filter((d) => d >= from && d <= to).sort(),
    index: (day) => {
      const read = days.get(day)!;
      return { ...indexOf(read.sessions), ...(read.corrupt.length ? { corrupt: read.corrupt } : {}) };
    },
    minutes: (day) => byMinute(days.get(day)!.sessions),
  };
}

/** Sessions grouped by minute, newest minute first, each in time order. */
export function byMinute(sessions: readonly Session[]): JournalRead[] {
  const groups = new Map<string, Session[]>();
  for (const s of [...sessions].sort(byTime)) {
    const at = `${s.date} ${s.time}`;
    const g = groups.get(at);
    if (g) g.push(s);
    else groups.set(at, [s]);
  }
  return [...groups.values()].reverse().map((g) => ({ sessions: g, corrupt: [] }));
}

/** A session's place in time order (byTime): date, time, id. */
export const sortKey = (s: Session) => `${s.date} ${s.time} ${s.id}`;

/** The index of one day's sessions (any order). */
export function indexOf(sessions: readonly Session[]): DayIndex {
  const sorted = [...sessions].sort(byTime);
  const authors = [...new Set(sorted.map((s) => s.author && withoutEmail(s.author)).filter((a): a is string => !!a))];
  const next: Record<string, string> = {};
  for (const s of sorted) if (s.next_steps.length) next[s.branch ?? ''] = sortKey(s);
  return { sessions: sessions.length, authors, next };
}

/** Items read past this many times the primer's budget could only be left out for it. */
export const READ_FACTOR = 3;
/** Characters a token, for counting what sessions read carry (as estimateTokens roughly counts prose). */
const CHARS_PER_TOKEN = 4;

export interface NewestRead {
  /** The window's sessions read, oldest first, and its files that could not be read. */
  window: JournalRead;
  /** Sessions before the window read (for a branch's next steps), oldest first. */
  earlier: Session[];
  /** Sessions in the whole window. */
  count: number;
  /** Authors of the whole window's sessions, oldest first, each once. */
  authors: string[];
  /** Session files read (and parsed or taken from what was kept) for this primer. */
  read: number;
}

/**
 * The window `from`..`to` and the look-back from `lookFrom`, read newest first as far as the primer
 * shows (see above). `maxTokens`: the primer's budget; `open(s, later)`: whether `s` still has next
 * steps none of the `later` sessions (newest first) completed; `branches`: how many branches' next
 * steps the primer shows. Null where a day has no index: the caller reads the window whole.
 */
export function readNewest(
  src: NewestSource,
  o: { from: string; to: string; lookFrom: string; maxTokens: number; branches: number; open: (s: Session, later: readonly Session[]) => boolean },
): NewestRead | null {
  const days = src.days(o.lookFrom, o.to);
  const indexes = new Map<string, DayIndex>();
  for (const day of days) {
    const ix = src.index(day, day >= o.from);
    if (!ix) {
      src.keep?.();
      return null;
    }
    indexes.set(day, ix);
  }
  src.keep?.();
  let count = 0;
  const authors = new Set<string>();
  const corrupt: CorruptFileError[] = [];
  for (const day of days) {
    if (day < o.from) continue;
    const ix = indexes.get(day)!;
    count += ix.sessions;
    for (const a of ix.authors) authors.add(a);
    corrupt.push(...(ix.corrupt ?? []));
  }
  // Each branch's newest session with next steps, newest first: the primer's candidates.
  const newestOf = new Map<string, string>();
  for (const day of days) for (const [branch, key] of Object.entries(indexes.get(day)!.next)) if (key > (newestOf.get(branch) ?? '')) newestOf.set(branch, key);
  const candidates = [...newestOf.values()].sort().reverse();

  const got: Session[] = []; // newest first
  let inWindow = 0; // how many of them (the newest) are of the window's days
  let chars = 0;
  const budget = o.maxTokens * CHARS_PER_TOKEN * READ_FACTOR;
  let next = 0; // candidates looked at
  let open = 0; // of them, with steps still open
  const pending = () => open < o.branches && next < candidates.length;
  for (const day of [...days].reverse()) {
    const ofWindow = day >= o.from;
    if ((!ofWindow || chars >= budget) && !pending()) break;
    for (const minute of src.minutes(day)) {
      if (ofWindow) corrupt.push(...minute.corrupt);
      const newestFirst = [...minute.sessions].reverse();
      got.push(...newestFirst);
      if (ofWindow) {
        inWindow = got.length;
        for (const s of newestFirst) for (const list of [s.completed, s.learned, s.decisions]) for (const t of list) chars += t.length;
      }
      const oldest = newestFirst.length ? sortKey(newestFirst[newestFirst.length - 1]!) : null;
      // The candidates now read: whether each still has open steps, against every later session.
      while (oldest !== null && pending() && candidates[next]! >= oldest) {
        const key = candidates[next++]!;
        const at = got.findIndex((s) => sortKey(s) === key);
        if (at >= 0 && o.open(got[at]!, got.slice(0, at))) open++;
      }
      if ((!ofWindow || chars >= budget) && !pending()) break;
    }
  }
  return {
    window: { sessions: got.slice(0, inWindow).reverse(), corrupt },
    earlier: got.slice(inWindow).reverse(),
    count,
    authors: [...authors],
    read: got.length,
  };
}
