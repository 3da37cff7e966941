// Which of MEMORY.md's facts the primer tries, in its own light module: the entry point reads them
// before loading the primer to start the staleness check's git call early (bin.ts).
import { parseEntryLine, sectionOfHeading, type LongTermEntry, type LongTermSection } from './long-term.js';

/** The primer's kind of each section's facts; superseded ones are not shown. */
export const TRIED_KIND = { conventions: 'convention', decisions: 'decision', gotchas: 'gotcha', preferences: 'preference', themes: 'theme', leads: 'lead', superseded: null } as const;
/** Which MEMORY.md facts the primer tries first: rules, then preferences, then context. */
const RANK: LongTermSection[] = ['decisions', 'gotchas', 'conventions', 'preferences', 'leads', 'themes'];

/**
 * The primer tries this many of MEMORY.md's facts, most useful first (its budget never holds more):
 * only these are parsed in full and checked for staleness, so a 200-line file costs little at
 * session start. The rest are listed as left out, for `--explain`.
 */
export const LONG_TERM_TRIED = 24;

/**
 * MEMORY.md's facts in the order the primer tries them: rules, then preferences, then context;
 * within a section in file order (the dream writes the most said, newest first). Entry lines are
 * found by a cheap scan; a line the format does not accept is skipped here (lint reports it).
 */
export function triedFacts(text: string): { tried: LongTermEntry[]; leftOut: { section: LongTermSection; raw: string }[] } {
  const lines: { section: LongTermSection; raw: string }[] = [];
  let section: LongTermSection | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) section = sectionOfHeading(line.slice(3));
    else if (section && TRIED_KIND[section] && line.startsWith('- ')) lines.push({ section, raw: line.slice(2) });
  }
  lines.sort((a, b) => RANK.indexOf(a.section) - RANK.indexOf(b.section));
  const tried = lines.slice(0, LONG_TERM_TRIED).map((l) => parseEntryLine(l.section, l.raw)).filter((e) => e.text);
  return { tried, leftOut: lines.slice(LONG_TERM_TRIED) };
}

const MEMO = Symbol.for('git-memory.tried-facts');
type Memo = { text: string; facts: ReturnType<typeof triedFacts> };

/**
 * triedFacts, worked out once per process for the same text: the entry point (bin.ts, to start the
 * staleness check early) and the primer both need it, and are separate bundles, so the one result
 * is shared through a global. The result is read, never changed, by both.
 */
export function triedFactsOnce(text: string): ReturnType<typeof triedFacts> {
  const g = globalThis as unknown as Record<symbol, Memo | undefined>;
  const memo = g[MEMO];
  if (memo?.text === text) return memo.facts;
  const facts = triedFacts(text);
  g[MEMO] = { text, facts };
  return facts;
}
