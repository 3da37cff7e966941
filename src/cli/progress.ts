import type { BuildProgress } from '../search/build.js';

/** Where a progress line goes: a terminal's stderr, or a stand-in for it. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** Nothing is said about a build that ends within this, and the line changes at most this often after. */
export const PROGRESS_AFTER_MS = 1000;
const EVERY_MS = 100;

/**
 * What a long build of the search index is doing, as one line on a terminal, rewritten in place
 * and wiped when the build is done: a first search over a large journal takes seconds, and
 * silence looks like a hang. Nothing at all when the build is quick, or when the stream is not a
 * terminal (a pipe or a file gets only the answer).
 */
export function indexProgress(stream: ProgressStream, clock: () => number = Date.now): (p: BuildProgress) => void {
  // The clock starts at the first report: a search that builds nothing reads no clock at all
  // (`performance` is loaded on first use, which costs a warm search milliseconds).
  let started: number | undefined;
  let shown = false;
  let last = -Infinity;
  return (p) => {
    if (!stream.isTTY) return;
    started ??= clock();
    if (p.phase === 'done') {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
      return;
    }
    const t = clock();
    if (t - started < PROGRESS_AFTER_MS || (p.phase === 'read' && p.done < p.total && t - last < EVERY_MS)) return;
    last = t;
    shown = true;
    const doing = p.phase === 'read' ? `reading the journal, ${p.done} of ${p.total} files` : 'writing the index';
    stream.write(`\r\x1b[Kgit memory search: indexing past sessions (first search, or the journal changed): ${doing}…`);
  };
}
