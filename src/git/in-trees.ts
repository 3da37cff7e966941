import { git } from './git.js';
import { unquotePath } from './quoted-path.js';

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
  // A name that is not UTF-8 is kept as git quotes it ("src/bad\377name.ts"): its bytes cannot be an
  // argument, so its folder is asked (the whole tree for a top-level one), and git's lines, quoted
  // the same way without -z (core.quotePath is on for our git), are matched as they are.
  const quoted = paths.some((p) => p.startsWith('"'));
  const spec = [...new Set(paths.map((p) => (p.startsWith('"') ? folderOfQuoted(p) : p.replace(/\/$/, ''))))];
  const args = spec.includes('') ? [] : ['--', ...spec];
  const out = (await git(['ls-tree', '-r', ...(quoted ? [] : ['-z']), '--name-only', '--full-tree', rev, ...args], { cwd: root, allowFail: true })) ?? '';
  for (const line of out.split(quoted ? '\n' : '\0')) {
    if (!line) continue;
    const file = quoted && line.startsWith('"') ? unquotePath(line) : line;
    found.add(file);
    if (file.startsWith('"')) continue; // its folders are named inside the quotes
    for (let i = file.lastIndexOf('/'); i > 0; i = file.lastIndexOf('/', i - 1)) found.add(file.slice(0, i));
  }
  return found;
}

/** The folder of a quoted name, where it is plain text ('' for the top, or a folder that is quoted too). */
function folderOfQuoted(quoted: string): string {
  const inner = quoted.slice(1, -1);
  const slash = inner.lastIndexOf('/');
  const folder = slash < 0 ? '' : inner.slice(0, slash);
  return folder.includes('\\') ? '' : folder;
}
