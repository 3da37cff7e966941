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

/** Reads many blobs, a few git processes at a time. */
export async function readBlobs(cwd: string, blobs: string[], parallel = 8): Promise<Map<string, string>> {
  const unique = [...new Set(blobs)];
  const out = new Map<string, string>();
  for (let i = 0; i < unique.length; i += parallel) {
    const batch = unique.slice(i, i + parallel);
    const texts = await Promise.all(batch.map((b) => readBlob(cwd, b)));
    batch.forEach((b, j) => out.set(b, texts[j]!));
  }
  return out;
}
