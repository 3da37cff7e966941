import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { afterEach, describe, expect, it } from 'vitest';
import { query, type Ranking } from '../../src/search/bm25.js';
import { SEARCH_FIELDS, type SearchDoc, type SessionMeta } from '../../src/search/documents.js';
import { Postings } from '../../src/search/postings.js';
import { openStore, writeStore } from '../../src/search/store.js';
import { isPrefixTerm, toTerm, tokenize } from '../../src/search/tokenize.js';

// A small deterministic corpus with the shapes that matter: repeated words, words that begin
// longer words, mixed case, Chinese text, empty sections, one word in every session.
function corpus(n: number, seed = 1): SearchDoc[] {
  let x = seed;
  const rand = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const words = ['retry', 'retries', 'retrying', 'webhook', 'Webhooks', 'invoice', 'cache', 'cached', 'token', 'refresh', 'Redis', 'proration', 'billing', 'login', 'deploy', 'rollback', '缓存', '重试机制', '发票', 'acme', 'ticket', 'lock', 'timeout'];
  const text = (max: number) => Array.from({ length: Math.floor(rand() * max) }, () => pick(words)).join(rand() < 0.2 ? '\n' : ' ');
  return Array.from({ length: n }, (_, i) => {
    const doc = Object.fromEntries(SEARCH_FIELDS.map((f) => [f, text(f === 'request' ? 6 : 14)])) as SearchDoc;
    doc.learned += ` ACME-${1000 + i}`;
    return doc;
  });
}

const QUERIES = ['retry', 'webhook retry', 'retr', 'cache token', 'ACME-1004', 'acme', 'retry retry', 'nothing-here webhook', 'zzz', '缓存', '重试', 'Invoice LOCK timeout', 'webh'];

/** MiniSearch's answer, the way the search used it before it scored postings itself. */
function reference(docs: SearchDoc[], text: string, removed: ReadonlySet<number> = new Set()) {
  const mini = new MiniSearch<SearchDoc & { id: number }>({ fields: [...SEARCH_FIELDS], tokenize, processTerm: toTerm });
  mini.addAll(docs.map((d, id) => ({ ...d, id })));
  for (const id of removed) mini.discard(id);
  const options = { boost: { request: 2 }, prefix: isPrefixTerm };
  let raw = mini.search(text, { ...options, combineWith: 'AND' });
  if (!raw.length) raw = mini.search(text, options);
  return new Map(raw.map((r) => [r.id as number, { score: r.score, terms: r.queryTerms }]));
}

function asMap(r: Ranking, ids: (id: number) => number = (id) => id) {
  return new Map(r.ids.map((id, i) => [ids(id), { score: r.scores[i]!, terms: r.queryTerms(id) }]));
}

function expectSame(got: Map<number, { score: number; terms: string[] }>, want: Map<number, { score: number; terms: string[] }>) {
  expect([...got.keys()].sort((a, b) => a - b)).toEqual([...want.keys()].sort((a, b) => a - b));
  for (const [id, w] of want) {
    expect(got.get(id)!.score).toBeCloseTo(w.score, 9);
    expect(new Set(got.get(id)!.terms)).toEqual(new Set(w.terms));
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('BM25 over postings', () => {
  const docs = corpus(400);
  const index = new Postings();
  for (const d of docs) index.add(d);

  it.each(QUERIES)('ranks %j exactly as MiniSearch does', (text) => {
    const want = reference(docs, text);
    expectSame(asMap(query(index, text, { boost: { request: 2 } })), want);
  });

  it('finds the sessions before scoring them, and a filter applies before AND falls back to OR', () => {
    const even = (id: number) => id % 2 === 0;
    const r = query(index, 'webhook retry', { boost: { request: 2 }, filter: even });
    expect(r.ids.length).toBeGreaterThan(0);
    expect(r.ids.every(even)).toBe(true);
    // Only one session holds ACME-1003; the filter drops it, so sessions with "acme" or "1003" count.
    const none = query(index, 'ACME-1003', { filter: (id) => id !== 3 });
    expect(none.ids).not.toContain(3);
    expect(none.ids.length).toBe(docs.length - 1);
  });

  it('reads back from the store what it wrote, with the same answers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gm-bm25-'));
    dirs.push(dir);
    const meta: SessionMeta[] = docs.map((_, i) => ({ session: `s${i}`, path: `p/${i}.md`, date: '2026-01-01', time: '10:00', agent: 'claude-code' }));
    writeStore(dir, Buffer.from('key'), index, meta, {});
    const store = openStore(dir)!;
    try {
      expect(store.hasKey(Buffer.from('key'))).toBe(true);
      expect(store.hasKey(Buffer.from('kez'))).toBe(false);
      expect(store.meta(7)).toEqual(meta[7]);
      expect(store.meta(docs.length)).toBeUndefined();
      for (const text of QUERIES) expectSame(asMap(query(store, text, { boost: { request: 2 } })), asMap(query(index, text, { boost: { request: 2 } })));
    } finally {
      store.close();
    }
  });

  it('an index updated by removing and adding sessions answers as one built from scratch', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gm-bm25-'));
    dirs.push(dir);
    writeStore(dir, Buffer.from('k'), index, [], {});
    const store = openStore(dir)!;
    const updated = store.load()!;
    store.close();
    const removed = new Set([0, 5, 6, 150, 399]);
    const renumber = updated.remove(removed);
    expect(renumber[5]).toBe(-1);
    expect(renumber[7]).toBe(4);
    const added = corpus(30, 99);
    for (const d of added) updated.add(d);

    const kept = docs.filter((_, i) => !removed.has(i));
    const fresh = new Postings();
    for (const d of [...kept, ...added]) fresh.add(d);
    expect(updated.documents).toBe(fresh.documents);
    for (const text of QUERIES) {
      expectSame(asMap(query(updated, text, { boost: { request: 2 } })), asMap(query(fresh, text, { boost: { request: 2 } })));
    }
    // And both agree with MiniSearch after its own discard.
    const back = renumber.flatMap((n, old) => (n >= 0 ? [old] : []));
    const want = reference([...docs, ...added], 'webhook retry', removed);
    const got = asMap(query(updated, 'webhook retry', { boost: { request: 2 } }), (id) => (id < back.length ? back[id]! : id - back.length + docs.length));
    expect([...got.keys()].sort((a, b) => a - b)).toEqual([...want.keys()].sort((a, b) => a - b));
  });

  it('tokenizes plain ASCII exactly as the Unicode word pattern does', () => {
    let x = 5;
    const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: Math.floor(rand() * 60) }, () => String.fromCharCode(Math.floor(rand() * 128))).join('');
      expect(tokenize(text)).toEqual([...text.matchAll(/[\p{L}\p{N}_]+/gu)].map((m) => m[0]));
    }
    expect(tokenize('Fix ACME-4821 in 缓存层 now')).toEqual(['Fix', 'ACME', '4821', 'in', '缓存', '存层', 'now']);
  });
});

