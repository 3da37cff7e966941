import type MiniSearch from 'minisearch';
import type { AsPlainObject, Options } from 'minisearch';
import type { Repo } from '../../git/repo.js';
import type { CorruptFileError } from '../../memory/frontmatter.js';
import { listJournalFiles, readJournalFile, SEARCH_FIELDS, toDocument, type SearchDoc, type SessionMeta } from './documents.js';
import { journalKey } from './key.js';
import { openStore, readFiles, writeStore, type DictEntry, type FileEntries, type Store } from './store.js';

const WORD = /[\p{L}\p{N}_]+/gu;
const HAN = /\p{Script=Han}/u;

/** Words; runs of Chinese characters, written without spaces, become overlapping pairs. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const [w] of text.matchAll(WORD)) {
    if (!HAN.test(w)) {
      out.push(w);
      continue;
    }
    for (const run of w.match(/\p{Script=Han}+|[^\p{Script=Han}]+/gu) ?? []) {
      if (!HAN.test(run) || run.length === 1) out.push(run);
      else for (let i = 0; i < run.length - 1; i++) out.push(run.slice(i, i + 2));
    }
  }
  return out;
}

export const MINI_OPTIONS: Options<SearchDoc> = { fields: [...SEARCH_FIELDS], tokenize, processTerm: (t) => t.toLowerCase(), autoVacuum: false };

/** Query terms of four letters or more also match longer words (token → tokens). */
export const isPrefixTerm = (term: string) => term.length >= 4;

export interface OpenedIndex {
  /** Holds the query's terms at least: a fresh cache loads nothing else. */
  mini: MiniSearch<SearchDoc>;
  meta(id: number): SessionMeta | undefined;
  sessions: number;
  /** How the cache was used: as it was, updated for changed files, or built from scratch. */
  cache: 'fresh' | 'updated' | 'rebuilt';
  corrupt: CorruptFileError[];
}

/** The dictionary entries a query can reach: its words, and longer words they begin. */
function reachable(store: Store, query: string): DictEntry[] {
  const words = [...new Set(tokenize(query).map((t) => t.toLowerCase()))];
  const seen = new Map<string, DictEntry>();
  for (const w of words) for (const e of store.lookup(w, isPrefixTerm(w))) seen.set(e[0], e);
  return [...seen.values()];
}

/** MiniSearch's serialized form restricted to some terms and the sessions they occur in; global statistics kept, so scores are the same. */
function pruned(store: Store, index: AsPlainObject['index']): AsPlainObject {
  const ids = store.documentIds();
  const lengths = store.fieldLength();
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  for (const [, fields] of index) {
    for (const postings of Object.values(fields as Record<string, Record<string, number>>)) {
      for (const shortId of Object.keys(postings)) {
        if (shortId in documentIds) continue;
        const n = Number(shortId);
        documentIds[shortId] = ids[n]!;
        fieldLength[shortId] = lengths.slice(n * store.fields, (n + 1) * store.fields);
      }
    }
  }
  return { ...store.stats, documentIds, fieldLength, storedFields: {}, index };
}

/** The whole serialized index, to update it. */
function whole(store: Store, index: AsPlainObject['index']): AsPlainObject {
  const lengths = store.fieldLength();
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  store.documentIds().forEach((id, n) => {
    if (id < 0) return;
    documentIds[n] = id;
    fieldLength[n] = lengths.slice(n * store.fields, (n + 1) * store.fields);
  });
  return { ...store.stats, documentIds, fieldLength, storedFields: {}, index };
}

/** An index opened before its cache key is known: use it, but render nothing until `valid` says it is current. */
export interface SpeculativeIndex {
  index: OpenedIndex;
  /** Whether the cache matched the journal; false: `refresh()` gives the current index. */
  valid: Promise<boolean>;
  refresh(): Promise<OpenedIndex>;
}

