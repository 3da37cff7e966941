import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { TMP_DIR } from '../paths.js';
import { refuseLinkOnStatePath } from './no-follow.js';

/** What a file is written from: text, bytes, or parts made one at a time (a large file never whole in memory). */
export type FileData = string | Uint8Array | (() => Iterable<Uint8Array>);

function writeFully(path: string, data: FileData, flags: string, durable = true): void {
  const fd = openSync(path, flags, 0o644);
  try {
    for (const buf of typeof data === 'function' ? data() : [typeof data === 'string' ? Buffer.from(data, 'utf8') : data]) {
      let off = 0;
      while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    }
    if (durable) fsyncSync(fd); // a full disk shows up here, before anything replaces the old file
  } finally {
    closeSync(fd);
  }
}

let counter = 0;
/** Unique enough for temporary names (created with O_EXCL anyway); avoids loading node:crypto. */
const nonce = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A temporary path inside the git directory, where `git add` never looks. */
function tempPath(stateDir: string): string {
  const dir = join(stateDir, TMP_DIR);
  mkdirSync(dir, { recursive: true });
  return join(dir, `${process.pid}-${nonce()}.tmp`);
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    /* never made */
  }
}

function isCrossDevice(e: unknown): boolean {
  return (e as NodeJS.ErrnoException).code === 'EXDEV';
}

/**
 * Replaces `target` with `data`: temp file (in the git directory) + fsync + rename. Readers see the
 * old or the new file, never a part. Throws (leaving the old file) on any write error. `durable:
 * false` skips the fsync, for derived files that are rebuilt anyway (PRIMER.md).
 */
export function writeAtomic(stateDir: string, target: string, data: FileData, opts: { durable?: boolean } = {}): void {
  refuseLinkOnStatePath(stateDir, target);
  mkdirSync(dirname(target), { recursive: true });
  const tmp = tempPath(stateDir);
  let renamed = false;
  try {
    writeFully(tmp, data, 'wx', opts.durable ?? true);
    try {
      renameSync(tmp, target);
      renamed = true;
    } catch (e) {
      if (!isCrossDevice(e)) throw e;
      // The git directory is on another file system: stage beside the target under a name
      // the memory .gitignore excludes.
      const near = `${target}.gm-tmp-${nonce()}`;
      try {
        writeFully(near, data, 'wx');
        renameSync(near, target);
      } catch (e2) {
        removeQuietly(near); // a full disk: no half copy left beside the target
        throw e2;
      }
    }
  } finally {
    // Not after a rename: unlinking a name that is gone throws, and node builds an error with a
    // stack for it, tens of microseconds at each of the primer's three or four writes.
    if (!renamed) removeQuietly(tmp);
  }
}

/**
 * Creates `target` with `data` only if it does not exist (EEXIST otherwise), and never shows a
 * partly written file: the content is written and synced first, then hard-linked into place.
 */
export function createExclusive(stateDir: string, target: string, data: string): void {
  refuseLinkOnStatePath(stateDir, target);
  mkdirSync(dirname(target), { recursive: true });
  const tmp = tempPath(stateDir);
  try {
    writeFully(tmp, data, 'wx');
    try {
      linkSync(tmp, target);
    } catch (e) {
      if (!isCrossDevice(e)) throw e;
      try {
        writeFully(target, data, 'wx');
      } catch (e2) {
        // Created by us (wx) and not whole: a reader must never see a part of it.
        if ((e2 as NodeJS.ErrnoException).code !== 'EEXIST') removeQuietly(target);
        throw e2;
      }
    }
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      /* gone */
    }
  }
}
