// The cold build: every journal file read once, in order, its sessions' postings packed into runs
// batch by batch (runs.ts), and the store written block by block as the runs are merged. What a
// file holds is dropped as soon as it is counted, so memory grows with the packed postings (a few
// bytes per word of a session), not with the journal.
import type { CorruptFileError } from '../memory/frontmatter.js';
import { SEARCH_FIELDS, readJournalFile, toDocument, type JournalFile, type SessionMeta } from './documents.js';
import { collector } from './heap.js';
import { analyze, type Searchable, type TermPostings } from './postings.js';
import { lowerBound, Runs } from './runs.js';
import { fromRow, toRow, type FileEntry, type StoreContent } from './store.js';

/** What a long build reports as it goes: files read so far of all, then the write. */
export type BuildProgress = { phase: 'read'; done: number; total: number } | { phase: 'write' } | { phase: 'done' };

const CHUNK = 1 << 16;

/** A list of 32-bit numbers that grows by whole chunks: nothing is copied as it grows. */
class Numbers {
  private chunks: Uint32Array[] = [];
  length = 0;

  push(v: number): void {
    const at = this.length & (CHUNK - 1);
    if (at === 0) this.chunks.push(new Uint32Array(CHUNK));
    this.chunks[this.chunks.length - 1]![at] = v;
    this.length++;
  }

  get(i: number): number {
    return this.chunks[i >>> 16]![i & (CHUNK - 1)]!;
  }

  toArray(): Uint32Array {
    const out = new Uint32Array(this.length);
    this.chunks.forEach((c, k) => out.set(k === this.chunks.length - 1 ? c.subarray(0, this.length - k * CHUNK) : c, k * CHUNK));
    return out;
  }
}

/** A cold build's result: the content to store, and the file list and problems found. */
export interface Built {
  content: StoreContent;
  /** Each file's entry, made as it is asked for, in path order. */
  files: Iterable<[path: string, entry: FileEntry]>;
  corrupt: CorruptFileError[];
  /** The same index, searched in the build's runs (a query unpacks its own terms): nothing is read back. */
  searchable: Searchable;
  /** The metadata of a session id. */
  meta(id: number): SessionMeta | undefined;
  /** Returns what the store's write dropped before the query allocates (a large build only). */
  collect(): void;
}

/**
 * Indexes `listing` (every journal file, in path order) from scratch. Session ids, terms, blocks
 * and statistics come out exactly as an in-memory Postings built from the same files gives them
 * (test/search/cold-build.test.ts compares the two). `batch`: records per run (see runs.ts).
 */
export function buildIndex(root: string, listing: readonly JournalFile[], progress?: (p: BuildProgress) => void, batch?: number): Built {
  const steps = buildSteps(root, listing, progress, batch);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * buildIndex in slices of about `sliceMs` of work, letting the event loop run between them: a
 * long-lived process (the MCP server) keeps answering while it builds. Null once `stop.stopped`.
 */
export async function buildIndexSliced(root: string, listing: readonly JournalFile[], sliceMs: number, stop: { stopped: boolean }): Promise<Built | null> {
  const steps = buildSteps(root, listing);
  for (let from = performance.now(); ; ) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - from >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      if (stop.stopped) return null;
      from = performance.now();
    }
  }
}

/** The build, one journal file per step. */
function* buildSteps(root: string, listing: readonly JournalFile[], progress?: (p: BuildProgress) => void, batch?: number): Generator<void, Built> {
  const F = SEARCH_FIELDS.length;
  const termIds = new Map<string, number>();
  const names: string[] = [];
  const runs = new Runs(names, batch);
  const lengths = new Numbers();
  // Metadata as rows: the strings a parsed file gives are views into its text, which they would keep.
  const rows: string[] = [];
  // A file's sessions have consecutive ids: the first of each file, and one more, say which.
  const firstIds = new Numbers();
  const corrupt: CorruptFileError[] = [];
  let id = 0;
  let bytes = 0;
  for (const f of listing) bytes += f.size;
  const collect = collector(bytes);
  // A plain loop, not a callback: what only it uses (the file list) is not kept alive by the
  // closures the result holds.
  for (let done = 0; done < listing.length; done++) {
    const f = listing[done]!;
    if ((done & 255) === 0) progress?.({ phase: 'read', done, total: listing.length });
    firstIds.push(id);
    const got = readJournalFile(root, f.path);
    if (got.corrupt) corrupt.push(got.corrupt);
    for (const s of got.sessions) {
      const { doc, meta } = toDocument(s, f.path);
      runs.session();
      for (const length of analyze(doc, (term, field, tf) => {
        let t = termIds.get(term);
        if (t === undefined) {
          // A copy: a long word is a view into its file's text, and would keep all of it.
          const own = Buffer.from(term, 'utf8').toString('utf8');
          termIds.set(own, (t = names.push(own) - 1));
        }
        runs.add(t, field, tf);
      })) lengths.push(length);
      rows.push(toRow(meta));
      id++;
    }
    yield;
  }
  firstIds.push(id);
  runs.finish();
  progress?.({ phase: 'read', done: listing.length, total: listing.length });
  collect();

  const order = names.map((_, t) => t).sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
  const lengthArray = lengths.toArray();
  const documents = id;
  // As Postings computes it: a sum over the sessions in id order, per field.
  const averageLength = SEARCH_FIELDS.map((_, f) => {
    let sum = 0;
    for (let d = 0; d < documents; d++) sum += lengthArray[d * F + f]!;
    return documents ? sum / documents : 0;
  });
  const files: Iterable<[string, FileEntry]> = {
    *[Symbol.iterator]() {
      for (let i = 0; i < listing.length; i++) {
        const ids: number[] = [];
        for (let d = firstIds.get(i); d < firstIds.get(i + 1); d++) ids.push(d);
        yield [listing[i]!.path, { size: listing[i]!.size, mtimeMs: listing[i]!.mtimeMs, ids }];
      }
    },
  };
  return {
    content: {
      documents,
      averageLength,
      lengths: lengthArray,
      *blocks() {
        for (const [t, block] of runs.blocks(order)) yield [names[t]!, block];
      },
      row: (d) => rows[d],
    },
    files,
    corrupt,
    collect,
    meta: (d) => (rows[d] === undefined ? undefined : fromRow(rows[d]!)),
    searchable: {
      documents,
      averageLength,
      fieldLength: (d, f) => lengthArray[d * F + f] ?? 0,
      matches(term, prefix) {
        if (!prefix) {
          const t = termIds.get(term);
          return t === undefined ? [] : [[term, runs.postings(t)]];
        }
        // The terms that start with `term` are one run of the sorted order.
        const lo = lowerBound(order, names, term);
        const out: [string, TermPostings][] = [];
        for (let i = lo; i < order.length && names[order[i]!]!.startsWith(term); i++) out.push([names[order[i]!]!, runs.postings(order[i]!)]);
        return out;
      },
    },
  };
}
