import { listJournalFilesSliced, type DaysSeen, type JournalFile } from './documents.js';

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
 */
export async function journalKey(root: string, sliceMs = KEY_SLICE_MS, stop = { stopped: false }, sliced?: (seen: DaysSeen) => void): Promise<JournalKey | null> {
  const listing = await listJournalFilesSliced(root, sliceMs, stop, sliced);
  return listing && { key: keyOf(listing), listing };
}

/** A command lists the journal in one go; a server lets its event loop run this often. */
const KEY_SLICE_MS = 10;

/**
 * The key of a listing: `lstat:`, then per file in path order its path (UTF-8), a NUL, its size and
 * its mtime as two 64-bit floats. Binary, not text: turning 2,000 mtimes with their fractions of a
 * millisecond into decimals was a third of the key's cost, and the numbers compare the same.
 */
export function keyOf(listing: readonly JournalFile[]): Buffer {
  let most = PREFIX.length;
  for (const f of listing) most += f.path.length * 3 + 17; // UTF-8 takes at most 3 bytes per UTF-16 unit
  const key = Buffer.allocUnsafe(most);
  let at = key.write(PREFIX, 0, 'latin1');
  for (const f of listing) {
    at += key.write(f.path, at);
    key[at++] = 0;
    at = key.writeDoubleLE(f.size, at);
    at = key.writeDoubleLE(f.mtimeMs, at);
  }
  return key.subarray(0, at);
}

const PREFIX = 'lstat:';
