import { git } from './git.js';

/**
 * Which of `paths` the tree of at least one of `commits` holds (as a file): one `cat-file
 * --batch-check` for every pair, which answers a pair it cannot find with a line of its own.
 */
export async function pathsInTrees(root: string, commits: readonly string[], paths: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (!commits.length || !paths.length) return found;
  const pairs = commits.flatMap((c) => paths.map((p) => ({ p, q: `${c}:${p}` })));
  const out = (await git(['cat-file', '--batch-check=%(objecttype)'], { cwd: root, input: `${pairs.map((x) => x.q).join('\n')}\n`, allowFail: true })) ?? '';
  const lines = out.split('\n');
  pairs.forEach((x, i) => {
    if (lines[i] === 'blob') found.add(x.p);
  });
  return found;
}

/**
 * What the tree of `rev` holds of `paths` (files, and folders given with or without their `/`):
 * each file under them, and each folder that holds one. One `ls-tree` (its paths are prefixes,
 * not patterns). A fact's staleness at a revision (`git memory diff`) asks it where the primer
 * asks the working tree: a folder's file that is gone counts, one that is still there does not.
 */
export async function pathsAt(root: string, rev: string, paths: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (!paths.length) return found;
  const out = (await git(['ls-tree', '-r', '-z', '--name-only', '--full-tree', rev, '--', ...paths.map((p) => p.replace(/\/$/, ''))], { cwd: root, allowFail: true })) ?? '';
  for (const file of out.split('\0')) {
    if (!file) continue;
    found.add(file);
    for (let i = file.lastIndexOf('/'); i > 0; i = file.lastIndexOf('/', i - 1)) found.add(file.slice(0, i));
  }
  return found;
}
