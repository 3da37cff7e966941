import type { Repo } from '../git/repo.js';
import type { CorruptFileError } from '../memory/frontmatter.js';
import type { Session } from '../memory/session.js';
import { query, type QueryOptions, type Ranking } from './bm25.js';
import { dayFileDay, folderDay, readJournalFile, toDocument, type DaysSeen, type JournalFile, type SessionMeta } from './documents.js';
import { journalKey, type JournalKey } from './key.js';
import { Postings } from './postings.js';
import { deltaIndex, deltaLimit, overlay, readDelta, writeDelta, type Delta } from './delta.js';
import { buildIndex, buildIndexSliced, type BuildProgress } from './build.js';
import { indexNewest, type NewestIndex } from './newest.js';
import { smallYoungGeneration } from './heap.js';
import { mark } from '../trace.js';
import { openStore, readFiles, writeStoreContent, type FileEntries, type Store } from './store.js';

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
  /** Set while the whole index is being built: the newest journal files only were searched, `files` of them, back to the day `from` (search/newest.ts). */
  partial?: { files: number; from: string };
  /** Set where the index answered as stored while it is still being checked against the journal (search/live.ts). */
  unchecked?: true;
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
 * Opens the BM25 index for one query. The cache (see store.ts) is keyed by the state of the
 * journal (see key.ts). The cached index is handed out speculatively: the caller may run the query
 * on it, but checks `valid` before showing anything. When the key differs, `refresh()` updates the
 * cache: the sessions of changed, added and removed files are written as a delta beside the stored
 * index (delta.ts), which is left as it is; a delta grown too large is folded in by building the
 * whole index again.
 *
 * `elsewhere`: with no index stored (a fresh clone), the newest journal files are indexed for
 * about `firstMs`; where that is not the whole journal and the whole index is being built by
 * another process (`build`: see background.ts, which starts one where none is under way), they
 * answer now, saying so (`partial`). A journal read whole in that time, or smaller than
 * BUILD_ELSEWHERE_FILES, is indexed here, as before.
 *
 * `keySliced`: told how far the listing for the cache key got, after each of its slices (a server
 * that will not wait for the key past a time, see live.ts).
 */
export async function openIndex(repo: Repo, progress?: (p: BuildProgress) => void, opened?: Store, inline = true, elsewhere?: { build: () => boolean; firstMs: number }, keySliced?: (seen: DaysSeen) => void): Promise<SpeculativeIndex> {
  const store = opened ?? openStore(repo.stateDir);
  const newest = !store && elsewhere ? newestIndex(repo.root, elsewhere.firstMs, BUILD_ELSEWHERE_FILES) : null;
  if (newest?.partial && newest.counted >= BUILD_ELSEWHERE_FILES && elsewhere!.build()) {
    return { index: newest, valid: Promise.resolve(true), refresh: async () => newest, close: () => {} };
  }
  // The journal listed once: the key says what the index must hold, and an update or a build reads
  // that very listing, so the key it stores never says more than was read. A process that answers
  // this one search (`inline`: a command) lists it in one go; a server, in slices.
  const keyed = journalKey(repo.root, inline ? Infinity : undefined, undefined, keySliced, repo.stateDir).then((k) => (mark('search: journal listed'), k!));
  keyed.catch(() => {}); // reported where awaited
  let refreshed: OpenedIndex | undefined;
  const refresh = async () => (refreshed = await update(repo, openStore(repo.stateDir), await keyed, progress, inline));
  if (!store) {
    const index = await update(repo, null, await keyed, progress);
    return { index, valid: Promise.resolve(true), refresh, close: () => index.close?.() };
  }
  const delta = readDelta(repo.stateDir, store.generation);
  // A delta that changes no session (files touched, not changed) only says which key the stored index is current for.
  const view = delta && (delta.masked.length || delta.meta.length) ? withDelta(store, delta) : null;
  const rows = new Map<number, SessionMeta | undefined>();
  const meta =
    view?.meta ??
    ((id: number) => {
      if (!rows.has(id)) rows.set(id, store.meta(id));
      return rows.get(id);
    });
  // A failed key fails here too, but only when awaited: refresh() then reports it.
  const valid = keyed.then(({ key }) => (delta ? delta.key.equals(key) : store.hasKey(key)), () => false);
  const searched = view ?? store;
  return {
    index: { search: (q, opts) => query(searched, q, opts), meta, sessions: searched.count ?? searched.documents, cache: 'fresh', corrupt: [] },
    valid,
    refresh,
    close: () => (store.close(), refreshed?.close?.()),
  };
}

/**
 * Below this many journal files a first search builds the whole index itself: a few hundred
 * sessions take a fraction of a second (1,000 took 0.35 s on the bench), less than a second
 * process would cost, and the index is stored when the command returns.
 */
export const BUILD_ELSEWHERE_FILES = 256;

/**
 * The journal's newest files indexed for about `ms` (search/newest.ts), as an index that says so
 * where it holds only part of the journal; `counted`: the journal's files, counted up to `countTo`.
 */
export function newestIndex(root: string, ms: number, countTo = 0): OpenedIndex & { counted: number } {
  return asOpened(indexNewest(root, ms, countTo));
}

