import { factShape, matchesForgotten, parseEntryLine, sameWords, sectionOfHeading, similarity, type FactShape, type LongTermSection } from './long-term.js';
import { beforeComment } from '../linear.js';

/**
 * What MEMORY.md says no longer holds: facts a person forgot (`git memory forget`, or a line deleted
 * by hand that a dream then listed under Forgotten) and facts a newer one superseded. A session of
 * the journal still says them in its own words; what reads the journal (search) asks this, so a
 * forgotten fact is not found and a superseded one is never shown as current.
 */
export interface RetiredFacts {
  forgotten: FactShape[];
  superseded: { shape: FactShape; until?: string }[];
  /** The facts MEMORY.md holds now: a line that says one of them is current, whatever else it resembles. */
  live: FactShape[];
}

const RETIRED: ReadonlySet<LongTermSection | null> = new Set(['forgotten', 'superseded']);

/** MEMORY.md's retired facts, by one scan of its text (either language); null when it retires none. */
export function retiredFacts(text: string | null): RetiredFacts | null {
  // Most files retire nothing: their headings say so before any fact is taken apart (a search asks this each time).
  if (!text || !text.split('\n').some((l) => l.startsWith('## ') && RETIRED.has(sectionOfHeading(l.slice(3))))) return null;
  const out = factsOf(text);
  return out.forgotten.length || out.superseded.length ? out : null;
}

/** Every fact of MEMORY.md's text by where it stands: held now, forgotten, superseded. */
export function factsOf(text: string): RetiredFacts {
  const out: RetiredFacts = { forgotten: [], superseded: [], live: [] };
  let section: LongTermSection | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) section = sectionOfHeading(line.slice(3));
    else if (section && line.startsWith('- ')) {
      const raw = line.slice(2);
      if (section === 'superseded') {
        const e = parseEntryLine(section, raw);
        if (e.text) out.superseded.push({ shape: factShape(e.text), ...(e.until ? { until: e.until } : {}) });
      } else {
        const shape = factShape(beforeComment(raw));
        if (shape.words.size) (section === 'forgotten' ? out.forgotten : out.live).push(shape);
      }
    }
  }
  return out;
}

/**
 * Whether MEMORY.md holds a line now, said as the dream says a fact again: the same words, or a
 * rewording (most content words shared) with the same numbers and sense. Each line is compared
 * only with the facts sharing a word with it: a window of many sessions costs little.
 */
export function heldIn(live: readonly FactShape[]): (line: string) => boolean {
  const byWord = new Map<string, FactShape[]>();
  for (const f of live) for (const w of f.words) byWord.set(w, [...(byWord.get(w) ?? []), f]);
  return (line) => {
    const shape = factShape(line);
    const near = new Set<FactShape>();
    for (const w of shape.words) for (const f of byWord.get(w) ?? []) near.add(f);
    for (const f of near) if (sameWords(f, shape) || (f.numbers === shape.numbers && f.negated === shape.negated && similarity(f, shape) >= HELD)) return true;
    return false;
  };
}

/** As the dream's SAME: a fact this close to an entry is folded into it. */
const HELD = 0.6;

/** How a line of the journal stands against MEMORY.md: forgotten, superseded (since when), or neither. */
export function retiredLine(line: string, r: RetiredFacts): { forgotten: true } | { superseded: { until?: string } } | null {
  if (matchesForgotten(line, r.forgotten)) return { forgotten: true };
  if (!r.superseded.length || matchesForgotten(line, r.live)) return null;
  const hit = r.superseded.find((s) => matchesForgotten(line, [s.shape]));
  return hit ? { superseded: hit.until ? { until: hit.until } : {} } : null;
}
