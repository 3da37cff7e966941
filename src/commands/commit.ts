import { EXIT, GitMemoryError } from '../errors.js';
import { configEdited, GitLockBusyError } from '../git/commit.js';
import { CONFIG_FILE } from '../paths.js';
import { withLock } from '../fs/lock.js';
import { anOperation, operationInProgress, theOperation } from '../git/repo.js';
import { open, type Ctx, type Result } from './context.js';
import { commitMessage, commitPending, deferredMessage, guardCommitSummary, refusedWarning } from './steps/commit-memory.js';

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
  // The message is memory too: scanned before anything is committed (`block` mode refuses it, exit 3).
  const guarded = opts.message === undefined ? null : await guardCommitSummary(o.config, opts.message);
  return withLock(o.repo.stateDir, async () => {
    // A memory commit left for after a user's commit (an `end` beside it) keeps the message it had.
    const message = (!guarded && (await deferredMessage(o.repo, o.config))) || commitMessage(o.config, guarded?.text ?? 'commit pending memory changes', []);
    // Started by the post-commit hook of that user's commit: its process is past its ref update.
    const after = Number(ctx.env.GIT_MEMORY_COMMITTED);
    const outcome = await commitPending(o.repo, message, { allowlist: o.config.secrets.allowlist }, undefined, Number.isInteger(after) && after > 1 ? [after] : []);
    // Committing is all this command does: a lock that kept it from that is an error.
    if (outcome.waiting === 'locked') throw new GitLockBusyError(outcome.lock!);
    if (outcome.waiting === 'commit') throw new GitMemoryError('a git commit is in progress in this worktree; the memory commit waits for it', EXIT.error, 'it lands after that commit (git-memory\'s post-commit hook), or run `git memory commit` again once it has ended');
    const refused = outcome.refused ?? [];
    // Nothing committed because the scan refused what there was: refused by the secret scan (exit 3).
    if (!outcome.commit && !outcome.pending.length && refused.length) {
      throw new GitMemoryError(
        `refused to commit ${refused.map((r) => r.path).join(', ')}: ${refused.length === 1 ? 'it contains' : 'they contain'} a secret\n` +
          refused.flatMap((r) => r.findings.map((f) => `  ${r.path}:${f.line}:${f.column} ${f.ruleId} ${f.masked}`)).join('\n'),
        EXIT.secret,
        'remove the value (or reference it, e.g. process.env.NAME), then run `git memory commit` again; known false positives go in [secrets] allowlist',
        { refused },
      );
    }
    // Asked after the commit, whose index work a concurrent status could hold up.
    const leftToYou = (await configEdited(o.repo)) ? [CONFIG_FILE] : [];
    return {
      data: { commit: outcome.commit && { sha: outcome.commit.sha, paths: outcome.commit.paths }, pending: outcome.commit ? [] : outcome.pending, leftToYou },
      warnings: [
        ...o.warnings,
        ...(guarded?.warnings ?? []),
        ...refused.map(refusedWarning),
        ...(outcome.repaired ? [outcome.repaired] : []),
        ...outcome.unreadable.map((u) => `not committed: ${u.path} cannot be read (${u.reason}); fix it, then run \`git memory commit\` again`),
      ],
    };
  });
}
