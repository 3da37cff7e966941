import type { Session } from '../memory/session.js';
import { redactQuickLines } from '../safety/quick-redact.js';
import { SEARCH_FIELDS, type SearchField } from './documents.js';
import { isPrefixTerm, toTerm, tokenize } from './tokenize.js';

const MAX = 160;
const NON_ASCII = /[^\x00-\x7f]/;
/** Text with every final sigma read as σ (see bestLine). */
const oneSigma = (text: string) => (text.includes('ς') ? text.replaceAll('ς', 'σ') : text);

/** Cuts a long line to MAX characters around its first match (exported for the snippet's tests). */
export function around(text: string, terms: string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX) return flat;
  const lower = flat.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), flat.length);
  const start = Math.max(0, Math.min(at - 40, flat.length - MAX));
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + MAX - 2).trim()}…`;
}

/**
 * The line of a session that holds the most query words (the request wins a tie): what a search
 * result shows so the reader sees why the session matched. A word of four letters or more also
 * counts where it begins a longer word, as in the search itself. `leave`: lines not to show (a fact
 * memory forgot); `hits` is how many query words the line chosen holds.
 */
export function bestLine(s: Session, queryTerms: string[], leave?: (section: SearchField, line: string) => boolean): { section: SearchField; text: string; hits: number } {
  const terms = [...new Set(queryTerms.map((t) => t.toLowerCase()))];
  const sigmaTerms = terms.map(oneSigma);
  const hitsIn = (line: string) => {
    // A word of the line can be or begin with a term only where the term is in the line, lower-cased
    // as a whole: lower case is a letter's own, but for sigma, whose final form depends on what
    // follows it (a word lower-cased alone can end in ς where the line has σ), so both are read as
    // σ here. Most lines hold no term: they are not cut into words. A line with one character that
    // is not ASCII (an ellipsis) was cut into words by Unicode classes whose first use costs ~1-3 ms.
    const lower = line.toLowerCase();
    const plain = !NON_ASCII.test(line);
    if (plain ? !terms.some((t) => lower.includes(t)) : !sigmaTerms.some((t) => oneSigma(lower).includes(t))) return 0;
    const words = tokenize(line).map(toTerm);
    return terms.filter((t) => words.some((w) => w === t || (isPrefixTerm(t) && w.startsWith(t)))).length;
  };
  let best = { section: 'request' as SearchField, text: s.request, hits: -1 };
  for (const section of SEARCH_FIELDS) {
    for (const line of section === 'request' ? [s.request] : s[section]) {
      if (leave?.(section, line)) continue;
      const hits = hitsIn(line);
      if (hits > best.hits) best = { section, text: line, hits };
    }
  }
  // Redacted whole before it is cut: memory committed past the scan (`--no-verify`) gave its secret
  // to the shell's reader (stop 54), and a cut through it (`…aLt0k3n…`, its name or prefix left
  // out) is one no rule knows.
  return { section: best.section, text: best.hits < 0 ? '' : around(redactQuickLines(best.text), terms), hits: Math.max(0, best.hits) };
}
