import { writeAtomic } from '../../fs/atomic.js';
import { withLock } from '../../fs/lock.js';
import { LONG_TERM_FILE } from '../../paths.js';
import { writablePath } from '../../worktree-path.js';
import type { Opened } from '../context.js';
import { commitPending, refusedWarning, type CommitOutcome } from './commit-memory.js';
import { rebuildPrimer } from './rebuild-primer.js';

/** What writing MEMORY.md came to: its commit, or why it waits for the next one. */
export interface LongTermCommit {
  commit: { sha: string; paths: string[] } | null;
  waiting: CommitOutcome['waiting'] | null;
}

/**
 * Writes MEMORY.md (text already scanned), commits it as the memory commits are made, and rebuilds
 * the primer, all under the memory lock: what `dream` and `forget` do once they know the new text.
 * Warnings go into `warnings`.
 */
export async function commitLongTerm(o: Opened, text: string, message: string, warnings: string[]): Promise<LongTermCommit> {
  const { repo } = o;
  let result: LongTermCommit = { commit: null, waiting: null };
  await withLock(repo.stateDir, async () => {
    writeAtomic(repo.stateDir, writablePath(repo.root, LONG_TERM_FILE, { includeFile: true }), text);
    const outcome = await commitPending(repo, message, { auto: o.config.commit.auto, allowlist: o.config.secrets.allowlist });
    if (outcome.repaired) warnings.push(outcome.repaired);
    warnings.push(...(outcome.refused ?? []).map(refusedWarning));
    result = { commit: outcome.commit && { sha: outcome.commit.sha, paths: outcome.commit.paths }, waiting: outcome.commit ? null : outcome.waiting };
    const built = await rebuildPrimer(o, { write: true, recordStart: false });
    warnings.push(...built.warnings);
  });
  return result;
}