/**
 * Opens the BM25 index for one query. The cache (see store.ts) is keyed by the state of every
 * journal file (see key.ts). The key's git process takes about as long as loading the query's
 * postings and running it, so the cached index is handed out at once, speculatively: the caller
 * runs the query while git works and checks `valid` before showing anything. When the key differs,
 * `refresh()` updates the cache: unchanged files keep their entries, changed, added and removed
 * files have their sessions replaced, added or dropped, and the cache is written again.
 */
export async function openIndex(repo: Repo, query: string): Promise<SpeculativeIndex> {
  const keyed = journalKey(repo.root); // git works on this while the index loads and the query runs
  const { default: Mini } = await import('minisearch');
  const refresh = async () => {
    const store = openStore(repo.stateDir);
    try {
      return await update(repo, Mini, store, await keyed);
    } finally {
      store?.close();
    }
  };
  const store = openStore(repo.stateDir);
  try {
    const index = store && store.postings(reachable(store, query));
    const mini = store && index && Mini.loadJS<SearchDoc>(pruned(store, index), MINI_OPTIONS);
    if (!store || !mini) return { index: await update(repo, Mini, store, await keyed), valid: Promise.resolve(true), refresh };
    const rows = new Map<number, SessionMeta | undefined>();
    const meta = (id: number) => {
      if (!rows.has(id)) rows.set(id, store.meta(id));
      return rows.get(id);
    };
    // A failed key fails here too, but only when awaited: refresh() then reports it.
    const valid = keyed.then((key) => store.hasKey(key), () => false);
    return { index: { mini, meta, sessions: store.stats.documentCount, cache: 'fresh', corrupt: [] }, valid, refresh };
  } finally {
    store?.close();
  }
}

/** Brings the cached index up to date with the journal files, or builds it, and stores it. */
async function update(repo: Repo, Mini: typeof MiniSearch, store: Store | null, key: Buffer): Promise<OpenedIndex> {
  const listing = listJournalFiles(repo.root);

  // Update what is cached, or start over when nothing usable is.
  const files = store && readFiles(repo.stateDir, store.generation);
  const all = files && store.postings(store.dictionary());
  const base = store && files && all ? { files, store, index: all } : null;
  const mini = base ? Mini.loadJS<SearchDoc>(whole(base.store, base.index), MINI_OPTIONS) : new Mini<SearchDoc>(MINI_OPTIONS);
  const entries: FileEntries = base ? { ...base.files } : {};
  const meta: Record<number, SessionMeta> = {};
  for (let id = 0; base && id < base.store.rows; id++) {
    const m = base.store.meta(id);
    if (m) meta[id] = m;
  }
  let nextId = Math.max(-1, ...Object.keys(meta).map(Number)) + 1;

  const current = new Map(listing.map((f) => [f.path, f]));
  const same = (p: string) => entries[p]!.size === current.get(p)?.size && entries[p]!.mtimeMs === current.get(p)?.mtimeMs;
  for (const p of Object.keys(entries).filter((p) => !same(p))) {
    for (const id of entries[p]!.ids) {
      mini.discard(id);
      delete meta[id];
    }
    delete entries[p];
  }
  const corrupt: CorruptFileError[] = [];
  const docs: SearchDoc[] = [];
  for (const f of listing.filter((f) => !entries[f.path])) {
    const got = readJournalFile(repo.root, f.path);
    if (got.corrupt) corrupt.push(got.corrupt);
    const ids = got.sessions.map((s) => {
      const { doc, meta: m } = toDocument(nextId++, s, f.path);
      docs.push(doc);
      meta[doc.id] = m;
      return doc.id;
    });
    entries[f.path] = { size: f.size, mtimeMs: f.mtimeMs, ids };
  }
  mini.addAll(docs);
  if (mini.dirtCount > 0) await mini.vacuum({ batchSize: 100_000, batchWait: 0 });
  try {
    writeStore(repo.stateDir, key.toString('utf8'), mini.toJSON(), meta, entries);
  } catch {
    /* a read-only git directory: search still works, uncached */
  }
  return { mini, meta: (id) => meta[id], sessions: mini.documentCount, cache: base ? 'updated' : 'rebuilt', corrupt };
}
