import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../fs/atomic.js';
import { isRecord, readState, writeState } from '../fs/state.js';
import { SEARCH_FILES_FILE as FILES, SEARCH_HEADER_FILE as HEADER, SEARCH_POSTINGS_FILE as POSTINGS } from '../paths.js';
import { SEARCH_FIELDS, type SessionMeta } from './documents.js';
import { Postings, type Searchable, type TermPostings } from './postings.js';

/**
 * The search index on disk, laid out so that a query reads only what it needs and parses almost
 * nothing. Each term's postings are a binary block of one file, found through a sorted dictionary
 * of byte ranges, so a query reads its own terms' blocks and nothing else; the field lengths are
 * an array of 32-bit numbers used as they are read. Three files under the state directory:
 * - `search-index.json`: a small header: format, generation, statistics, where each section is;
 * - `search-index.postings`: a first line naming the generation, the term blocks, then the
 *   sections: field lengths, the dictionary, per-session metadata rows with a fixed-width offset
 *   table (a row is decoded only when a result needs it), and the cache key;
 * - `search-index.files.json`: each journal file's size, mtime and sessions, read only to update.
 * All three carry one generation id: a set torn by a crash does not match and is rebuilt.
 *
 * A term block is 32-bit numbers in the machine's byte order (the index never leaves the git
 * directory; the header records the order, and a store of the other order is rebuilt): for each
 * field that holds the term, its field id, the number n of sessions, n session ids ascending,
 * then the term's n counts.
 */
export const FORMAT = 5;
/** Hex digits per entry of the row offset table. */
const OFFSET_WIDTH = 8;
/** Field lengths come first, at offset 0 of the buffer they are read into, as a Uint32Array needs. */
const SECTIONS = ['lengths', 'dictionary', 'offsets', 'rows', 'key'] as const;
type Section = (typeof SECTIONS)[number];
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

interface Header {
  format: number;
  generation: string;
  littleEndian: boolean;
  /** Field names in field-id order. */
  fields: string[];
  /** Sessions in the index; ids 0 … documents-1. */
  documents: number;
  averageLength: number[];
  /** Byte offset of the first section in the postings file, and each section's byte length. */
  start: number;
  lengths: Record<Section, number>;
}

export interface FileEntry {
  size: number;
  mtimeMs: number;
  ids: number[];
}
export type FileEntries = Record<string, FileEntry>;
type DictEntry = [term: string, offset: number, length: number];

/** A stored index opened for reading; `close` it when done. */
export interface Store extends Searchable {
  generation: string;
  /** Whether the index was built for this cache key (see key.ts). */
  hasKey(key: Buffer): boolean;
  /** The whole index in memory, to update it; null when a block cannot be read. */
  load(): Postings | null;
  /** The metadata of a session id, or undefined. */
  meta(id: number): SessionMeta | undefined;
  close(): void;
}

/** A session's metadata as one line of the store (a new flat string: it keeps no file text alive). */
export const toRow = (m: SessionMeta) => [m.session, m.path, m.date, m.time, m.agent, m.author ?? '', m.branch ?? ''].map((v) => v.replace(/[\t\n]/g, ' ')).join('\t');

export function fromRow(row: string): SessionMeta {
  const [session, path, date, time, agent, author, branch] = row.split('\t') as string[];
  return { session: session!, path: path!, date: date!, time: time!, agent: agent!, ...(author ? { author } : {}), ...(branch ? { branch } : {}) };
}

/** A term block's numbers as postings by field id (views into the block, nothing copied). */
function decode(block: Uint32Array): TermPostings {
  const out: TermPostings = [];
  for (let i = 0; i + 2 <= block.length; ) {
    const field = block[i]!;
    const n = block[i + 1]!;
    out[field] = { docs: block.subarray(i + 2, i + 2 + n), tfs: block.subarray(i + 2 + n, i + 2 + 2 * n) };
    i += 2 + 2 * n;
  }
  return out;
}

