// A hit's snippet (search/snippet.ts bestLine) skips cutting a line into words where no query word
// is in it (lower-cased, sigma read as one form): the same line and count as cutting every line.
// An equivalence test (it passes before the change too, by design): the line chosen is what the
// reader sees. Without the one form of sigma, the Greek words below fail it.
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/memory/session.js';
import { SEARCH_FIELDS, type SearchField } from '../../src/search/documents.js';
import { around, bestLine } from '../../src/search/snippet.js';
import { isPrefixTerm, toTerm, tokenize } from '../../src/search/tokenize.js';

/** bestLine as it was: every line cut into words. */
function countEveryLine(s: Session, queryTerms: string[]): { section: SearchField; text: string; hits: number } {
  const terms = [...new Set(queryTerms.map((t) => t.toLowerCase()))];
  const hitsIn = (line: string) => {
    const words = tokenize(line).map(toTerm);
    return terms.filter((t) => words.some((w) => w === t || (isPrefixTerm(t) && w.startsWith(t)))).length;
  };
  let best = { section: 'request' as SearchField, text: s.request, hits: -1 };
  for (const section of SEARCH_FIELDS) {
    for (const line of section === 'request' ? [s.request] : s[section]) {
      const hits = hitsIn(line);
      if (hits > best.hits) best = { section, text: line, hits };
    }
  }
  return { section: best.section, text: best.hits < 0 ? '' : around(best.text, terms), hits: Math.max(0, best.hits) };
}

const WORDS = ['Token', 'tokens', 'TOKENIZER', 'retry', 'Retries', 're_try', 'webhook', 'web-hook', 'ACME-4821', 'acme', '4821', 'café', 'Straße', 'ΟΔΟΣ', '数据库', 'İstanbul', 'x', 'id', 'ID_9', 'proration', 'pro', '—', '…',
  // Sigma's final form depends on what follows it: lower-cased in its line it can be σ where the word alone gives ς.
  'ΟΔΟΣ.ΑΒ', "ΟΔΟΣ'Α", 'ΟΔΟΣ_Σ', 'ΣΟΦΟΣ…', 'οδοσ', 'İSTANBUL.İ'];

function prng(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

describe('the snippet line', () => {
  it('is the line, section and count that cutting every line into words gives', () => {
    const rand = prng(11);
    const pick = () => WORDS[Math.floor(rand() * WORDS.length)]!;
    const line = () => Array.from({ length: 1 + Math.floor(rand() * (rand() < 0.1 ? 60 : 8)) }, pick).join(rand() < 0.2 ? ', ' : ' ');
    for (let n = 0; n < 3000; n++) {
      const s = { request: line(), learned: [line(), line()], completed: [line()], next_steps: [], decisions: [line()], notes: [line()] } as unknown as Session;
      const query = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => tokenize(pick()).map(toTerm)).flat();
      expect(bestLine(s, query)).toEqual(countEveryLine(s, query));
    }
  });
});
