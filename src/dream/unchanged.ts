import { serializeLongTerm, type LongTermDoc, type LongTermEntry } from '../memory/long-term.js';

/** An entry without its counters: how many sessions said it, which, and the day it was last said. */
const withoutCounters = (e: LongTermEntry): LongTermEntry => {
  const { seen: _seen, sessions: _sessions, date: _date, ...rest } = e;
  // A theme's text counts its sessions and says its latest day ("(8732 sessions, latest on …)").
  return { ...rest, sessions: [], ...(e.section === 'themes' ? { text: e.text.replace(/\d+/g, '#') } : {}) };
};

/**
 * Whether two versions of MEMORY.md say the same facts, with the same files and anchors, in any
 * order: they differ at most in counters (`seen`, the sessions listed, the day last said) and in what the
 * dream has taken in. A dream whose result is the same as the file commits nothing.
 */
export function sameFacts(a: LongTermDoc, b: LongTermDoc): boolean {
  // Line by line, in any order: a merge puts one branch's entries after the other's, and the dream's
  // own order is no new fact.
  const plain = (d: LongTermDoc) => d.entries.map((e) => serializeLongTerm({ lang: d.lang, entries: [withoutCounters(e)] })).sort().join('');
  return plain(a) === plain(b);
}
