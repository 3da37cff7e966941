import { statSync, type Stats } from 'node:fs';

/** `path`'s stat (symlinks followed), or undefined when nothing usable is there (absent, EACCES, ELOOP). */
function statOrNone(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Whether `path` is a directory. Absent, unreadable or not a directory: false; callers use it to
 * pick among candidate paths, where any failure means "not this one".
 */
export function isDir(path: string | undefined): path is string {
  return !!path && !!statOrNone(path)?.isDirectory();
}

/** Whether anything is at `path` (a dangling symlink is nothing). Never throws. */
export function exists(path: string): boolean {
  return statOrNone(path) !== undefined;
}
