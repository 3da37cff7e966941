// The size and modification time of a regular file, as fs.lstatSync gives them, for the search's
// cache key: a warm search stats every journal file (2,000 at the bench's L size, 9,000 at XL).
// In a fresh process fs.lstatSync costs ~24 us a file, most of it making the Stats object (18
// fields, lazy dates) through code not yet optimised; the same call to node's fs binding, reading
// the two numbers needed, costs a third of that (47 ms against 16 ms of CPU for 1,958 files).
// The binding is called exactly as this node's own fs.lstatSync calls it: where its source says
// otherwise (another node), where process.binding would warn (see mayWarn) or is missing, and
// under node's permission model (which fs.lstatSync checks first), fs.lstatSync is used.
import { lstatSync } from 'node:fs';
import { mayWarn } from '../git/light-spawn.js';

/** A regular file's size and mtime (ms, as Stats.mtimeMs); undefined for anything else, or nothing. */
export interface FileStat {
  size: number;
  mtimeMs: number;
}

type LstatBinding = (path: string, bigint: false, req: undefined, throwIfNoEntry: boolean) => Float64Array | undefined;

/** The call node's fs.lstatSync makes, without its spaces. */
const NODE_CALL = 'binding.lstat(pathModule.toNamespacedPath(path),options.bigint,undefined,options.throwIfNoEntry,);';
/** Where Stats reads its fields from the array the binding fills (lib/internal/fs/utils.js getStatsFromBinding). */
const MODE = 1;
const INO = 7;
const SIZE = 8;
const MTIME_S = 12;
const MTIME_NS = 13;
const CTIME_S = 14;
const CTIME_NS = 15;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;

let binding: LstatBinding | null | undefined;
function lstatBinding(): LstatBinding | null {
  if (binding !== undefined) return binding;
  binding = null;
  try {
    const permission = (process as unknown as { permission?: unknown }).permission;
    const source = lstatSync.toString().replace(/\s+/g, '');
    const bind = (process as unknown as { binding?: (name: string) => unknown }).binding;
    if (permission === undefined && !mayWarn() && typeof bind === 'function' && source.includes(NODE_CALL) && source.includes('returngetStatsFromBinding(stats);')) {
      const fs = bind.call(process, 'fs') as { lstat?: unknown };
      if (typeof fs.lstat === 'function') binding = fs.lstat.bind(fs) as LstatBinding;
    }
  } catch {
    binding = null;
  }
  return binding;
}

/** Whether `path` is a symbolic link (false where it is not there), as fs.lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() says. */
export function isSymbolicLink(path: string): boolean {
  const lstat = lstatBinding();
  if (!lstat) return !!lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink();
  const v = lstat(path, false, undefined, false);
  return !!v && (v[MODE]! & S_IFMT) === S_IFLNK;
}

/** `path`'s size and mtime where it is a regular file (a link is not followed); undefined where it is not, or is not there. */
export function fileStat(path: string): FileStat | undefined {
  const lstat = lstatBinding();
  if (!lstat) {
    const st = lstatSync(path, { throwIfNoEntry: false });
    return st?.isFile() ? { size: st.size, mtimeMs: st.mtimeMs } : undefined;
  }
  const v = lstat(path, false, undefined, false);
  if (!v || (v[MODE]! & S_IFMT) !== S_IFREG) return undefined;
  // As Stats computes mtimeMs (msFromTimeSpec): the same number, bit for bit.
  return { size: v[SIZE]!, mtimeMs: v[MTIME_S]! * 1e3 + v[MTIME_NS]! / 1e6 };
}

/**
 * `path`'s inode, size, modification and change times, as fs.lstatSync(path, { throwIfNoEntry: false })
 * gives them (the same numbers, bit for bit), for a stamp (fs/stamp.ts): a live index stamps a
 * year of day folders at each search, and a fresh process pays fs.lstatSync's Stats objects.
 */
