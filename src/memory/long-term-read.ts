import { LONG_TERM_FILE } from '../paths.js';
import { memoryFileText, type SymlinkOnPath } from '../worktree-path.js';

/**
 * The most of MEMORY.md the primer, its early staleness question and search read: the dream keeps
 * it within 25 KB (LONG_TERM_MAX_BYTES), and a file of megabytes (a hostile or careless commit)
 * cost every session start about 100 ms a MB. A bigger one is read as none there; `lint` reports it,
 * and the dream, which prunes it, still reads it whole.
 */
export const LONG_TERM_READ_MAX_BYTES = 512 * 1024;

/** MEMORY.md's text for a reader at session start: null where absent, linked (`link`) or over LONG_TERM_READ_MAX_BYTES (`over`). */
export function longTermForReaders(root: string): { text: string | null; link: SymlinkOnPath | null; over?: number } {
  return memoryFileText(root, LONG_TERM_FILE, LONG_TERM_READ_MAX_BYTES);
}
