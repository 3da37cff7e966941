import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { AsPlainObject } from 'minisearch';
import { writeAtomic } from '../../memory/atomic.js';
import type { SessionMeta } from './documents.js';

/**
 * The search index on disk, laid out so that a query reads only what it needs and parses almost
 * nothing. MiniSearch's own JSON holds every term's postings, and loading all of it costs far more
 * than a search; so each term's postings are a JSON slice of one file, found through a sorted
 * dictionary of byte ranges, and a query parses only its terms. Three files under the state directory:
 * - `search-index.json`: a small header: format, generation, global statistics, where each section is;
 * - `search-index.postings`: a first line naming the generation, the slices, then the sections:
 *   the dictionary, MiniSearch's short ids and field lengths, per-session metadata rows with a
 *   fixed-width offset table (a row is decoded only when a result needs it), and the cache key;
 * - `search-index.files.json`: each journal file's size, mtime and sessions, read only to update.
 * All three carry one generation id: a set torn by a crash does not match and is rebuilt.
 */
export const FORMAT = 4;
const HEADER = 'search-index.json';
const POSTINGS = 'search-index.postings';
const FILES = 'search-index.files.json';
/** Hex digits per entry of the row offset table. */
const OFFSET_WIDTH = 8;

const SECTIONS = ['dictionary', 'documentIds', 'fieldLength', 'offsets', 'rows', 'key'] as const;
type Section = (typeof SECTIONS)[number];

interface Header {
  format: number;
  generation: string;
  stats: Pick<AsPlainObject, 'documentCount' | 'nextId' | 'fieldIds' | 'averageFieldLength' | 'dirtCount' | 'serializationVersion'>;
  fields: number;
  /** Number of metadata rows (document ids 0 … rows-1). */
  rows: number;
  /** Byte offset of the first section in the postings file, and each section's byte length. */
  start: number;
  lengths: Record<Section, number>;
}

export type FileEntries = Record<string, { size: number; mtimeMs: number; ids: number[] }>;
export type DictEntry = [term: string, offset: number, length: number];

/** A stored index opened for reading; `close` it when done. */
export interface Store {
  generation: string;
  stats: Header['stats'];
  rows: number;
  /** Whether the index was built for this cache key (see key.ts). */
  hasKey(key: Buffer): boolean;
  /** Dictionary entries for `term` exactly, or for every term starting with it. */
  lookup(term: string, prefix: boolean): DictEntry[];
  /** Every dictionary entry. */
  dictionary(): DictEntry[];
  /** Postings of the given dictionary entries; null when a slice cannot be read. */
  postings(entries: DictEntry[]): AsPlainObject['index'] | null;
  /** MiniSearch's short id → our document id (-1: none). */
  documentIds(): number[];
  /** Field lengths, `fields` numbers per short id. */
  fieldLength(): number[];
  fields: number;
  /** The metadata of a document id, or undefined. */
  meta(id: number): SessionMeta | undefined;
  close(): void;
}

const toRow = (m: SessionMeta) => [m.session, m.path, m.date, m.time, m.agent, m.author ?? '', m.branch ?? ''].map((v) => v.replace(/[\t\n]/g, ' ')).join('\t');

function fromRow(row: string): SessionMeta {
  const [session, path, date, time, agent, author, branch] = row.split('\t') as string[];
  return { session: session!, path: path!, date: date!, time: time!, agent: agent!, ...(author ? { author } : {}), ...(branch ? { branch } : {}) };
}