export function stampStat(path: string): { ino: number; size: number; mtimeMs: number; ctimeMs: number } | undefined {
  const lstat = lstatBinding();
  if (!lstat) return lstatSync(path, { throwIfNoEntry: false });
  const v = lstat(path, false, undefined, false);
  if (!v) return undefined;
  return { ino: v[INO]!, size: v[SIZE]!, mtimeMs: v[MTIME_S]! * 1e3 + v[MTIME_NS]! / 1e6, ctimeMs: v[CTIME_S]! * 1e3 + v[CTIME_NS]! / 1e6 };
}

/**
 * `path`'s inode and change time where it is a directory (a link is not followed), as
 * fs.lstatSync(path, { throwIfNoEntry: false }) gives them; undefined for anything else, or nothing.
 * The change time moves whenever an entry is added, removed or renamed in the directory, and
 * cannot be set back by hand (utimes sets it too).
 */
export function folderStat(path: string): { ino: number; ctimeMs: number } | undefined {
  const lstat = lstatBinding();
  if (!lstat) {
    const st = lstatSync(path, { throwIfNoEntry: false });
    return st?.isDirectory() ? { ino: st.ino, ctimeMs: st.ctimeMs } : undefined;
  }
  const v = lstat(path, false, undefined, false);
  if (!v || (v[MODE]! & S_IFMT) !== S_IFDIR) return undefined;
  return { ino: v[INO]!, ctimeMs: v[CTIME_S]! * 1e3 + v[CTIME_NS]! / 1e6 };
}

/** Whether `path` is a regular file of this size and mtime, as fileStat(path) would say, without making its answer. */
export function sameFile(path: string, size: number, mtimeMs: number): boolean {
  const lstat = lstatBinding();
  if (!lstat) {
    const st = fileStat(path);
    return st?.size === size && st.mtimeMs === mtimeMs;
  }
  const v = lstat(path, false, undefined, false);
  return !!v && (v[MODE]! & S_IFMT) === S_IFREG && v[SIZE] === size && v[MTIME_S]! * 1e3 + v[MTIME_NS]! / 1e6 === mtimeMs;
}

/** Where a check of many files (sameFiles) is: the next file's number, and where its path starts. */
export interface FilesAt {
  i: number;
  at: number;
}

/**
 * Whether the files `paths` names (NUL between two, each after `base`) are regular files of the
 * sizes and mtimes `numbers` holds (the i-th file's at 2i and 2i+1), as sameFile says one at a
 * time: the files from `next` on, up to `count` of them, `next` moved past them; false at the first
 * that differs, and for a list that does not hold `n` paths. A warm search checks every journal
 * file here (10,000 at the bench's search size) in one small loop, which V8 optimises in ~1 ms:
 * inside the async function that reads the kept listing, it compiled that whole function to run
 * the loop (4-12 ms of CPU, ~30 M instructions).
 */
export function sameFiles(base: string, paths: string, numbers: Float64Array, n: number, next: FilesAt, count: number): boolean {
  const lstat = lstatBinding();
  const last = Math.min(n, next.i + count);
  let { i, at } = next;
  for (; i < last; i++) {
    // The i-th path: up to the next NUL, the last one up to the end.
    let end = paths.indexOf('\0', at);
    if (end < 0 !== (i === n - 1)) return false;
    if (end < 0) end = paths.length;
    const path = base + paths.slice(at, end);
    at = end + 1;
    if (!lstat) {
      if (!sameFile(path, numbers[2 * i]!, numbers[2 * i + 1]!)) return false;
      continue;
    }
    const v = lstat(path, false, undefined, false);
    if (v === undefined || (v[MODE]! & S_IFMT) !== S_IFREG || v[SIZE] !== numbers[2 * i] || v[MTIME_S]! * 1e3 + v[MTIME_NS]! / 1e6 !== numbers[2 * i + 1]) return false;
  }
  next.i = i;
  next.at = at;
  return true;
}
