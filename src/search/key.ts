import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../fs/atomic.js';
import { isRecord } from '../fs/state.js';
import { RACY_MS } from '../fs/stamp.js';
import { JOURNAL_DIR, SEARCH_LISTED_FILE } from '../paths.js';
import { mark } from '../trace.js';
import { symlinkOnPath } from '../worktree-path.js';
import { listJournalFilesSliced, type DaysSeen, type JournalFile, type ListedFolder } from './documents.js';
import { folderStat, sameFiles, type FilesAt } from './file-stat.js';

/**
 * The cache key of the journal: every journal file's path, size and modification time, as the
 * listing the index is built and updated from has them (documents.ts listJournalFiles). It changes
 * when any journal file is added, removed or written, and it is exactly what an update trusts: a
 * file whose size and mtime are as stored is not read again (index.ts update), so a key made of
 * anything else could only say "changed" where the update then finds nothing to do, or "current"
 * where it would have found something.
 *
 * No git process: the listing is one directory read per day and one `lstat` per file, which at
 * 10,000 sessions costs node less than git takes to start and read its index for `status`, and it
 * reads only the journal, where `status` reads the index of the whole repository (50,000 entries
 * at the bench's L size). Before this the key was the journal's tree at HEAD (`ls-tree`) and what
 * `git status` said differed from it: two processes at every warm search, about as much CPU as the
 * rest of the search.
 *
 * The key is the listing's bytes, not a digest of them: the store compares it byte for byte, which
 * costs less than loading node:crypto, and no collision can hide a change.
 */
export interface JournalKey {
  key: Buffer;
  /** The listing the key was made from: what an update or a build then reads, so the key never says more than was read. */
  listing: JournalFile[];
}

/**
 * The key of the journal as it is now, listed in slices of about `sliceMs` (a long-lived server
 * answers others meanwhile; see listJournalFilesSliced), `sliced` told how far it got after each.
 * Null once `stop.stopped`.
 *
 * `stateDir`: where the last full listing is kept (see quickKey): where it still holds, the key is
 * had without reading a folder's names or making the key, and where it does not, the full listing
 * keeps itself there.
 */
export async function journalKey(root: string, sliceMs = KEY_SLICE_MS, stop = { stopped: false }, sliced?: (seen: DaysSeen) => void, stateDir?: string): Promise<JournalKey | null> {
  if (stateDir) {
    const quick = await quickKey(root, stateDir, sliceMs, stop, sliced);
    if (quick === STOPPED) return null;
    if (quick) return mark('search: key as kept'), keyed(quick);
  }
  const folders: ListedFolder[] | undefined = stateDir ? [] : undefined;
  const at = Date.now();
  const listing = await listJournalFilesSliced(root, sliceMs, stop, sliced, folders);
  if (!listing) return null;
  const key = keyOf(listing);
  if (stateDir && folders!.length) keepListed(stateDir, key, folders!, at);
  return { key, listing };
}

/** A command lists the journal in one go; a server lets its event loop run this often. */
const KEY_SLICE_MS = 10;

/** A key had from the kept listing: its listing is read from the key itself, when asked for (an update, a build). */
function keyed(key: Buffer): JournalKey {
  let listing: JournalFile[] | undefined;
  return {
    key,
    get listing() {
      return (listing ??= listingOf(key)!);
    },
  };
}

/** The listing a key was made from (keyOf), read back; null for bytes keyOf did not make. */
export function listingOf(key: Buffer): JournalFile[] | null {
  const read = readKey(key);
  if (!read) return null;
  const paths = read.n ? read.paths.split('\0') : [];
  if (paths.length !== read.n) return null;
  return paths.map((path, i) => ({ path, size: read.numbers[2 * i]!, mtimeMs: read.numbers[2 * i + 1]! }));
}

/**
 * The key of a listing: `lstat:v2`, the number n of files, then each file's size and mtime (2n
 * 64-bit floats, in path order), then the paths (UTF-8) joined by NULs. Binary, not text: turning
 * 2,000 mtimes with their fractions of a millisecond into decimals was a third of the key's cost,
 * and the numbers compare the same. The numbers apart from the paths: the key is read back as one
 * copy of the numbers and one string split at its NULs, not a call into Buffer per file (see
 * quickKey), and made from one string of the paths.
 */
export function keyOf(listing: readonly JournalFile[]): Buffer {
  const n = listing.length;
  const numbers = new Float64Array(1 + 2 * n);
  numbers[0] = n;
  let paths = '';
  for (let i = 0; i < n; i++) {
    const f = listing[i]!;
    numbers[1 + 2 * i] = f.size;
    numbers[2 + 2 * i] = f.mtimeMs;
    paths += i ? `\0${f.path}` : f.path;
  }
  const head = Buffer.from(PREFIX, 'latin1');
  return Buffer.concat([head, new Uint8Array(numbers.buffer), Buffer.from(paths)]);
}

