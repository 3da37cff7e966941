// How a rebuild of the index keeps its memory down: V8 settings for it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Journals at least this large (bytes of files) get a full collection between the build's phases. */
const LARGE = 8 << 20;

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
