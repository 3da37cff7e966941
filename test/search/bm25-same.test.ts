// The query's scoring (search/bm25.ts) gives, bit for bit, what it gave before a one-word query
// stopped asking each of its sessions whether it holds its own word and the score was written out in
// the loops (3,681 sessions for "proration" at 10,000: 258 -> 212 M instructions a warm search). The
// code before is kept here, whole, as the reference.
import { describe, expect, it } from 'vitest';
import { query, type QueryOptions, type Ranking } from '../../src/search/bm25.js';
import { SEARCH_FIELDS, type SearchDoc } from '../../src/search/documents.js';
import { Postings, type Searchable, type TermPostings } from '../../src/search/postings.js';
import { isPrefixTerm, toTerm, tokenize } from '../../src/search/tokenize.js';

const K = 1.2;
const B = 0.7;
const D = 0.5;
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
  const bm25 = (doc: number, tf: number, field: number, w: number, mean: number) =>
    w * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * index.fieldLength(doc, field)) / mean)));
  for (const [word, postings] of m.words) {
    const distance = word.length - m.term.length;
    const weight = distance === 0 ? 1 : (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * distance);
    postings.forEach((p, field) => {
      if (!p || field >= boosts.length) return;
      const n = p.docs.length;
      const idf = Math.log(1 + (N - n + 0.5) / (n + 0.5));
      const mean = means[field]!;
      const w = weight * boosts[field]! * idf;
      if (wanted.length * Math.log2(n + 2) < n) {
        for (const doc of wanted) {
          const at = find(p.docs, doc);
          if (at >= 0) into[doc]! += bm25(doc, p.tfs[at]!, field, w, mean);
        }
        return;
      }
      for (let i = 0; i < n; i++) {
        const doc = p.docs[i]!;
        if (want[doc]) into[doc]! += bm25(doc, p.tfs[i]!, field, w, mean);
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
function queryBefore(index: Searchable, text: string, opts: QueryOptions = {}): Ranking {
  const terms = tokenize(text).map(toTerm).filter(Boolean);
  const none: Ranking = { ids: [], scores: new Float64Array(0), queryTerms: () => [] };
  if (!terms.length || !index.documents) return none;
  const matches = terms.map((t) => match(index, t));
  // A repeated word counts twice in the score, once in the number of words matched.
  const distinct = matches.filter((m, i) => terms.indexOf(m.term) === i);
  const keep = (ids: number[]) => (opts.filter ? ids.filter(opts.filter) : ids);
  const fewest = matches.reduce((a, b) => (b.size < a.size ? b : a));
  const candidates = fewest.all();
  for (const m of matches) if (m !== fewest) prepare(m, candidates.length);
  let ids = keep(candidates.filter((doc) => matches.every((m) => m.has(doc))));
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

function corpus(n: number, seed: number): SearchDoc[] {
  let x = seed;
  const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const words = ['proration', 'prorations', 'plan', 'changes', 'retry', 'retrying', 'webhook', 'Webhooks', 'add', 'the', 'cache', 'token', '缓存', '重试机制', 'acme', 'lock'];
  const text = (max: number) => Array.from({ length: Math.floor(rand() * max) }, () => words[Math.floor(rand() * words.length)]!).join(' ');
  // Many sessions alike (the same request, word for word): ties, as the bench's journal has them.
  const same = 'Add proration to plan changes';
  return Array.from({ length: n }, (_, i) => {
    const doc = Object.fromEntries(SEARCH_FIELDS.map((f) => [f, text(f === 'request' ? 6 : 12)])) as SearchDoc;
    if (rand() < 0.3) doc.request = same;
    doc.learned += ` ACME-${1000 + i}`;
    return doc;
  });
}

const QUERIES = ['proration', 'prora', 'plan changes', 'retry retry', 'webhook retry', 'add', 'the', 'ACME-1004', 'nothing-here', 'nothing-here proration', '缓存', 'plan plan changes', 'retr webh', 'lock cache token'];

function expectSame(got: Ranking, want: Ranking) {
  expect(got.ids).toEqual(want.ids);
  expect(got.scores.length).toBe(want.scores.length);
  for (let i = 0; i < want.scores.length; i++) if (!Object.is(got.scores[i], want.scores[i])) expect([i, got.scores[i]]).toEqual([i, want.scores[i]]);
  for (const id of want.ids.slice(0, 50)) expect(got.queryTerms(id)).toEqual(want.queryTerms(id));
}

describe('the query, against the code before it', () => {
  it('gives the same sessions in the same order with the same scores, bit for bit', () => {
    for (const [n, seed] of [[1, 1], [40, 2], [600, 3], [3000, 4]] as const) {
      const index = new Postings();
      for (const doc of corpus(n, seed)) index.add(doc);
      const options: QueryOptions[] = [{}, { boost: { request: 2 } }, { boost: { request: 2 }, filter: (id) => id % 3 !== 1 }];
      for (const text of QUERIES) for (const opts of options) expectSame(query(index, text, opts), queryBefore(index, text, opts));
    }
  });
});
