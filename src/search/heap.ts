// How a rebuild of the index keeps its memory down: V8 settings for it.
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';

/**
 * node:v8's setFlagsFromString, loaded at the first build: loading node:v8 costs ~6 ms of CPU, and
 * a server's first search that answers from a stored index or the newest files builds nothing
 * before its answer is out.
 */
const setFlagsFromString = (flags: string): void => (createRequire(import.meta.url)('node:v8') as typeof import('node:v8')).setFlagsFromString(flags);

/** Journals at least this large (bytes of files) get a full collection between the build's phases. */
const LARGE = 8 << 20;
/** V8's own factor, put back after (node 20 to 24). */
const GROWTH = 2;

/**
 * For a large build: a full collection between phases, so what one phase dropped (the files'
 * texts and the strings made of them) is returned before the next allocates; V8 does not
 * count the dropped chunks as pressure. A no-op for a small build.
 */
export function collector(bytes: number): () => void {
  if (bytes < LARGE) return () => {};
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    return () => gc();
  } catch {
    return () => {};
  }
}

/**
 * Runs `work` with the young generation kept at its first size (a megabyte), and puts V8's
 * growth back after. Reading and tokenizing 50,000 sessions makes millions of short-lived strings,
 * and V8 answers by growing its young generation to 16 MB twice over: 30 MB of the build's peak
 * memory. Kept small, it is collected more often, for about 5% more CPU time in the build.
 * `--max-semi-space-size` is read only as node starts; the growth factor is read at each growth.
 */
export function smallYoungGeneration<T>(work: () => T): T {
  setFlagsFromString('--semi-space-growth-factor=1');
  try {
    return work();
  } finally {
    setFlagsFromString(`--semi-space-growth-factor=${GROWTH}`);
  }
}