const PREFIX = 'lstat:v2';

/**
 * A key's numbers (size and mtime of each file), its n, and its paths as they are kept (one string,
 * NUL between two); null for bytes keyOf did not make. One string, not n: a warm search reads each
 * path once, and n strings held while every file is stat-ed were copied by each young-generation
 * collection meanwhile (10,000 paths: 10-15 ms of a warm search collecting garbage).
 */
function readKey(key: Buffer): { n: number; numbers: Float64Array; paths: string } | null {
  const start = PREFIX.length + 8;
  if (key.length < start || key.toString('latin1', 0, PREFIX.length) !== PREFIX) return null;
  const count = new Float64Array(1);
  new Uint8Array(count.buffer).set(key.subarray(PREFIX.length, start));
  const n = count[0]!;
  if (!Number.isSafeInteger(n) || n < 0 || start + 16 * n > key.length || (!n && key.length !== start)) return null;
  const numbers = new Float64Array(2 * n);
  new Uint8Array(numbers.buffer).set(key.subarray(start, start + 16 * n));
  return { n, numbers, paths: key.toString('utf8', start + 16 * n) };
}

interface ListedHead {
  keyBytes: number;
  folders: [path: string, ino: number, ctimeMs: number][];
}

const isListedHead = (v: unknown): v is ListedHead =>
  isRecord(v) && typeof v.keyBytes === 'number' && Array.isArray(v.folders) && v.folders.every((f) => Array.isArray(f) && f.length === 3 && typeof f[0] === 'string' && typeof f[1] === 'number' && typeof f[2] === 'number');

function keepListed(stateDir: string, key: Buffer, folders: readonly ListedFolder[], at: number): void {
  if (folders.some((f) => f.ctimeMs > at - RACY_MS)) return;
  const head: ListedHead = { keyBytes: key.length, folders: folders.map((f) => [f.path, f.ino, f.ctimeMs]) };
  try {
    writeAtomic(stateDir, join(stateDir, SEARCH_LISTED_FILE), function* () {
      yield Buffer.from(`${JSON.stringify(head)}\n`);
      yield key;
    }, { durable: false });
  } catch {
    /* a read-only git directory: the next search lists in full */
  }
}

const STOPPED = Symbol('stopped');

/**
 * The key the journal has now, where the kept listing (see ListedHead) proves it: every folder it
 * read as it was, every file of its key the same size and mtime. Null where anything differs, or
 * nothing is kept; STOPPED once `stop.stopped` (it checks in slices, as the listing does).
 */
async function quickKey(root: string, stateDir: string, sliceMs: number, stop: { stopped: boolean }, sliced?: (seen: DaysSeen) => void): Promise<Buffer | null | typeof STOPPED> {
  let file: Buffer;
  let head: unknown;
  let nl: number;
  try {
    file = readFileSync(join(stateDir, SEARCH_LISTED_FILE));
    nl = file.indexOf(10);
    if (nl < 0) return null;
    head = JSON.parse(file.toString('utf8', 0, nl));
  } catch {
    return null;
  }
  if (!isListedHead(head) || file.length !== nl + 1 + head.keyBytes || !head.folders.length || head.folders[0]![0] !== JOURNAL_DIR) return null;
  const key = file.subarray(nl + 1);
  const read = readKey(key);
  if (!read) return null;
  const { n, numbers, paths } = read;
  try {
    // As the listing starts: no linked folder on the journal's path.
    if (symlinkOnPath(root, JOURNAL_DIR)) return null;
    // A command checks in one go; a server in slices (no clock where nothing is sliced: node loads `performance` on first use).
    const inline = !Number.isFinite(sliceMs);
    // Each path relative where a command runs at the root: no root joined to 10,000 paths (~7 M
    // instructions), fewer folders for the kernel to walk. A server's working folder could change
    // between two slices: it gives the root.
    const prefix = inline && process.cwd() === root ? '' : `${root}/`;
    for (const [path, ino, ctimeMs] of head.folders) {
      const st = folderStat(prefix + path);
      if (st?.ino !== ino || st.ctimeMs !== ctimeMs) return null;
    }
    const seen: DaysSeen = { done: 0, total: n };
    const next: FilesAt = { i: 0, at: 0 };
    if (inline) return sameFiles(prefix, paths, numbers, n, next, n) ? key : null;
    for (;;) {
      const from = performance.now();
      do if (!sameFiles(prefix, paths, numbers, n, next, 64)) return null;
      while (next.i < n && performance.now() - from < sliceMs);
      if (next.i >= n) break;
      seen.done = next.i;
      sliced?.(seen);
      await new Promise((resolve) => setImmediate(resolve));
      if (stop.stopped) return STOPPED;
    }
  } catch {
    return null; // a path it cannot stat: the listing says what it says
  }
  return key;
}
