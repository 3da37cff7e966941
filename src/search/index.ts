import type { Repo } from '../git/repo.js';
import type { CorruptFileError } from '../memory/frontmatter.js';
import type { Session } from '../memory/session.js';
import { query, type QueryOptions, type Ranking } from './bm25.js';
import { listJournalFiles, readJournalFile, toDocument, type JournalFile, type SessionMeta } from './documents.js';
import { journalKey } from './key.js';
import { Postings } from './postings.js';
import { buildIndex, type BuildProgress } from './build.js';
import { smallYoungGeneration } from './heap.js';
import { openStore, readFiles, writeStore, writeStoreContent, type FileEntries, type Store } from './store.js';

export interface OpenedIndex {
  /** Runs a query (see bm25.ts). */
  search(text: string, opts?: QueryOptions): Ranking;
  meta(id: number): SessionMeta | undefined;
  sessions: number;
  /** How the cache was used: as it was, updated for changed files, or built from scratch. */
  cache: 'fresh' | 'updated' | 'rebuilt';
  corrupt: CorruptFileError[];
  /** Lets go of files the index reads from, if it does (one built and stored just now). */
  close?(): void;
  /** A journal file's sessions, where the index keeps them (search/live.ts); else the caller reads the file. */
  sessionsOf?(path: string): Session[];
}

/** An index opened before its cache key is known: use it, but render nothing until `valid` says it is current. */
export interface SpeculativeIndex {
  index: OpenedIndex;
  /** Whether the cache matched the journal; false: `refresh()` gives the current index. */
  valid: Promise<boolean>;
  refresh(): Promise<OpenedIndex>;
  /** Lets go of the cache's files; call it once the answer is shown. */
  close(): void;
}

/**
 * Opens the BM25 index for one query. The cache (see store.ts) is keyed by the state of every
 * journal file (see key.ts). The key's git process takes about as long as loading the query's
 * postings and running it, so the cached index is handed out at once, speculatively: the caller
 * runs the query while git works and checks `valid` before showing anything. When the key differs,
 * `refresh()` updates the cache: unchanged files keep their entries, changed, added and removed
 * files have their sessions replaced, added or dropped, and the cache is written again.
 */
export async function openIndex(repo: Repo, progress?: (p: BuildProgress) => void): Promise<SpeculativeIndex> {
  const keyed = journalKey(repo.root); // git works on this while the index loads and the query runs
  let refreshed: OpenedIndex | undefined;
  const refresh = async () => {
    const store = openStore(repo.stateDir);
    try {
      return (refreshed = await update(repo, store, await keyed, progress));
    } finally {
      store?.close();
    }
  };
  const store = openStore(repo.stateDir);
  if (!store) {
    const index = await update(repo, null, await keyed, progress);
    return { index, valid: Promise.resolve(true), refresh, close: () => index.close?.() };
  }
  const rows = new Map<number, SessionMeta | undefined>();
  const meta = (id: number) => {
    if (!rows.has(id)) rows.set(id, store.meta(id));
    return rows.get(id);
  };
  // A failed key fails here too, but only when awaited: refresh() then reports it.
  const valid = keyed.then((key) => store.hasKey(key), () => false);
  return { index: { search: (q, opts) => query(store, q, opts), meta, sessions: store.documents, cache: 'fresh', corrupt: [] }, valid, refresh, close: () => (store.close(), refreshed?.close?.()) };
}

/** Brings the cached index up to date with the journal files, or builds it, and stores it. */
async function update(repo: Repo, store: Store | null, key: Buffer, progress?: (p: BuildProgress) => void): Promise<OpenedIndex> {
  // A build reads every file of the journal: with a small young generation (see heap.ts), from the
  // listing on when there is no store. Not an update, which loads the whole index: what a small
  // young generation promotes early only grows the old one (45 MB more at 50k sessions).
  const rebuild = (listing?: JournalFile[]) => smallYoungGeneration(() => build(repo, listing ?? listJournalFiles(repo.root), key, progress));
  if (!store) return rebuild();
  const listing = listJournalFiles(repo.root);

  // Update what is cached, or start over when nothing usable is.
  const files = readFiles(repo.stateDir, store.generation);
  const loaded = files && store.load();
  if (!loaded) return rebuild(listing);
  const index = loaded ?? new Postings();
  const entries: FileEntries = loaded ? { ...files } : {};
  let meta: SessionMeta[] = [];
  for (let id = 0; loaded && id < index.documents; id++) meta.push(store!.meta(id)!);

  const current = new Map(listing.map((f) => [f.path, f]));
  const same = (p: string) => entries[p]!.size === current.get(p)?.size && entries[p]!.mtimeMs === current.get(p)?.mtimeMs;
  const gone = new Set<number>();
  for (const p of Object.keys(entries).filter((p) => !same(p))) {
    for (const id of entries[p]!.ids) gone.add(id);
    delete entries[p];
  }
  if (gone.size) {
    const renumber = index.remove(gone);
    for (const e of Object.values(entries)) e.ids = e.ids.map((id) => renumber[id]!);
    meta = meta.filter((_, id) => renumber[id]! >= 0);
  }
  const corrupt: CorruptFileError[] = [];
  const added = listing.filter((f) => !entries[f.path]);
  added.forEach((f, done) => {
    if ((done & 255) === 0) progress?.({ phase: 'read', done, total: added.length });
    const got = readJournalFile(repo.root, f.path);
    if (got.corrupt) corrupt.push(got.corrupt);
    const ids = got.sessions.map((s) => {
      const { doc, meta: m } = toDocument(s, f.path);
      const id = index.add(doc);
      meta[id] = m;
      return id;
    });
    entries[f.path] = { size: f.size, mtimeMs: f.mtimeMs, ids };
  });
  progress?.({ phase: 'write' });
  try {
    writeStore(repo.stateDir, key, index, meta, entries);
  } catch {
    /* a read-only git directory: search still works, uncached */
  }
  progress?.({ phase: 'done' });
  return { search: (q, opts) => query(index, q, opts), meta: (id) => meta[id], sessions: index.documents, cache: 'updated', corrupt };
}

/**
 * Builds the index from scratch (build.ts) and stores it; the query is answered from the build's
 * own runs, which hold the same index, so the stored files are not read back.
 */
function build(repo: Repo, listing: JournalFile[], key: Buffer, progress?: (p: BuildProgress) => void): OpenedIndex {
  const built = buildIndex(repo.root, listing, progress);
  progress?.({ phase: 'write' });
  try {
    writeStoreContent(repo.stateDir, key, built.content, built.files);
  } catch {
    /* a read-only git directory: search still works, uncached */
  }
  built.collect();
  progress?.({ phase: 'done' });
  // Only what answers is kept: the file list and the store's content go with `built`.
  const { searchable: index, meta, corrupt } = built;
  return { search: (q, opts) => query(index, q, opts), meta, sessions: index.documents, cache: 'rebuilt', corrupt };
}
