// How HEAD came to be where it is since an answer was kept for an earlier commit: what HEAD's reflog
// says (read by the entry point before a command loads, to choose which git call to start early, so
// it reads files only), and whether the commits git lists since are a line (lineTop).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { isFullId } from './head.js';

/** How much of the end of HEAD's reflog is read to see how HEAD came from a kept answer's commit. */
const REFLOG_TAIL = 32 * 1024;

/** A reflog entry of a plain commit: `git commit` (not an amend, a merge or a cherry-pick), or a memory commit. */
const PLAIN_COMMIT = /\t(?:commit(?: \(initial\))?: |git-memory: )/;

/**
 * Whether HEAD's reflog says it came from `from` to `head` by plain commits only (`commit:` entries
 * and memory commits, each on the one before, at most `cap` of them): then the commits between are
 * almost surely a line, and a step from an answer kept for `from` is worth asking; after a merge, a
 * pull, a reset or a rebase the whole question is asked instead (the step would fail, and the
 * whole question run late). Only a hint: the step itself checks the line. False where the reflog
 * cannot say (none kept, too far back).
 */
export function byPlainCommits(gitDir: string, from: string, head: string, cap: number): boolean {
  let text: string;
  try {
    const fd = openSync(join(gitDir, 'logs', 'HEAD'), 'r');
    try {
      const size = fstatSync(fd).size;
      const buf = Buffer.allocUnsafe(Math.min(size, REFLOG_TAIL));
      const got = readSync(fd, buf, 0, buf.length, size - buf.length);
      text = buf.toString('utf8', 0, got);
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
  const lines = text.split('\n');
  let want = head;
  for (let i = lines.length - 1, seen = 0; i >= 0 && seen <= cap; i--) {
    const line = lines[i]!;
    if (!line) continue;
    seen++;
    const [old = '', to = ''] = line.split(' ', 2);
    if (to !== want || !PLAIN_COMMIT.test(line)) return false;
    if (old === from) return true;
    want = old;
  }
  return false;
}

/**
 * Whether `commits` (newest first, as `git log` lists them, each with its parents as `%P` prints
 * them) are a line of single-parent commits on top of `from`, each on the one before: then git walks
 * them one at a time before `from`. The newest one's id, or null (no commit, a merge, a gap).
 */
export function lineTop(commits: readonly { sha: string; parents: string }[], from: string): string | null {
  let expect = from;
  for (let i = commits.length - 1; i >= 0; i--) {
    const { sha, parents } = commits[i]!;
    if (parents !== expect || !isFullId(sha)) return null;
    expect = sha;
  }
  return commits.length ? expect : null;
}
