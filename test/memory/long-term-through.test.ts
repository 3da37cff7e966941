import { describe, expect, it } from 'vitest';
import { mergeLongTerm } from '../../src/memory/long-term-merge.js';
import { parseLongTerm, serializeLongTerm, type LongTermDoc } from '../../src/memory/long-term.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const doc = (through?: LongTermDoc['through']): LongTermDoc => ({ lang: 'en', entries: [{ section: 'conventions', text: 'Use tabs in Makefiles', sessions: ['s1'], files: [] }], ...(through ? { through } : {}) });

describe('what MEMORY.md says the dreams took in', () => {
  it('is a comment line in the intro quote: it round-trips, renders as nothing, and a file without it has none', () => {
    const text = serializeLongTerm(doc({ commits: [A], sessions: ['20261102-1000-k3f9ab'] }));
    expect(text).toContain(`>\n> <!-- dreamt through: ${A}; sessions: 20261102-1000-k3f9ab -->\n`);
    expect(parseLongTerm(text)).toEqual(doc({ commits: [A], sessions: ['20261102-1000-k3f9ab'] }));
    expect(parseLongTerm(serializeLongTerm(doc())).through).toBeUndefined();
  });

  it('two branches merge to the union of both', () => {
    const merged = mergeLongTerm(doc(), doc({ commits: [A], sessions: ['s9'] }), doc({ commits: [B], sessions: [] }));
    expect(merged.through).toEqual({ commits: [A, B], sessions: ['s9'] });
  });
});
