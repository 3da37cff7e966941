import { serializeLongTerm, type LongTermDoc, type LongTermEntry } from '../memory/long-term.js';

/** An entry without its counters: how many sessions said it and which. */
const withoutCounters = (e: LongTermEntry): LongTermEntry => {
  const { seen: _seen, sessions: _sessions, ...rest } = e;
  return { ...rest, sessions: [] };
};

/**
 * Whether two versions of MEMORY.md say the same facts, with the same files, anchors and dates, in
 * the same order: they differ at most in counters (`seen`, the sessions listed) and in what the
 * dream has taken in. A dream whose result is the same as the file commits nothing.
 */
export function sameFacts(a: LongTermDoc, b: LongTermDoc): boolean {
  const plain = (d: LongTermDoc) => serializeLongTerm({ lang: d.lang, entries: d.entries.map(withoutCounters) });
  return plain(a) === plain(b);
}
