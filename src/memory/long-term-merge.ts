import type { LongTermDoc, LongTermEntry } from './long-term.js';

/** Two lines are one entry when section and text agree (case and spacing aside). */
const keyOf = (e: LongTermEntry) => `${e.section}\0${e.text.toLowerCase().replace(/\s+/g, ' ').trim()}`;
const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
const later = (a?: string, b?: string) => ((a ?? '') >= (b ?? '') ? a : b);
const sameEntry = (a: LongTermEntry, b: LongTermEntry) => JSON.stringify(a) === JSON.stringify(b);

/** One entry both sides have: provenance joined, the later date (and its commit) kept. */
function joinEntry(a: LongTermEntry, b: LongTermEntry): LongTermEntry {
  const newer = (b.date ?? '') > (a.date ?? '') ? b : a;
  const out: LongTermEntry = { ...a, sessions: union(a.sessions, b.sessions), files: union(a.files, b.files) };
  const date = later(a.date, b.date);
  if (date) out.date = date;
  if (newer.at) out.at = newer.at;
  const seen = Math.max(a.seen ?? 1, b.seen ?? 1, out.sessions.length);
  if (seen > 1) out.seen = seen;
  else delete out.seen;
  return out;
}

/**
 * Three-way merge of MEMORY.md by entry: every entry of either side is kept, except one a side
 * deleted while the other left it as the base had it (a dream that dropped or replaced it). An
 * entry both sides have is kept once with both sides' sessions and files. `base` null (unknown):
 * nothing counts as deleted. Ours come first in each section, then theirs that are new. Pure.
 */
export function mergeLongTerm(base: LongTermDoc | null, ours: LongTermDoc, theirs: LongTermDoc): LongTermDoc {
  const b = new Map((base?.entries ?? []).map((e) => [keyOf(e), e]));
  const t = new Map(theirs.entries.map((e) => [keyOf(e), e]));
  const o = new Set(ours.entries.map(keyOf));
  const out: LongTermEntry[] = [];
  for (const mine of ours.entries) {
    const k = keyOf(mine);
    const other = t.get(k);
    const old = b.get(k);
    if (other) out.push(joinEntry(mine, other));
    else if (!old || !sameEntry(old, mine)) out.push(mine); // added here, or changed here while dropped there
  }
  for (const other of theirs.entries) {
    const k = keyOf(other);
    if (o.has(k)) continue;
    const old = b.get(k);
    if (old && sameEntry(old, other)) continue; // dropped here, untouched there
    out.push(other);
  }
  return { lang: ours.lang, entries: out };
}