function encode(postings: TermPostings): Uint32Array {
  let size = 0;
  for (const p of postings) if (p) size += 2 + 2 * p.docs.length;
  const block = new Uint32Array(size);
  let i = 0;
  postings.forEach((p, field) => {
    if (!p) return;
    const n = p.docs.length;
    block[i] = field;
    block[i + 1] = n;
    block.set(p.docs, i + 2);
    block.set(p.tfs, i + 2 + n);
    i += 2 + 2 * n;
  });
  return block;
}

const sameFields = (fields: unknown) => Array.isArray(fields) && fields.length === SEARCH_FIELDS.length && SEARCH_FIELDS.every((f, i) => fields[i] === f);

const sized = (lengths: unknown) => isRecord(lengths) && SECTIONS.every((s) => typeof lengths[s] === 'number');

/** A header this build wrote: this format, this byte order, these fields, every section sized. */
const isCurrentHeader = (v: unknown): v is Header =>
  isRecord(v) &&
  v.format === FORMAT &&
  v.littleEndian === LITTLE_ENDIAN &&
  sameFields(v.fields) &&
  typeof v.generation === 'string' &&
  typeof v.start === 'number' &&
  sized(v.lengths);

const isFilesOf = (v: unknown): v is { generation: string; files: FileEntries } => isRecord(v) && typeof v.generation === 'string' && isRecord(v.files);

/** Opens the stored index, or null when there is none of this format or its files do not match. */
export function openStore(stateDir: string): Store | null {
  const header = readState(stateDir, HEADER, isCurrentHeader);
  if (!header) return null;
  let fd: number;
  try {
    fd = openSync(join(stateDir, POSTINGS), 'r');
  } catch {
    return null;
  }
  // One read for what every query needs (field lengths, dictionary, row offsets): nothing parsed
  // until asked for. The rows and the key are read when first asked for.
  const at: Record<string, number> = {};
  let total = 0;
  for (const s of SECTIONS) {
    at[s] = total;
    total += header.lengths[s];
  }
  const eager = at.rows!;
  const gen = Buffer.alloc(header.generation.length);
  const tail = Buffer.allocUnsafeSlow(eager); // never pooled: starts at offset 0 of its own memory
  const F = SEARCH_FIELDS.length;
  try {
    if (readSync(fd, gen, 0, gen.length, 0) !== gen.length || gen.toString('latin1') !== header.generation) throw new Error('torn');
    if (readSync(fd, tail, 0, eager, header.start) !== eager) throw new Error('short');
    if (header.lengths.lengths !== header.documents * F * 4) throw new Error('lengths');
  } catch {
    closeSync(fd);
    return null;
  }
  const late = new Map<Section, Buffer>();
  const section = (s: Section): Buffer => {
    if (at[s]! < eager) return tail.subarray(at[s]!, at[s]! + header.lengths[s]);
    let got = late.get(s);
    if (!got) {
      got = Buffer.allocUnsafe(header.lengths[s]);
      if (readSync(fd, got, 0, got.length, header.start + at[s]!) !== got.length) throw new Error('short');
      late.set(s, got);
    }
    return got;
  };
  /** A few bytes of the rows section, read where they are while the whole section is not needed. */
  let rowReads = 0;
  const rowText = (from: number, to: number): string => {
    if (late.has('rows') || ++rowReads > 64) return section('rows').toString('utf8', from, to);
    const b = Buffer.allocUnsafe(to - from);
    if (readSync(fd, b, 0, b.length, header.start + at.rows! + from) !== b.length) throw new Error('short');
    return b.toString('utf8');
  };
  const lengths = new Uint32Array(tail.buffer, tail.byteOffset, header.documents * F);
  const dict = section('dictionary');
  const line = (from: number): DictEntry => {
    const end = dict.indexOf(10, from + 1);
    const [t, off, len] = dict.toString('utf8', from + 1, end < 0 ? dict.length : end).split('\t') as [string, string, string];
    return [t, Number(off), Number(len)];
  };
  /** Dictionary entries for `term` exactly, or for every term starting with it. */
  const lookup = (term: string, prefix: boolean): DictEntry[] => {
    const out: DictEntry[] = [];
    // Sorted: the matches of a prefix are one run of lines.
    for (let from = dict.indexOf(`\n${term}${prefix ? '' : '\t'}`); from >= 0; ) {
      const e = line(from);
      if (!e[0].startsWith(term) || (!prefix && e[0] !== term)) break;
      out.push(e);
      if (!prefix) break;
      from = dict.indexOf(10, from + 1);
    }
    return out;
  };
  const read = ([, off, len]: DictEntry): TermPostings => {
    const block = new Uint32Array(len / 4);
    if (len % 4 || readSync(fd, block, 0, len, off) !== len) throw new Error('short');
    return decode(block);
  };
  const offsets = section('offsets');
  return {
    generation: header.generation,
    documents: header.documents,
    averageLength: header.averageLength,
    fieldLength: (id, field) => lengths[id * F + field] ?? 0,
    hasKey(key) {
      if (key.length !== header.lengths.key) return false;
      try {
        return sameBytes(fd, header.start + at.key!, key);
      } catch {
        return false; // a torn file: not this key
      }
    },
    matches: (term, prefix) => lookup(term, prefix).map((e) => [e[0], read(e)]),
    load() {
      const entries: [string, TermPostings][] = [];
      try {
        for (let from = dict.length ? 0 : -1; from >= 0; from = dict.indexOf(10, from + 1)) {
          const e = line(from);
          entries.push([e[0], read(e)]);
        }
      } catch {
        return null;
      }
      return Postings.from(lengths, entries);
    },
    meta(id) {
      if (!(id >= 0 && id < header.documents)) return undefined;
      const from = parseInt(offsets.toString('latin1', id * OFFSET_WIDTH, (id + 1) * OFFSET_WIDTH), 16);
      const to = parseInt(offsets.toString('latin1', (id + 1) * OFFSET_WIDTH, (id + 2) * OFFSET_WIDTH), 16);
      return to > from ? fromRow(rowText(from, to)) : undefined;
    },
    close: () => closeSync(fd),
  };
}

