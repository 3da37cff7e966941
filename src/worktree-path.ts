import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { GitMemoryError } from './errors.js';
import { withOpenFile } from './fs/read-file.js';

/**
 * Memory lives in the repository, so a committed symbolic link at `.openclaw_memory`, `journal/`,
 * a day folder or TASKS.md would send writes (and reads) to wherever it points, outside the
 * repository, while git sees nothing. Paths under the worktree are checked here, part by part.
 */

export interface SymlinkOnPath {
  /** The link, relative to the worktree root. */
  link: string;
  /** What it points to, as written in the link. */
  target: string;
}

/**
 * The first symbolic link among the parts of `rel` below `root` (the last part too when
 * `includeLast`), or null. Parts that do not exist yet end the check: they will be made as real
 * directories. The root itself may be reached through a link (a home on another volume).
 */
export function symlinkOnPath(root: string, rel: string, includeLast = true): SymlinkOnPath | null {
  const parts = rel.split('/').filter(Boolean);
  const upTo = includeLast ? parts.length : parts.length - 1;
  for (let i = 1; i <= upTo; i++) {
    const sub = parts.slice(0, i).join('/');
    let isLink: boolean;
    try {
      isLink = lstatSync(join(root, sub)).isSymbolicLink();
    } catch {
      return null;
    }
    if (isLink) {
      let target = '?';
      try {
        target = readlinkSync(join(root, sub));
      } catch {
        /* gone meanwhile: still refused */
      }
      return { link: sub, target };
    }
  }
  return null;
}

/** The message for a memory path that passes through a symbolic link. */
export function symlinkMessage(found: SymlinkOnPath): string {
  return `${found.link} is a symbolic link (to ${found.target}); git-memory does not read or write memory through symbolic links`;
}

/**
 * Where a symbolic link on a memory path came from, which decides how it is undone: `committed` (the
 * index holds it as a link), `local` over a folder HEAD has (a clone where someone moved the
 * journal away and linked it), `local` alone, or `unknown` (not asked).
 */
export type LinkOrigin = 'committed' | 'over-head' | 'local' | 'unknown';

/** How to undo the link, by where it came from; what it points to is never removed. */
export function symlinkAdvice(found: SymlinkOnPath, origin: LinkOrigin): string {
  const { link, target } = found;
  const keep = `to keep what it holds: mkdir ${link} && cp -R ${target}/. ${link}/`;
  if (origin === 'committed') return `a commit put the link there: git rm --cached ${link} && rm ${link}, then make a real folder (${keep}) and run git memory init`;
  if (origin === 'over-head') return `the link is only in this working tree, over the folder HEAD has: rm ${link} && git checkout HEAD -- ${link} (${target} is left as it is)`;
  if (origin === 'local') return `the link is only in this working tree: rm ${link}, then ${keep}`;
  return `remove the link (rm ${link}); then git checkout HEAD -- ${link} where HEAD has that folder, or ${keep}; a committed link needs git rm --cached ${link} too`;
}

/** A memory path through a symbolic link: refused before anything is written. The command line asks git where the link came from (cli/io.ts) for its hint. */
export class SymlinkedMemoryError extends GitMemoryError {
  constructor(
    readonly root: string,
    readonly found: SymlinkOnPath,
    rel: string,
    origin: LinkOrigin = 'unknown',
  ) {
    super(`cannot write ${rel}: ${symlinkMessage(found)}`, 1, symlinkAdvice(found, origin));
    this.name = 'SymlinkedMemoryError';
    this.rel = rel;
  }

  readonly rel: string;
}

/**
 * `root/rel` for a write: throws GitMemoryError, before anything is written, when a directory on
 * the way is a symbolic link. With `includeFile`, a link at `rel` itself is refused too: for writes
 * that open the file in place (they follow the link), and for files whose old content the write
 * carries on (TASKS.md), which must not come from outside. A temp-file-and-rename write replaces a
 * link rather than following it, so PRIMER.md and new session files need only the directories.
 */
export function writablePath(root: string, rel: string, opts: { includeFile?: boolean } = {}): string {
  const found = symlinkOnPath(root, rel, opts.includeFile ?? false);
  if (found) throw new SymlinkedMemoryError(root, found, rel);
  return join(root, rel);
}

/**
 * The text of the working tree's memory file `rel`, never read through a symbolic link on its way
 * (a committed `MEMORY.md` → ~/.ssh/id_rsa would otherwise put the key in a model request, a page
 * or a memory commit): `link` names the link instead. `text` is null where there is no regular
 * file to read (absent, a FIFO, a directory), or where it holds more than `maxBytes`: `over` is
 * then its size, and nothing of it is read (a hook must not spend seconds on a hostile file).
 */
export function memoryFileText(root: string, rel: string, maxBytes = Infinity): { text: string | null; link: SymlinkOnPath | null; over?: number } {
  const link = symlinkOnPath(root, rel);
  if (link) return { text: null, link };
  let over: number | undefined;
  const text = withOpenFile(join(root, rel), (fd, size) => {
    if (size <= maxBytes) return readFileSync(fd, 'utf8');
    over = size;
    return null;
  });
  return over === undefined ? { text, link: null } : { text: null, link: null, over };
}
