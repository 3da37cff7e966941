import { lstatSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';

/**
 * The first directory between `stateDir` (excluded) and `target` (its parent included) that is a
 * symbolic link, or null. The state directory is git-memory's own: a link planted in it (a
 * session's directory, `sessions/<id>` → elsewhere) would make a write land outside it, so writers
 * refuse to follow one. A target outside `stateDir` is not checked here (worktree-path.ts checks
 * the memory folder).
 */
export function linkOnStatePath(stateDir: string, target: string): string | null {
  const rel = relative(stateDir, dirname(target));
  if (!rel || rel.startsWith('..') || rel.startsWith(sep)) return null;
  let dir = stateDir;
  for (const part of rel.split(sep)) {
    dir = `${dir}${sep}${part}`;
    try {
      if (lstatSync(dir).isSymbolicLink()) return dir;
    } catch {
      return null; // absent from here down: made as directories
    }
  }
  return null;
}

/** Throws where linkOnStatePath finds a link: nothing is written through it. */
export function refuseLinkOnStatePath(stateDir: string, target: string): void {
  const link = linkOnStatePath(stateDir, target);
  if (link) {
    const e = new Error(`${link} is a symbolic link: git-memory does not write its state through one (remove it; it is rebuilt)`) as NodeJS.ErrnoException;
    e.code = 'ELOOP';
    throw e;
  }
}