/**
 * Whether the file holds `bytes` at `position`, compared a piece at a time: the key lists every
 * journal file (763 KB at 10,000 sessions), and read whole into memory of its own it cost a warm
 * search ~190 fresh pages (~0.5 ms of page faults) to compare once.
 */
function sameBytes(fd: number, position: number, bytes: Buffer): boolean {
  const piece = Buffer.allocUnsafe(Math.min(bytes.length, 64 * 1024));
  for (let done = 0; done < bytes.length; ) {
    const want = Math.min(piece.length, bytes.length - done);
    if (readSync(fd, piece, 0, want, position + done) !== want) return false;
    if (!piece.subarray(0, want).equals(bytes.subarray(done, done + want))) return false;
    done += want;
  }
  return true;
}

export function readFiles(stateDir: string, generation: string): FileEntries | null {
  const f = readState(stateDir, FILES, isFilesOf);
  return f?.generation === generation ? f.files : null;
}

/** An index as the store writes it, whatever built it (an update in memory, or a cold build, build.ts). */
export interface StoreContent {
  documents: number;
  averageLength: number[];
  /** Every field length, SEARCH_FIELDS.length per document. */
  lengths: Uint32Array;
  /**
   * Every term, in sorted order, with its block (see FORMAT), made one at a time: a block may be
   * overwritten by the next, so it is written before the next is asked for.
   */
  blocks(): Iterable<[term: string, block: Uint32Array]>;
  /** The metadata row of a session id (toRow). */
  row(id: number): string | undefined;
}

/**
 * Writes a full index: `meta[id]` for every session id of `index`. The header goes last, so a
 * reader never sees a header without its postings.
 */
