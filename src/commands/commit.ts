import { EXIT, GitMemoryError } from '../errors.js';
import { configEdited, GitLockBusyError } from '../git/commit.js';
import { CONFIG_FILE } from '../paths.js';
import { withLock } from '../fs/lock.js';
import { anOperation, operationInProgress, theOperation } from '../git/repo.js';
import { open, type Ctx, type Result } from './context.js';
import { commitMessage, commitPending } from './steps/commit-memory.js';

export interface CommitData {
  commit: { sha: string; paths: string[] } | null;
  pending: string[];
  /** Changed files this command leaves for the user to commit: the tracked config, when edited. */
  leftToYou: string[];
}

/** Commits memory changes that are waiting (e.g. sessions ended during a rebase). */
export async function commit(ctx: Ctx, opts: { message?: string }): Promise<Result<CommitData>> {
  const o = open(ctx);
  const op = operationInProgress(o.repo);
  if (op) throw new GitMemoryError(`${anOperation(op)} is in progress; memory is committed after it ends`, EXIT.error, `finish or abort ${theOperation(op)}, then run \`git memory commit\` again`);
  return withLock(o.repo.stateDir, async () => {
    const outcome = await commitPending(o.repo, commitMessage(o.config, opts.message ?? 'commit pending memory changes', []));
    // Committing is all this command does: a lock that kept it from that is an error.
    if (outcome.waiting === 'locked') throw new GitLockBusyError(outcome.lock!);
    // Asked after the commit, whose index work a concurrent status could hold up.
    const leftToYou = (await configEdited(o.repo)) ? [CONFIG_FILE] : [];
    return {
      data: { commit: outcome.commit && { sha: outcome.commit.sha, paths: outcome.commit.paths }, pending: outcome.commit ? [] : outcome.pending, leftToYou },
      warnings: [
        ...o.warnings,
        ...(outcome.repaired ? [outcome.repaired] : []),
        ...outcome.unreadable.map((u) => `not committed: ${u.path} cannot be read (${u.reason}); fix it, then run \`git memory commit\` again`),
      ],
    };
  });
}
