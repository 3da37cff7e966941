// What changed in the journal since the stored index was built, kept beside it instead of
// rewriting it: the sessions of added and changed files, indexed in memory, and the stored
// sessions they replace or that are gone. A query sees the two as one index (overlay). An update
// reads the stored file list and the changed files only, never the stored postings whole: at 10,000
// sessions loading them to update was 133 MB.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../fs/atomic.js';
import { isRecord } from '../fs/state.js';
import { SEARCH_DELTA_FILE } from '../paths.js';
import { SEARCH_FIELDS, type SessionMeta } from './documents.js';
import { Postings, type FieldPostings, type Searchable, type TermPostings } from './postings.js';
import type { FileEntries } from './store.js';

/** Beyond this many sessions in the delta, an update builds the whole index again (build.ts) instead. */
export const deltaLimit = (stored: number) => Math.min(2000, Math.max(256, Math.floor(stored / 8)));

/** A delta as written: for one stored generation, valid for one cache key. */
export interface Delta {
  /** The stored index's generation it applies to. */
  generation: string;
  /** The cache key (key.ts) of the journal the stored index and this delta together hold. */
  key: Buffer;
  /** Stored session ids no longer in the journal as stored (their file changed or went). */
  masked: number[];
  /** The changed and added files: each one's size, mtime and its sessions' ids in `index`. */
  files: FileEntries;
  /** The delta's own index: field lengths, then each term's postings as [field, docs, tfs] triples. */
  lengths: number[];
  terms: [term: string, postings: [field: number, docs: number[], tfs: number[]][]][];
  meta: SessionMeta[];
}

/**
 * The file: one JSON line (the delta without its key, and the key's length in bytes), then the
 * key's bytes. The key lists every journal file (3.5 MB at 50,000 sessions): in the JSON, as base64,
 * it made a server's first search parse 5 MB (~40-90 ms of CPU) to search 20 new sessions.
 */
type DeltaHead = Omit<Delta, 'key'> & { keyBytes: number };

const isDeltaHead = (v: unknown): v is DeltaHead =>
  isRecord(v) && typeof v.generation === 'string' && typeof v.keyBytes === 'number' && Array.isArray(v.masked) && isRecord(v.files) && Array.isArray(v.lengths) && Array.isArray(v.terms) && Array.isArray(v.meta);

/** The delta stored for `generation`, or null (none, another generation's, torn, or of the older all-JSON layout). */
export function readDelta(stateDir: string, generation: string): Delta | null {
  let fd: number | undefined;
  try {
    fd = openSync(join(stateDir, SEARCH_DELTA_FILE), 'r');
    if (ofAnotherGeneration(fd, generation)) return null;
    const file = readFileSync(fd);
    const nl = file.indexOf(10);
    if (nl < 0) return null;
    const head: unknown = JSON.parse(file.toString('utf8', 0, nl));
    if (!isDeltaHead(head) || head.generation !== generation || file.length !== nl + 1 + head.keyBytes) return null;
    const { keyBytes: _, ...rest } = head;
    return { ...rest, key: file.subarray(nl + 1) };
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Whether the delta file is, by its first bytes, another generation's (one the stored index was
 * built again since): then it is not read whole. It holds the key (763 KB at 10,000 sessions), and
 * a warm search after a build read all of it to find the generation at its start. A file that
 * does not begin as writeDelta begins one is not told apart here: readDelta reads it whole. The
 * bytes are read where they are (the file's offset stays at its start, for the whole read).
 */
function ofAnotherGeneration(fd: number, generation: string): boolean {
  const start = Buffer.alloc(128);
  const m = /^\{"generation":("(?:[^"\\]|\\.)*")/.exec(start.toString('utf8', 0, readSync(fd, start, 0, start.length, 0)));
  return !!m && JSON.parse(m[1]!) !== generation;
}

export function writeDelta(stateDir: string, generation: string, key: Buffer, masked: Iterable<number>, files: FileEntries, index: Postings, meta: SessionMeta[]): void {
  const terms: Delta['terms'] = [];
  for (const [term, byField] of index.terms) {
    const out: [number, number[], number[]][] = [];
    byField.forEach((p, f) => p && out.push([f, p.docs, p.tfs]));
    terms.push([term, out]);
  }
  const head: DeltaHead = { generation, keyBytes: key.length, masked: [...masked], files, lengths: [...index.allLengths()], terms, meta };
  writeAtomic(stateDir, join(stateDir, SEARCH_DELTA_FILE), function* () {
    yield Buffer.from(`${JSON.stringify(head)}\n`);
    yield key;
  }, { durable: false });
}

/** The delta's sessions as an index in memory, with their metadata. */
export function deltaIndex(d: Delta): { index: Postings; meta: SessionMeta[] } {
  const entries = d.terms.map(([term, fields]): [string, TermPostings] => {
    const byField: TermPostings = [];
    for (const [f, docs, tfs] of fields) byField[f] = { docs, tfs };
    return [term, byField];
  });
  return { index: Postings.from(d.lengths, entries), meta: d.meta };
}

/**
 * The stored index with its delta laid over it: stored ids keep their numbers, the delta's follow
 * them. Masked stored sessions are in no posting list and count nowhere, so a session scores as it
 * would in an index built from scratch (the number of sessions and mean field lengths are those of
 * the journal as it is).
 */
export function overlay(base: Searchable & { meta(id: number): SessionMeta | undefined }, masked: ReadonlySet<number>, delta: Postings, deltaMeta: readonly SessionMeta[]): Searchable & { meta(id: number): SessionMeta | undefined } {
  const offset = base.documents;
  const F = SEARCH_FIELDS.length;
  const live = offset - masked.size + delta.documents;
  const deltaMeans = delta.averageLength;
  const averageLength = SEARCH_FIELDS.map((_, f) => {
    let sum = base.averageLength[f]! * offset + deltaMeans[f]! * delta.documents;
    for (const id of masked) sum -= base.fieldLength(id, f);
    return live ? sum / live : 0;
  });
  const join = (a: FieldPostings | undefined, b: FieldPostings | undefined): FieldPostings | undefined => {
    const docs: number[] = [];
    const tfs: number[] = [];
    for (let i = 0; a && i < a.docs.length; i++) if (!masked.has(a.docs[i]!)) docs.push(a.docs[i]!), tfs.push(a.tfs[i]!);
    for (let i = 0; b && i < b.docs.length; i++) docs.push(b.docs[i]! + offset), tfs.push(b.tfs[i]!);
    return docs.length ? { docs, tfs } : undefined;
  };
  return {
    documents: offset + delta.documents,
    count: live,
    averageLength,
    fieldLength: (id, f) => (id < offset ? base.fieldLength(id, f) : delta.fieldLength(id - offset, f)),
    matches(term, prefix) {
      const byTerm = new Map<string, [TermPostings | undefined, TermPostings | undefined]>();
      for (const [t, p] of base.matches(term, prefix)) byTerm.set(t, [p, undefined]);
      for (const [t, p] of delta.matches(term, prefix)) byTerm.set(t, [byTerm.get(t)?.[0], p]);
      const out: [string, TermPostings][] = [];
      for (const [t, [a, b]] of byTerm) {
        const joined: TermPostings = [];
        let any = false;
        for (let f = 0; f < F; f++) any = !!(joined[f] = join(a?.[f], b?.[f])) || any;
        if (any) out.push([t, joined]);
      }
      return out;
    },
    meta: (id) => (id < offset ? (masked.has(id) ? undefined : base.meta(id)) : deltaMeta[id - offset]),
  };
}
