import { REFLOG_PREFIX } from '../git/commit.js';
import { gitSync } from '../git/git.js';
import { currentBranch } from '../git/repo.js';
import { appendReplay, forgetReplays } from '../git/rewrite.js';
import { shellSession } from '../git/session-marks.js';
import { appendSpool } from '../git/spool.js';
import { INTERNAL_ENV } from '../paths.js';
import { hookRepo, rebaseStep } from './hook-repo.js';

const US = '\x1f';

/**
 * The commit this hook runs for: `[sha, author date, subject]`, or [] when there is none.
 *
 * git gives post-commit no commit id, and HEAD may already have moved on: an `end` running beside
 * the user commits memory on top of the user's commit before this hook reads HEAD. So the hook
 * reads HEAD's reflog, newest first, and takes the first entry that is not one of ours (every
 * memory commit writes a reflog message starting with REFLOG_PREFIX; git writes `commit: …` and
 * the like for the user's). Where the reflog is off (core.logAllRefUpdates=false) there is none to
 * read, and HEAD is all there is.
 */
function userCommit(cwd: string): string[] {
  const fields = `%H${US}%aI${US}%s`;
  const reflog = gitSync(['log', '-g', '-n', '20', '--no-show-signature', `--format=%gs${US}${fields}`, 'HEAD'], cwd);
  const lines = reflog.split('\n').filter(Boolean);
  if (lines.length) {
    const mine = lines.find((l) => !l.startsWith(REFLOG_PREFIX));
    return mine ? mine.split(US).slice(1) : [];
  }
  return gitSync(['log', '-1', '--no-show-signature', `--format=${fields}`], cwd).replace(/\n$/, '').split(US);
}

/**
 * post-commit, as node does it: the installed shell block (git/hook-blocks.ts) records the common
 * commit itself and runs this only for what it cannot decide cheaply (a commit during a rebase that
 * is not a replay, a memory commit ahead in the reflog, no reflog, a branch name needing escapes);
 * blocks older versions installed run it for every commit.
 *
 * Appends the new commit to this worktree's spool. Never writes a tracked file (that
 * would break `git rebase`), skips our own commits and commits a rebase replays (post-rewrite maps
 * those). One git process (two where the reflog is off); no argument parser.
 */
export function postCommit(cwd: string, env: NodeJS.ProcessEnv): void {
  if (env[INTERNAL_ENV]) return;
  const repo = hookRepo(cwd, env);
  const step = rebaseStep(repo.gitDir);
  if (step === 'replay') return;
  // Notes still here outside a rebase belong to one that was aborted.
  if (step === null) forgetReplays(repo.stateDir);
  const [sha, at, subject] = userCommit(cwd);
  if (!sha) return;
  const session = shellSession(env);
  const entry = { type: 'commit' as const, sha, subject: subject ?? '', at: at ?? '', branch: currentBranch(repo), ...(session ? { session } : {}) };
  if (step === 'maybe') appendReplay(repo.stateDir, entry);
  else appendSpool(repo.stateDir, entry);
}
