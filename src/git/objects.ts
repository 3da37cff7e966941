import { forEachBlob } from './blob-batch.js';
import { git } from './git.js';

/** A file in a revision's tree. */
export interface TreeFile {
  path: string;
  blob: string;
}

/** Files under `paths` in revision `rev` (`git ls-tree`), without a checkout. Missing rev or path: none. */
export async function listTree(cwd: string, rev: string, paths: string[]): Promise<TreeFile[]> {
  const out = await git(['ls-tree', '-r', '-z', '--full-tree', rev, '--', ...paths], { cwd, allowFail: true });
  if (!out) return [];
  return out
    .split('\0')
    .filter(Boolean)
    .flatMap((entry) => {
      const m = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(entry);
      return m ? [{ blob: m[1]!, path: m[2]! }] : [];
    });
}

/** The content of one blob as text. */
export async function readBlob(cwd: string, blob: string): Promise<string> {
  return git(['cat-file', 'blob', blob], { cwd });
}

/** A file's content at a revision (`git show rev:path`), or null where it does not exist. */
export async function showFile(cwd: string, rev: string, path: string): Promise<string | null> {
  return git(['show', `${rev}:${path}`], { cwd, allowFail: true });
}

/**
 * Reads many blobs, one `git cat-file --batch` for each batch of them (forEachBlob); a blob git
 * cannot read throws, as readBlob does. (A git process per blob was most of `git memory diff`'s time.)
 */
export async function readBlobs(cwd: string, blobs: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await forEachBlob(cwd, [...new Set(blobs)], async (blob, text) => {
    out.set(blob, text ?? (await readBlob(cwd, blob)));
  });
  return out;
}
