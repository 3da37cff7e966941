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
