// Which of MEMORY.md's facts the primer tries, in its own light module: the entry point reads them
// before loading the primer to start the staleness check's git call early (bin.ts).
import { isRecord, readState, writeState } from '../fs/state.js';
import { LONG_TERM_TRIED_FILE } from '../paths.js';
import { LONG_TERM_SECTIONS, parseEntryLine, sectionOfHeading, type LongTermEntry, type LongTermSection } from './long-term.js';

/** The primer's kind of each section's facts; superseded ones are not shown. */
export const TRIED_KIND = { conventions: 'convention', decisions: 'decision', gotchas: 'gotcha', preferences: 'preference', themes: 'theme', leads: 'lead', superseded: null, forgotten: null } as const;
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
 * `parse`: parseEntryLine, or one that takes lines parsed before from where it keeps them.
 */
export function triedFacts(text: string, parse: (section: LongTermSection, raw: string) => LongTermEntry = parseEntryLine): { tried: LongTermEntry[]; leftOut: { section: LongTermSection; raw: string }[] } {
  const lines: { section: LongTermSection; raw: string }[] = [];
  let section: LongTermSection | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) section = sectionOfHeading(line.slice(3));
    else if (section && TRIED_KIND[section] && line.startsWith('- ')) lines.push({ section, raw: line.slice(2) });
  }
  lines.sort((a, b) => RANK.indexOf(a.section) - RANK.indexOf(b.section));
  const tried = lines
    .slice(0, LONG_TERM_TRIED)
    .map((l) => parse(l.section, l.raw))
    .filter((e) => e.text);
  return { tried, leftOut: lines.slice(LONG_TERM_TRIED) };
}

const MEMO = Symbol.for('git-memory.tried-facts');
type Facts = ReturnType<typeof triedFacts>;
type Line = { section: LongTermSection; raw: string; entry: LongTermEntry };
/** `lines`: the tried lines with their entries; `kept`: the state directory holds them (or cannot: read-only). */
type Memo = { text: string; facts: Facts; lines: Line[]; kept: boolean };
const memo = () => globalThis as unknown as Record<symbol, Memo | undefined>;

/** triedFacts of `text`, each tried line's entry taken from `known` where it is there; kept as the process's memo. */
function remember(text: string, known: Map<string, LongTermEntry>): Memo {
  const lines: Line[] = [];
  const keys = new Set<string>();
  let found = 0;
  const facts = triedFacts(text, (section, raw) => {
    const key = `${section}\0${raw}`;
    const was = known.get(key);
    keys.add(key);
    if (was) found++;
    const entry = was ?? parseEntryLine(section, raw);
    lines.push({ section, raw, entry });
    return entry;
  });
  // What was kept is current where it holds exactly the lines tried now.
  const m = { text, facts, lines, kept: found === lines.length && known.size === keys.size };
  memo()[MEMO] = m;
  return m;
}

/**
 * triedFacts, worked out once per process for the same text: the entry point (bin.ts, to start the
 * staleness check early) and the primer both need it, and are separate bundles, so the one result
 * is shared through a global. The result is read, never changed, by both.
 */
export function triedFactsOnce(text: string): Facts {
  const m = memo()[MEMO];
  return m?.text === text ? m.facts : remember(text, new Map()).facts;
}

/** What the state directory keeps: each tried entry line (section and text after `- `) with its parsed entry. */
interface KeptTried {
  v: number;
  lines: Line[];
}
const VERSION = 1;
const SECTIONS = new Set<string>(LONG_TERM_SECTIONS);
const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isEntry = (e: unknown, section: unknown): e is LongTermEntry =>
  isRecord(e) &&
  e.section === section &&
  typeof e.text === 'string' &&
  strings(e.sessions) &&
  strings(e.files) &&
  (e.at === undefined || typeof e.at === 'string') &&
  (e.date === undefined || typeof e.date === 'string') &&
  (e.seen === undefined || typeof e.seen === 'number') &&
  (e.until === undefined || typeof e.until === 'string');
const isKeptTried = (v: unknown): v is KeptTried =>
  isRecord(v) && v.v === VERSION && Array.isArray(v.lines) && v.lines.every((l) => isRecord(l) && SECTIONS.has(l.section as string) && typeof l.raw === 'string' && isEntry(l.entry, l.section));

/**
 * triedFactsOnce, with the tried entry lines' parses kept in `stateDir` across runs: a session
 * start after a commit (the staleness answer is kept per HEAD; MEMORY.md rarely changes) finds the
 * lines by a cheap scan and takes each one's entry from there instead of parsing it (its regular
 * expressions compile at every start), and the entry point starts the staleness check's git call
 * sooner. An entry is taken only for the very line it was parsed from. `save` false: nothing is
 * written now (the entry point writes once git runs).
 */
export function triedFactsKept(text: string, stateDir: string, save = true): Facts {
  let m = memo()[MEMO];
  if (m?.text !== text) {
    const kept = readState(stateDir, LONG_TERM_TRIED_FILE, isKeptTried);
    m = remember(text, new Map(kept?.lines.map((l) => [`${l.section}\0${l.raw}`, l.entry])));
  }
  if (save && !m.kept) {
    m.kept = true; // written once; a read-only git directory is not asked again
    try {
      writeState(stateDir, LONG_TERM_TRIED_FILE, { v: VERSION, lines: m.lines } satisfies KeptTried);
    } catch {
      /* parsed again next time */
    }
  }
  return m.facts;
}
