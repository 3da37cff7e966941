import { realpathSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';

/** A path read through its links where it exists, as given where it does not. */
export function realOrGiven(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * `path` (absolute, resolved) relative to `root` read through its links ('' for the root itself),
 * or null when it lies outside: a repository under /tmp, itself a link on some systems, holds the
 * files realpath names under /private/tmp.
 */
export function inside(root: string, path: string): string | null {
  const rel = relative(realOrGiven(root), path);
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? null : rel;
}
