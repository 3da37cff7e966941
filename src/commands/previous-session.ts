import { listDays, readDays } from '../memory/journal.js';
import type { Session, SessionBody } from '../memory/session.js';

/** Days with sessions read, newest first, looking for a branch's previous session. */
const MAX_DAYS = 14;

/**
 * The newest session of `branch` (undefined: a detached HEAD) up to `date`, reading at most
 * MAX_DAYS journal days back; null when there is none that near. Unreadable files are skipped
 * (the primer reports them).
 */
export function previousSessionOf(root: string, branch: string | undefined, date: string): Session | null {
  const days = listDays(root)
    .filter((d) => d <= date)
    .slice(-MAX_DAYS)
    .reverse();
  for (const day of days) {
    const found = readDays(root, [day]).sessions.reverse().find((s) => s.branch === branch);
    if (found) return found;
  }
  return null;
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
