import { JOURNAL_DIR } from '../paths.js';

/**
 * The listings the search's cache key is made of (see key.ts), run side by side (two cores finish
 * them in 25 ms where one process took 35): tracked journal files with their blob ids and
 * untracked ones; and the tracked ones whose working copy differs from the index (git stats them
 * on several threads). `:(top)` and `--full-name` give the same output from any directory of the
 * work tree, so they can start before the repository is found (see git/early.ts).
 */
export const KEY_COMMANDS = [
  ['ls-files', '-z', '-t', '-s', '-o', '--full-name', '--', `:(top)${JOURNAL_DIR}`],
  ['diff-files', '-z', '--name-only', '--', `:(top)${JOURNAL_DIR}`],
] as const;
