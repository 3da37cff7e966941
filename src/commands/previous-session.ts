import { newestOfDay } from '../memory/journal.js';
import { placeInMinute, type Session, type SessionBody } from '../memory/session.js';

/**
 * The newest session of `branch` (undefined: a detached HEAD) on `date`, or null; and the place in
 * its minute of a session written now, at `time` (see sessionSuffix): after every session of that
 * minute already in the journal, whichever its branch. Only that day: a repeat is an `end` run
 * twice in a row (an agent retrying, a hook and the agent both ending); the same words on another
 * day are a new session. Unreadable files are skipped (the primer reports them). Reads the day
 * newest first, only as far as it must (a day may hold hundreds).
 */
export function previousSessionOf(root: string, branch: string | undefined, date: string, time: string): { previous: Session | null; place: number } {
  const tail = newestOfDay(root, date, (s) => s.branch === branch, time);
  return { previous: tail.newest, place: 1 + Math.max(0, ...tail.ofMinute.map((s) => placeInMinute(s.id))) };
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Whether `next` tells nothing `prev` does not: the same request and lists, and no commit `prev`
 * does not list (an `end` repeated after the first one took the recorded commits). Both are read
 * back from their serialized form, so they compare as written.
 */
export function sameSession(prev: SessionBody, next: SessionBody): boolean {
  const lists = ['learned', 'decisions', 'completed', 'next_steps', 'notes'] as const;
  return (
    prev.request === next.request &&
    lists.every((k) => same(prev[k], next[k])) &&
    next.commits.every((c) => prev.commits.some((p) => p.sha === c.sha))
  );
}