export function writeStore(stateDir: string, key: Buffer, index: Postings, meta: readonly SessionMeta[], files: FileEntries): void {
  const terms = [...index.terms.keys()].sort();
  writeStoreContent(stateDir, key, {
    documents: index.documents,
    averageLength: index.averageLength,
    lengths: Uint32Array.from(index.allLengths()),
    *blocks() {
      for (const term of terms) yield [term, encode(index.terms.get(term)!)];
    },
    row: (id) => (meta[id] ? toRow(meta[id]) : undefined),
  }, Object.entries(files));
}

/**
 * Writes an index to the store's three files. The postings file is written block by block as the
 * content makes them, never whole in memory; the header goes last, so a reader never sees a
 * header without its postings.
 */
export function writeStoreContent(stateDir: string, key: Buffer, content: StoreContent, files: Iterable<[path: string, entry: FileEntry]>): void {
  const generation = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.padEnd(16, '0').slice(0, 16);
  let start = 0;
  const byteLengths = {} as Record<Section, number>;
  function* parts(): Generator<Uint8Array> {
    const first = Buffer.from(`${generation}\n`);
    yield first;
    let offset = first.length;
    const lines: string[] = [];
    for (const [term, block] of content.blocks()) {
      lines.push(`\n${term}\t${offset}\t${block.byteLength}`);
      yield new Uint8Array(block.buffer, block.byteOffset, block.byteLength);
      offset += block.byteLength;
    }
    start = offset;
    // The offsets are one fixed-width number per session and one more; the rows are written in
    // batches, not joined into one copy of them all.
    const offsets = Buffer.allocUnsafe((content.documents + 1) * OFFSET_WIDTH);
    let rowBytes = 0;
    for (let id = 0; id <= content.documents; id++) {
      offsets.write(rowBytes.toString(16).padStart(OFFSET_WIDTH, '0'), id * OFFSET_WIDTH, 'latin1');
      const row = id < content.documents ? content.row(id) : undefined;
      if (row !== undefined) rowBytes += Buffer.byteLength(row);
    }
    function* rows(): Generator<Uint8Array> {
      let batch: string[] = [];
      for (let id = 0; id < content.documents; id++) {
        const row = content.row(id);
        if (row !== undefined) batch.push(row);
        if (batch.length === 1024) yield Buffer.from(batch.join('')), (batch = []);
      }
      if (batch.length) yield Buffer.from(batch.join(''));
    }
    const sections: Record<Section, Uint8Array | (() => Generator<Uint8Array>)> = {
      lengths: new Uint8Array(content.lengths.buffer, content.lengths.byteOffset, content.lengths.byteLength),
      dictionary: Buffer.from(lines.join('')),
      offsets,
      rows,
      key,
    };
    byteLengths.rows = rowBytes;
    for (const s of SECTIONS) {
      const section = sections[s];
      if (typeof section === 'function') yield* section();
      else yield ((byteLengths[s] = section.byteLength), section);
    }
  }
  writeAtomic(stateDir, join(stateDir, POSTINGS), parts, { durable: false });
  const header: Header = { format: FORMAT, generation, littleEndian: LITTLE_ENDIAN, fields: [...SEARCH_FIELDS], documents: content.documents, averageLength: content.averageLength, start, lengths: byteLengths };
  writeFiles(stateDir, generation, files);
  writeState(stateDir, HEADER, header);
}

/**
 * The file list as writeState writes `{ generation, files }`, byte for byte, but made in batches
 * from entries given one at a time: at 50,000 files, neither the object nor its text whole.
 */
function writeFiles(stateDir: string, generation: string, files: Iterable<[path: string, entry: FileEntry]>): void {
  function* parts(): Generator<Uint8Array> {
    let batch = `{"generation":${JSON.stringify(generation)},"files":{`;
    let comma = '';
    for (const [path, entry] of files) {
      batch += `${comma}${JSON.stringify(path)}:${JSON.stringify(entry)}`;
      comma = ',';
      if (batch.length >= 1 << 16) yield Buffer.from(batch), (batch = '');
    }
    yield Buffer.from(`${batch}}}\n`);
  }
  writeAtomic(stateDir, join(stateDir, FILES), parts, { durable: false });
}
