// The cold build: every journal file read once, in order, into flat arrays of numbers, and the
// store written from them block by block. What a file holds is dropped as soon as it is counted,
// so memory grows with the postings (a few numbers per word of a session), not with the journal.
import type { CorruptFileError } from '../memory/frontmatter.js';
import { SEARCH_FIELDS, readJournalFile, toDocument, type JournalFile, type SessionMeta } from './documents.js';
import { analyze, type Searchable, type TermPostings } from './postings.js';
import { fromRow, toRow, type FileEntries, type StoreContent } from './store.js';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What a long build reports as it goes: files read so far of all, then the write. */
export type BuildProgress = { phase: 'read'; done: number; total: number } | { phase: 'write' } | { phase: 'done' };

const CHUNK = 1 << 16;
/** Journals at least this large (bytes of files) get a full collection between the build's phases. */
const LARGE = 8 << 20;

/**
 * For a large build: a full collection between phases, so what one phase dropped (the files'
 * texts, the records the grouping has read) is returned before the next allocates; V8 does not
 * count the dropped chunks as pressure. A no-op for a small build. (A smaller young generation,
 * --max-semi-space-size=1, set here at run time changed nothing measurable: it only helps from
 * the command line.)
 */
function heapSettings(bytes: number): () => void {
  if (bytes < LARGE) return () => {};
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    return () => gc();
  } catch {
    return () => {};
  }
}
const EMPTY = new Uint32Array(0);

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

  /** Lets go of the chunks wholly before `i`: a reader going forward has no more use for them. */
  dropBefore(i: number): void {
    for (let k = 0; k < i >>> 16; k++) this.chunks[k] = EMPTY;
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
  files: FileEntries;
  corrupt: CorruptFileError[];
  /** The same index, searched where the build holds it: nothing is copied or read back. */
  searchable: Searchable;
  /** The metadata of a session id. */
  meta(id: number): SessionMeta | undefined;
  /** Returns what the store's write dropped before the query allocates (a large build only). */
  collect(): void;
}

/**
 * Indexes `listing` (every journal file, in path order) from scratch. Session ids, terms, blocks
 * and statistics come out exactly as an in-memory Postings built from the same files gives them
 * (test/search/cold-build.test.ts compares the two).
 */
export function buildIndex(root: string, listing: readonly JournalFile[], progress?: (p: BuildProgress) => void): Built {
  const F = SEARCH_FIELDS.length;
  const termIds = new Map<string, number>();
  const names: string[] = [];
  // One record per (term, field, session): term × F + field, and the count; a session's records
  // are one run, from firsts[session].
  const keys = new Numbers();
  const tfs = new Numbers();
  const firsts = new Numbers();
  const lengths = new Numbers();
  // Metadata as rows: the strings a parsed file gives are views into its text, which they would keep.
  const rows: string[] = [];
  const files: FileEntries = {};
  const corrupt: CorruptFileError[] = [];
  let id = 0;
  let bytes = 0;
  for (const f of listing) bytes += f.size;
  const collect = heapSettings(bytes);
  // A plain loop, not a callback: what only it uses (the file list) is not kept alive by the
  // closures the result holds.
  for (let done = 0; done < listing.length; done++) {
    const f = listing[done]!;
    if ((done & 255) === 0) progress?.({ phase: 'read', done, total: listing.length });
    const got = readJournalFile(root, f.path);
    if (got.corrupt) corrupt.push(got.corrupt);
    const ids: number[] = [];
    for (const s of got.sessions) {
      const { doc, meta } = toDocument(s, f.path);
      firsts.push(keys.length);
      for (const length of analyze(doc, (term, field, tf) => {
        let t = termIds.get(term);
        if (t === undefined) {
          // A copy: a long word is a view into its file's text, and would keep all of it.
          const own = Buffer.from(term, 'utf8').toString('utf8');
          termIds.set(own, (t = names.push(own) - 1));
        }
        keys.push(t * F + field);
        tfs.push(tf);
      })) lengths.push(length);
      rows.push(toRow(meta));
      ids.push(id++);
    }
    files[f.path] = { size: f.size, mtimeMs: f.mtimeMs, ids };
  }
  progress?.({ phase: 'read', done: listing.length, total: listing.length });
  collect();

  // Group the records by term and field (a counting sort: sessions stay ascending in each group).
  const groups = names.length * F;
  const start = new Uint32Array(groups + 1);
  for (let i = 0; i < keys.length; i++) start[keys.get(i) + 1]!++;
  for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!;
  const at = start.slice(0, groups);
  const groupedDocs = new Uint32Array(keys.length);
  const groupedTfs = new Uint32Array(keys.length);
  firsts.push(keys.length);
  for (let d = 0, i = 0; d < id; d++) {
    for (const end = firsts.get(d + 1); i < end; i++) {
      const k = at[keys.get(i)]!++;
      groupedDocs[k] = d;
      groupedTfs[k] = tfs.get(i);
      // The records are read once, in order: each chunk goes as soon as it is read.
      if ((i & (CHUNK - 1)) === CHUNK - 1) keys.dropBefore(i + 1), tfs.dropBefore(i + 1);
    }
  }
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
  // One buffer for every block, grown as needed: the store writes a block before asking for the
  // next, and a new array per term (80k at 50k sessions) is garbage the size of the postings.
  let scratch = new Uint32Array(1024);
  const block = (t: number): Uint32Array => {
    let size = 0;
    for (let f = 0; f < F; f++) {
      const n = start[t * F + f + 1]! - start[t * F + f]!;
      if (n) size += 2 + 2 * n;
    }
    if (size > scratch.length) scratch = new Uint32Array(Math.max(size, scratch.length * 2));
    const out = scratch.subarray(0, size);
    let i = 0;
    for (let f = 0; f < F; f++) {
      const from = start[t * F + f]!;
      const n = start[t * F + f + 1]! - from;
      if (!n) continue;
      out[i] = f;
      out[i + 1] = n;
      out.set(groupedDocs.subarray(from, from + n), i + 2);
      out.set(groupedTfs.subarray(from, from + n), i + 2 + n);
      i += 2 + 2 * n;
    }
    return out;
  };
  const postingsOf = (t: number): TermPostings => {
    const out: TermPostings = [];
    for (let f = 0; f < F; f++) {
      const from = start[t * F + f]!;
      const to = start[t * F + f + 1]!;
      if (to > from) out[f] = { docs: groupedDocs.subarray(from, to), tfs: groupedTfs.subarray(from, to) };
    }
    return out;
  };
  return {
    content: {
      documents,
      averageLength,
      lengths: lengthArray,
      *blocks() {
        for (const t of order) yield [names[t]!, block(t)];
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
          return t === undefined ? [] : [[term, postingsOf(t)]];
        }
        // The terms that start with `term` are one run of the sorted order.
        let lo = 0;
        let hi = order.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (names[order[mid]!]! < term) lo = mid + 1;
          else hi = mid;
        }
        const out: [string, TermPostings][] = [];
        for (let i = lo; i < order.length && names[order[i]!]!.startsWith(term); i++) out.push([names[order[i]!]!, postingsOf(order[i]!)]);
        return out;
      },
    },
  };
}