/** Opens the stored index, or null when there is none of this format or its files do not match. */
export function openStore(stateDir: string): Store | null {
  let header: Header;
  let fd: number;
  try {
    header = JSON.parse(readFileSync(join(stateDir, HEADER), 'utf8')) as Header;
    if (header.format !== FORMAT) return null;
    fd = openSync(join(stateDir, POSTINGS), 'r');
  } catch {
    return null;
  }
  // One read for every section: a few MB copied, nothing parsed until asked for.
  const at: Record<string, number> = {};
  let total = 0;
  for (const s of SECTIONS) {
    at[s] = total;
    total += header.lengths[s];
  }
  const gen = Buffer.alloc(header.generation.length);
  const tail = Buffer.allocUnsafe(total);
  try {
    if (readSync(fd, gen, 0, gen.length, 0) !== gen.length || gen.toString('latin1') !== header.generation) throw new Error('torn');
    if (readSync(fd, tail, 0, total, header.start) !== total) throw new Error('short');
  } catch {
    closeSync(fd);
    return null;
  }
  const section = (s: Section) => tail.subarray(at[s]!, at[s]! + header.lengths[s]);
  const dict = section('dictionary');
  const line = (from: number): DictEntry => {
    const end = dict.indexOf(10, from + 1);
    const [t, off, len] = dict.toString('utf8', from + 1, end < 0 ? dict.length : end).split('\t') as [string, string, string];
    return [t, Number(off), Number(len)];
  };
  const offsets = section('offsets');
  const rows = section('rows');
  const parsed = new Map<Section, number[]>();
  const numbers = (s: Section) => parsed.get(s) ?? parsed.set(s, JSON.parse(section(s).toString('latin1')) as number[]).get(s)!;
  return {
    generation: header.generation,
    stats: header.stats,
    rows: header.rows,
    fields: header.fields,
    hasKey: (key) => section('key').equals(key),
    lookup(term, prefix) {
      const out: DictEntry[] = [];
      // Sorted: the matches of a prefix are one run of lines.
      for (let at = dict.indexOf(`\n${term}${prefix ? '' : '\t'}`); at >= 0; ) {
        const e = line(at);
        if (!e[0].startsWith(term) || (!prefix && e[0] !== term)) break;
        out.push(e);
        if (!prefix) break;
        at = dict.indexOf(10, at + 1);
      }
      return out;
    },
    dictionary() {
      const out: DictEntry[] = [];
      for (let at = dict.length ? 0 : -1; at >= 0; at = dict.indexOf(10, at + 1)) out.push(line(at));
      return out;
    },
    postings(entries) {
      try {
        return entries.map(([term, off, len]) => {
          const buf = Buffer.allocUnsafe(len);
          if (readSync(fd, buf, 0, len, off) !== len) throw new Error('short');
          return [term, JSON.parse(buf.toString('utf8'))];
        });
      } catch {
        return null;
      }
    },
    documentIds: () => numbers('documentIds'),
    fieldLength: () => numbers('fieldLength'),
    meta(id) {
      if (!(id >= 0 && id < header.rows)) return undefined;
      const from = parseInt(offsets.toString('latin1', id * OFFSET_WIDTH, (id + 1) * OFFSET_WIDTH), 16);
      const to = parseInt(offsets.toString('latin1', (id + 1) * OFFSET_WIDTH, (id + 2) * OFFSET_WIDTH), 16);
      return to > from ? fromRow(rows.toString('utf8', from, to)) : undefined;
    },
    close: () => closeSync(fd),
  };
}

export function readFiles(stateDir: string, generation: string): FileEntries | null {
  try {
    const f = JSON.parse(readFileSync(join(stateDir, FILES), 'utf8')) as { generation: string; files: FileEntries };
    return f.generation === generation ? f.files : null;
  } catch {
    return null;
  }
}

/** Writes a full index. The header goes last, so a reader never sees a header without its postings. */
export function writeStore(stateDir: string, key: string, full: AsPlainObject, meta: Record<number, SessionMeta>, files: FileEntries): void {
  const generation = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.padEnd(16, '0').slice(0, 16);
  const parts = [`${generation}\n`];
  let offset = parts[0]!.length;
  const lines: string[] = [];
  for (const [term, data] of [...full.index].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const slice = JSON.stringify(data);
    const bytes = Buffer.byteLength(slice);
    lines.push(`\n${term.replace(/[\t\n]/g, ' ')}\t${offset}\t${bytes}`);
    parts.push(slice);
    offset += bytes;
  }
  const fields = Object.keys(full.fieldIds).length;
  const documentIds: number[] = [];
  const fieldLength: number[] = [];
  for (const [shortId, id] of Object.entries(full.documentIds)) documentIds[Number(shortId)] = id as number;
  for (const [shortId, lengths] of Object.entries(full.fieldLength)) lengths.forEach((n, i) => (fieldLength[Number(shortId) * fields + i] = n));
  const rows = Math.max(-1, ...Object.keys(meta).map(Number)) + 1;
  const rowText: string[] = [];
  const offsets: string[] = [];
  let rowBytes = 0;
  for (let id = 0; id <= rows; id++) {
    offsets.push(rowBytes.toString(16).padStart(OFFSET_WIDTH, '0'));
    const m = meta[id];
    if (!m) continue;
    const row = toRow(m);
    rowText.push(row);
    rowBytes += Buffer.byteLength(row);
  }
  const sections: Record<Section, string> = {
    dictionary: lines.join(''),
    documentIds: JSON.stringify(Array.from(documentIds, (v) => v ?? -1)),
    fieldLength: JSON.stringify(Array.from(fieldLength, (v) => v ?? 0)),
    offsets: offsets.join(''),
    rows: rowText.join(''),
    key,
  };
  const lengths = {} as Record<Section, number>;
  for (const s of SECTIONS) {
    lengths[s] = Buffer.byteLength(sections[s]);
    parts.push(sections[s]);
  }
  const { documentCount, nextId, fieldIds, averageFieldLength, dirtCount, serializationVersion } = full;
  const header: Header = { format: FORMAT, generation, stats: { documentCount, nextId, fieldIds, averageFieldLength, dirtCount, serializationVersion }, fields, rows, start: offset, lengths };
  writeAtomic(stateDir, join(stateDir, POSTINGS), parts.join(''), { durable: false });
  writeAtomic(stateDir, join(stateDir, FILES), JSON.stringify({ generation, files }), { durable: false });
  writeAtomic(stateDir, join(stateDir, HEADER), JSON.stringify(header), { durable: false });
}
