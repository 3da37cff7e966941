import { dreamtThrough } from '../../memory/long-term.js';
import { factsOf, heldIn } from '../../memory/retired-facts.js';
import type { Session } from '../../memory/session.js';
import type { MemorySource } from './memory-source.js';

/** A legacy per-day journal file (`journal/2026-11-20.md`): a tree holding it may not hold every session it has now. */
const DAY_FILE = /\/\d{4}-\d{2}-\d{2}\.md$/;

/**
 * The window's sessions as MEMORY.md judges them now. For a session a dream took in (its id named
 * in the file's `dreamt through`, or its file in the tree of a commit named there), MEMORY.md as it
 * is decides: its learned items and decisions are kept only where the file still holds them. So a
 * line deleted by hand, a fact the dream superseded or left out, is out of the primer at once, not
 * at the next dream. Sessions not dreamt yet keep everything. One git call at most, and only when a
 * session of the window says a fact MEMORY.md does not hold.
 */
export async function judgedWindow(src: MemorySource, longTerm: string | null, sessions: Session[]): Promise<Session[]> {
  const through = longTerm ? dreamtThrough(longTerm) : undefined;
  if (!longTerm || !through) return sessions;
  const { live } = factsOf(longTerm);
  const held = heldIn(live);
  const asked = sessions.filter((s) => s.learned.some((t) => !held(t)) || s.decisions.some((t) => !held(t)));
  if (!asked.length) return sessions;
  const taken = new Set(through.sessions);
  const paths = asked.filter((s) => !taken.has(s.id) && s.path && !DAY_FILE.test(s.path)).map((s) => s.path!);
  const inTree = paths.length ? await src.inTrees(through.commits, paths) : new Set<string>();
  const judged = new Set(asked.filter((s) => taken.has(s.id) || (s.path && inTree.has(s.path))).map((s) => s.id));
  if (!judged.size) return sessions;
  return sessions.map((s) => (judged.has(s.id) ? { ...s, learned: s.learned.filter(held), decisions: s.decisions.filter(held) } : s));
}
