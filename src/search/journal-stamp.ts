import { join } from 'node:path';
import { DATE_RE } from '../clock.js';
import { namesOrNone } from '../fs/read-file.js';
import type { Stamp } from '../fs/stamp.js';
import { JOURNAL_DIR } from '../paths.js';

/**
 * Adds to `stamp` what says whether the journal changed: the journal directory, each day
 * directory (a session file added, removed or replaced changes its directory) and each original
 * per-day file (edited in place). One directory read and one `lstat` per day: a year of sessions
 * is a few hundred calls, whatever the number of sessions. A session file rewritten in place,
 * without a new inode, is not seen here; session files are written once, git replaces a file it
 * checks out, and a checkout moves HEAD, which callers stamp too.
 */
export function stampJournal(stamp: Stamp, root: string): Stamp {
  const journal = join(root, JOURNAL_DIR);
  stamp.add(journal);
  for (const name of namesOrNone(journal).sort()) {
    if (DATE_RE.test(name) || (name.endsWith('.md') && DATE_RE.test(name.slice(0, -3)))) stamp.add(`${journal}/${name}`);
  }
  return stamp;
}
