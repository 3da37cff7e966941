import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { AsPlainObject } from 'minisearch';
import { writeAtomic } from '../../memory/atomic.js';
import type { SessionMeta } from './documents.js';

/**
 * The search index on disk, laid out so that a query reads only what it needs. MiniSearch's own
 * JSON holds every term's postings, and loading all of it costs far more than a search; so each
 * term's postings are a JSON slice of one file, found through a sorted dictionary of byte ranges,
 * and a query loads only its terms. Per-session data is kept in flat strings and number arrays,
 * which parse without building thousands of small objects. Three files under the state directory:
 * - `search-index.json`: the key, global statistics, the dictionary and per-session metadata;
 * - `search-index.postings`: the slices, after a first line naming the generation;
 * - `search-index.files.json`: each journal file's size, mtime and sessions, read only to update.
 * All three carry one generation id: a set torn by a crash does not match and is rebuilt.
 */
export const FORMAT = 3;
const HEADER = 'search-index.json';
const POSTINGS = 'search-index.postings';
const FILES = 'search-index.files.json';

export interface Header {
  format: number;
  generation: string;
  /** See key.ts. */
  key: string;
  stats: Pick<AsPlainObject, 'documentCount' | 'nextId' | 'fieldIds' | 'averageFieldLength' | 'dirtCount' | 'serializationVersion'>;
  /** MiniSearch's short id → our document id (-1: none). */
  documentIds: number[];
  /** Field lengths, `fields` numbers per short id. */
  fieldLength: number[];
  fields: number;
  /** Lines `\nterm\toffset\tlength`, sorted by term, starting with a newline. */
  dictionary: string;
  /** Per document id: session, path, date, time, agent, author, branch joined by tabs ('' when gone). */
  meta: string[];
}

export type FileEntries = Record<string, { size: number; mtimeMs: number; ids: number[] }>;

const toRow = (m: SessionMeta) => [m.session, m.path, m.date, m.time, m.agent, m.author ?? '', m.branch ?? ''].map((v) => v.replace(/[\t\n]/g, ' ')).join('\t');

/** The metadata of a document id, or undefined. */
export function metaOf(header: Header, id: number): SessionMeta | undefined {
  const row = header.meta[id];
  if (!row) return undefined;
  const [session, path, date, time, agent, author, branch] = row.split('\t') as string[];
  return { session: session!, path: path!, date: date!, time: time!, agent: agent!, ...(author ? { author } : {}), ...(branch ? { branch } : {}) };
}

/** Dictionary entries for `term` exactly, or for every term starting with it. */
export function lookup(header: Header, term: string, prefix: boolean): [string, number, number][] {
  const d = header.dictionary;
  const out: [string, number, number][] = [];
  const needle = `\n${term}${prefix ? '' : '\t'}`;
  // Sorted: the matches of a prefix are one run of lines.
  for (let at = d.indexOf(needle); at >= 0 && d.startsWith(`\n${term}`, at); ) {
    const end = d.indexOf('\n', at + 1);
    const [t, off, len] = d.slice(at + 1, end < 0 ? d.length : end).split('\t') as [string, string, string];
    out.push([t, Number(off), Number(len)]);
    if (!prefix || end < 0) break;
    at = end;
  }
  return out;
}

export function readHeader(stateDir: string): Header | null {
  try {
    const h = JSON.parse(readFileSync(join(stateDir, HEADER), 'utf8')) as Header;
    return h.format === FORMAT ? h : null;
  } catch {
    return null;
  }
}

export function readFiles(stateDir: string, header: Header): FileEntries | null {
  try {
    const f = JSON.parse(readFileSync(join(stateDir, FILES), 'utf8')) as { generation: string; files: FileEntries };
    return f.generation === header.generation ? f.files : null;
  } catch {
    return null;
  }
}

/** Postings of the given dictionary entries (every term when omitted); null when the file is not this generation's. */
export function readPostings(stateDir: string, header: Header, entries?: [string, number, number][]): AsPlainObject['index'] | null {
  let fd: number;
  try {
    fd = openSync(join(stateDir, POSTINGS), 'r');
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(header.generation.length);
    readSync(fd, head, 0, head.length, 0);
    if (head.toString('latin1') !== header.generation) return null;
    const all = entries ?? header.dictionary.slice(1).split('\n').map((l) => l.split('\t')).map(([t, o, n]) => [t!, Number(o), Number(n)] as [string, number, number]);
    return all.map(([term, off, len]) => {
      const buf = Buffer.alloc(len);
      readSync(fd, buf, 0, len, off);
      return [term, JSON.parse(buf.toString('utf8'))];
    });
  } catch {
    return null;
  } finally {
    closeSync(fd);
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
  const rows: string[] = [];
  for (const [id, m] of Object.entries(meta)) rows[Number(id)] = toRow(m);
  const { documentCount, nextId, fieldIds, averageFieldLength, dirtCount, serializationVersion } = full;
  const header: Header = {
    format: FORMAT,
    generation,
    key,
    stats: { documentCount, nextId, fieldIds, averageFieldLength, dirtCount, serializationVersion },
    documentIds: Array.from(documentIds, (v) => v ?? -1),
    fieldLength: Array.from(fieldLength, (v) => v ?? 0),
    fields,
    dictionary: lines.join(''),
    meta: Array.from(rows, (v) => v ?? ''),
  };
  writeAtomic(stateDir, join(stateDir, POSTINGS), parts.join(''), { durable: false });
  writeAtomic(stateDir, join(stateDir, FILES), JSON.stringify({ generation, files }), { durable: false });
  writeAtomic(stateDir, join(stateDir, HEADER), JSON.stringify(header), { durable: false });
}
