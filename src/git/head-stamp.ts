import { join } from 'node:path';
import type { Stamp } from '../fs/stamp.js';
import { readTextOrNull } from '../fs/read-file.js';
import type { Repo } from './repo.js';

/**
 * Adds to `stamp` the files that say which commit HEAD is: HEAD, the ref it names (loose), and
 * packed-refs. A commit, a checkout, a reset, a pull or a branch switch changes one of them, and
 * no git process is started to find out. HEAD itself is read (a few bytes) to know its ref.
 */
export function stampHead(stamp: Stamp, repo: Repo): Stamp {
  const headPath = join(repo.gitDir, 'HEAD');
  stamp.add(headPath);
  const ref = /^ref: (refs\/\S+)/.exec(readTextOrNull(headPath)?.trim() ?? '')?.[1];
  // Branches are shared by all worktrees; other refs HEAD may name are the worktree's own.
  if (ref) stamp.add(join(ref.startsWith('refs/heads/') ? repo.commonDir : repo.gitDir, ref));
  stamp.add(join(repo.commonDir, 'packed-refs'));
  // A reftable repository keeps refs in tables: their list changes with every ref update.
  stamp.add(join(repo.commonDir, 'reftable', 'tables.list'));
  return stamp;
}
