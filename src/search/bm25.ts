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
  /** Postings entries over all its words and fields: at least the number of sessions that hold it. */
  size: number;
  /** Whether a session holds one of its words. */
  has(doc: number): boolean;
  /** Every session that holds one of its words, in order of discovery. */
  all(): number[];
}

/** Where ascending `docs` holds `doc`, or -1. */
function find(docs: ArrayLike<number>, doc: number): number {
  let lo = 0;
  let hi = docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const d = docs[mid]!;
    if (d === doc) return mid;
    if (d < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * A query term's sessions. They are listed only when asked for: a common word (in every session)
 * beside a rare one is asked about a handful of sessions, by binary search in its postings, and
 * never walked whole. Code this early in a process runs unoptimised, so a walk of 10,000 postings
 * costs milliseconds.
 */
function match(index: Searchable, term: string): TermMatch {
  const words = index.matches(term, isPrefixTerm(term));
  let size = 0;
  for (const [, postings] of words) for (const p of postings) size += p?.docs.length ?? 0;
  let hit: Uint8Array | null = null;
  let ids: number[] | null = null;
  const all = () => {
    if (ids) return ids;
    const seen = new Uint8Array(index.documents);
    const found: number[] = [];
    for (const [, postings] of words) {
      for (const p of postings) {
        for (let i = 0; p && i < p.docs.length; i++) {
          const doc = p.docs[i]!;
          if (doc < seen.length && !seen[doc]) {
            seen[doc] = 1;
            found.push(doc);
          }
        }
      }
    }
    hit = seen;
    return (ids = found);
  };
  const has = (doc: number) => {
    if (hit) return hit[doc] === 1;
    for (const [, postings] of words) for (const p of postings) if (p && find(p.docs, doc) >= 0) return true;
    return false;
  };
  return { term, words, size, has, all };
}

/** Looking `probes` sessions up one by one costs more than listing them all: list them. */
function prepare(m: TermMatch, probes: number): void {
  if (probes * Math.log2(m.size + 2) > m.size) m.all();
}

/**
 * Adds one query term's score in each wanted session to `into`. `wanted` lists the sessions that
 * `want` marks; when they are few beside a posting list, they are looked up in it instead.
 */
function score(index: Searchable, means: readonly number[], m: TermMatch, boosts: number[], want: Uint8Array, wanted: readonly number[], into: Float64Array): void {
  const N = index.count ?? index.documents;
  // bm25(doc, tf) = w × (D + tf (K+1) / (tf + K (1 - B + B · length / mean))), written out in each
  // loop below (the same operations in the same order, so the same bits): a call per posting cost
  // more than the arithmetic in code this early in a process (3,681 sessions for one common word).
  for (const [word, postings] of m.words) {
    const distance = word.length - m.term.length;
    const weight = distance === 0 ? 1 : (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * distance);
    for (let field = 0; field < postings.length && field < boosts.length; field++) {
      const p = postings[field];
      if (!p) continue;
      const n = p.docs.length;
      const idf = Math.log(1 + (N - n + 0.5) / (n + 0.5));
      const mean = means[field]!;
      const w = weight * boosts[field]! * idf;
      if (wanted.length * Math.log2(n + 2) < n) {
        for (const doc of wanted) {
          const at = find(p.docs, doc);
          if (at < 0) continue;
          const tf = p.tfs[at]!;
          into[doc]! += w * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * index.fieldLength(doc, field)) / mean)));
        }
        continue;
      }
      for (let i = 0; i < n; i++) {
        const doc = p.docs[i]!;
        if (!want[doc]) continue;
        const tf = p.tfs[i]!;
        into[doc]! += w * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * index.fieldLength(doc, field)) / mean)));
      }
    }
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
  const fewest = matches.reduce((a, b) => (b.size < a.size ? b : a));
  const candidates = fewest.all();
  // Every candidate holds the fewest's words: only the other terms are asked (none for one word,
  // whose thousands of sessions were each asked a question with one answer).
  const others = matches.filter((m) => m !== fewest);
  for (const m of others) prepare(m, candidates.length);
  let ids = keep(others.length ? candidates.filter((doc) => others.every((m) => m.has(doc))) : candidates);
  if (!ids.length) {
    const any = new Uint8Array(index.documents);
    const union: number[] = [];
    for (const m of distinct) for (const doc of m.all()) if (!any[doc]) union.push(doc), (any[doc] = 1);
    ids = keep(union);
  }
  if (!ids.length) return none;
  const want = new Uint8Array(index.documents);
  for (const doc of ids) want[doc] = 1;
  const boosts = SEARCH_FIELDS.map((f) => opts.boost?.[f] ?? 1);
  const means = index.averageLength; // computed once: an index in memory derives it from every session
  // Each term's score is summed apart, then added to the total, as MiniSearch sums them.
  const total = new Float64Array(index.documents);
  if (matches.length === 1) {
    // One term: its sum is the total (0 + x is x), and every session matched it once (x × 1 is x).
    score(index, means, matches[0]!, boosts, want, ids, total);
    const scores = new Float64Array(ids.length);
    for (let i = 0; i < ids.length; i++) scores[i] = total[ids[i]!]!;
    return { ids, scores, queryTerms: (id) => distinct.filter((m) => m.has(id)).map((m) => m.term) };
  }
  const part = new Float64Array(index.documents);
  for (const m of matches) {
    for (const doc of ids) part[doc] = 0;
    score(index, means, m, boosts, want, ids, part);
    for (const doc of ids) total[doc]! += part[doc]!;
  }
  const scores = new Float64Array(ids.length);
  ids.forEach((doc, i) => {
    let matched = 0;
    for (const m of distinct) if (m.has(doc)) matched++;
    scores[i] = total[doc]! * matched;
  });
  return { ids, scores, queryTerms: (id) => distinct.filter((m) => m.has(id)).map((m) => m.term) };
}
