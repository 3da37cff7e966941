// BM25 ranking over an index (in memory or on disk), scored straight from the postings.
import { SEARCH_FIELDS, type SearchField } from './documents.js';
import type { Searchable, TermPostings } from './postings.js';
import { isPrefixTerm, toTerm, tokenize } from './tokenize.js';

/** A query's answer, kept in arrays: thousands of matches make no objects. */
export interface Ranking {
  /** The matching sessions, in no particular order. */
  ids: number[];
  /** Their scores, by position in `ids`. */
  scores: Float64Array;
  /** The query's terms a session matched (directly or as the start of a longer word). */
  queryTerms(id: number): string[];
}

export interface QueryOptions {
  /** Multiplies the score a field gives; 1 where not named. */
  boost?: Partial<Record<SearchField, number>>;
  /** Keeps only the sessions it returns true for. */
  filter?: (id: number) => boolean;
}

/**
 * BM25+ as MiniSearch 7 computes it (k 1.2, b 0.7, d 0.5), so rankings match that library's
 * (test/agents/bm25.test.ts compares them): a term's score in a field is
 * idf × (d + tf (k+1) / (tf + k (1 - b + b · length / mean length))), with
 * idf = ln(1 + (N - n + 0.5) / (n + 0.5)), n the sessions whose field holds the term.
 */
const K = 1.2;
const B = 0.7;
const D = 0.5;
/** A longer word that a query term begins counts less, the more so the longer it is. */
const PREFIX_WEIGHT = 0.375;

interface TermMatch {
  term: string;
  /** The term's words: itself, and longer words it begins when it is long enough. */
  words: [word: string, postings: TermPostings][];
  /** Which sessions hold one of them, and their ids in order of discovery. */
  hit: Uint8Array;
  ids: number[];
}

function match(index: Searchable, term: string): TermMatch {
  const hit = new Uint8Array(index.documents);
  const ids: number[] = [];
  const words = index.matches(term, isPrefixTerm(term));
  for (const [, postings] of words) {
    for (const p of postings) {
      for (let i = 0; p && i < p.docs.length; i++) {
        const doc = p.docs[i]!;
        if (doc < hit.length && !hit[doc]) {
          hit[doc] = 1;
          ids.push(doc);
        }
      }
    }
  }
  return { term, words, hit, ids };
}

/** Adds one query term's score in each wanted session to `into`. */
function score(index: Searchable, means: readonly number[], m: TermMatch, boosts: number[], want: Uint8Array, into: Float64Array): void {
  const N = index.documents;
  for (const [word, postings] of m.words) {
    const distance = word.length - m.term.length;
    const weight = distance === 0 ? 1 : (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * distance);
    postings.forEach((p, field) => {
      if (!p || field >= boosts.length) return;
      const n = p.docs.length;
      const idf = Math.log(1 + (N - n + 0.5) / (n + 0.5));
      const mean = means[field]!;
      const w = weight * boosts[field]! * idf;
      for (let i = 0; i < n; i++) {
        const doc = p.docs[i]!;
        if (!want[doc]) continue;
        const tf = p.tfs[i]!;
        into[doc]! += w * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * index.fieldLength(doc, field)) / mean)));
      }
    });
  }
}

/**
 * The sessions that hold every term of the query, or when none does, those that hold any.
 * A session's score is the sum of its terms' scores times the number of distinct query terms it
 * matched. Sessions are found first and scored after, so a rare word that narrows the answer to
 * a few sessions spares scoring the thousands a common word is in.
 */
export function query(index: Searchable, text: string, opts: QueryOptions = {}): Ranking {
  const terms = tokenize(text).map(toTerm).filter(Boolean);
  const none: Ranking = { ids: [], scores: new Float64Array(0), queryTerms: () => [] };
  if (!terms.length || !index.documents) return none;
  const matches = terms.map((t) => match(index, t));
  // A repeated word counts twice in the score, once in the number of words matched.
  const distinct = matches.filter((m, i) => terms.indexOf(m.term) === i);
  const keep = (ids: number[]) => (opts.filter ? ids.filter(opts.filter) : ids);
  const fewest = matches.reduce((a, b) => (b.ids.length < a.ids.length ? b : a));
  let ids = keep(fewest.ids.filter((doc) => matches.every((m) => m.hit[doc])));
  if (!ids.length) {
    const any = new Uint8Array(index.documents);
    const union: number[] = [];
    for (const m of distinct) for (const doc of m.ids) if (!any[doc]) union.push(doc), (any[doc] = 1);
    ids = keep(union);
  }
  if (!ids.length) return none;
  const want = new Uint8Array(index.documents);
  for (const doc of ids) want[doc] = 1;
  const boosts = SEARCH_FIELDS.map((f) => opts.boost?.[f] ?? 1);
  const means = index.averageLength; // computed once: an index in memory derives it from every session
  const total = new Float64Array(index.documents);
  const part = new Float64Array(index.documents);
  for (const m of matches) {
    part.fill(0);
    score(index, means, m, boosts, want, part);
    for (const doc of m.ids) if (want[doc]) total[doc]! += part[doc]!;
  }
  const scores = new Float64Array(ids.length);
  ids.forEach((doc, i) => {
    let matched = 0;
    for (const m of distinct) matched += m.hit[doc]!;
    scores[i] = total[doc]! * matched;
  });
  return { ids, scores, queryTerms: (id) => distinct.filter((m) => m.hit[id]).map((m) => m.term) };
}
