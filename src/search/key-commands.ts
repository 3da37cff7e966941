import { JOURNAL_DIR } from '../paths.js';

/**
 * The listings the search's cache key is made of (see key.ts), run side by side: the id of the
 * journal's tree at HEAD (git reads three objects, not the index), and the journal files that
 * differ from it: staged, changed in the work tree, deleted or untracked (git stats the tracked
 * ones on several threads and prints only what differs). Neither lists the journal: a warm check
 * prints a few lines at 50,000 sessions, where a listing of every file was 5.6 MB. `--full-tree`,
 * `:(top)` and porcelain output give the same answer from any directory of the work tree, so they
 * can start before the repository is found (see git/early.ts). Like every git process of ours,
 * they take no optional lock: `status` does not write git's index (git.ts).
 */
export const KEY_COMMANDS = [
  ['ls-tree', '--full-tree', 'HEAD', '--', JOURNAL_DIR],
  ['status', '--porcelain', '-z', '--untracked-files=all', '--no-renames', '--ignore-submodules', '--', `:(top)${JOURNAL_DIR}`],
] as const;