/** The newest files read (search/newest.ts) as an index that says so where it holds only part of the journal. */
export function asOpened(newest: NewestIndex): OpenedIndex & { counted: number } {
  return {
    counted: newest.counted,
    search: (q, opts) => query(newest.index, q, opts),
    meta: (id) => newest.meta[id],
    sessions: newest.index.documents,
    cache: 'rebuilt',
    corrupt: newest.corrupt,
    ...(newest.complete ? {} : { partial: { files: newest.files, from: newest.from! } }),
  };
}

/** Thrown by an update told not to build the whole index (`inline` false) where it would: the caller builds it its own way. */
export class BuildNeeded extends Error {
  constructor() {
    super('the search index must be built again');
  }
}

/** The stored index with a delta laid over it. */
function withDelta(store: Store, delta: Delta) {
  const { index, meta } = deltaIndex(delta);
  return overlay(store, new Set(delta.masked), index, meta);
}

/**
 * Brings the cached index up to date with the journal files, or builds it, and stores it. An
 * update reads the stored file list and the changed files, and writes a new delta; the stored
 * postings are read only as queries need them. The result owns `store` (its close() closes it).
 */
async function update(repo: Repo, store: Store | null, { key, listing }: JournalKey, progress?: (p: BuildProgress) => void, inline = true): Promise<OpenedIndex> {
  // A build reads every file of the journal: with a small young generation (see heap.ts).
  const rebuild = () => {
    store?.close();
    if (!inline) throw new BuildNeeded();
    return smallYoungGeneration(() => build(repo, listing, key, progress));
  };
  if (!store) return rebuild();
  const stored = readFiles(repo.stateDir, store.generation);
  if (!stored) return rebuild();
  const now = new Map(listing.map((f) => [f.path, f]));
  const same = (f: JournalFile) => stored[f.path]?.size === f.size && stored[f.path]?.mtimeMs === f.mtimeMs;
  // A day file added, changed or removed changes which sessions of its day's folder are indexed (documents.ts readJournalFile): they are read again.
  const days = new Set<string>();
  for (const path of Object.keys(stored)) if (!now.has(path) || !same(now.get(path)!)) days.add(dayFileDay(path) ?? '');
  for (const f of listing) if (!stored[f.path]) days.add(dayFileDay(f.path) ?? '');
  days.delete('');
  const current = (f: JournalFile) => same(f) && !days.has(folderDay(f.path) ?? '');
  const masked = new Set<number>();
  for (const [path, entry] of Object.entries(stored)) if (!now.has(path) || !current(now.get(path)!)) for (const id of entry.ids) masked.add(id);
  const changed = listing.filter((f) => !current(f));

  const limit = deltaLimit(store.documents);
  const delta = new Postings();
  const meta: SessionMeta[] = [];
  const files: FileEntries = {};
  const corrupt: CorruptFileError[] = [];
  for (let done = 0; done < changed.length; done++) {
    const f = changed[done]!;
    if ((done & 255) === 0) progress?.({ phase: 'read', done, total: changed.length });
    const got = readJournalFile(repo.root, f.path);
    if (got.corrupt) corrupt.push(got.corrupt);
    const ids = got.sessions.map((s) => {
      const { doc, meta: m } = toDocument(s, f.path);
      const id = delta.add(doc);
      meta[id] = m;
      return id;
    });
    files[f.path] = { size: f.size, mtimeMs: f.mtimeMs, ids };
    // Too much changed to lay over the stored index: build it again, in one pass over the journal.
    if (delta.documents + masked.size > limit) return rebuild();
  }
  progress?.({ phase: 'write' });
  try {
    writeDelta(repo.stateDir, store.generation, key, masked, files, delta, meta);
  } catch {
    /* a read-only git directory: search still works, uncached */
  }
  progress?.({ phase: 'done' });
  const view = overlay(store, masked, delta, meta);
  return { search: (q, opts) => query(view, q, opts), meta: view.meta, sessions: view.count ?? view.documents, cache: 'updated', corrupt, close: () => store.close() };
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

/**
 * Builds the index from scratch in slices of about `sliceMs`, letting the process answer between
 * them (a long-lived server after a clone, see live.ts), and stores it. Nothing is done before
 * `start` resolves (the caller's answer is out) and the event loop has run once more. The cache key
 * is the listing's (key.ts), taken before any file is read: a file changed meanwhile makes the
 * stored key stale, not the index. Returns whether the index was stored (not once `stop.stopped`).
 */
export async function buildInBackground(repo: Repo, sliceMs: number, stop: { stopped: boolean }, start: Promise<unknown> = Promise.resolve()): Promise<boolean> {
  await start;
  await new Promise((resolve) => setImmediate(resolve));
  if (stop.stopped) return false;
  // Listed as a search lists it, the listing kept for the searches after (key.ts).
  const keyed = await journalKey(repo.root, sliceMs, stop, undefined, repo.stateDir);
  const built = keyed && (await buildIndexSliced(repo.root, keyed.listing, sliceMs, stop));
  if (!built || stop.stopped) return false;
  writeStoreContent(repo.stateDir, keyed!.key, built.content, built.files);
  return true;
}
