import { gitSync } from '../git/git.js';
import { currentBranch } from '../git/repo.js';
import { appendReplay, forgetReplays } from '../git/rewrite.js';
import { appendSpool } from '../git/spool.js';
import { INTERNAL_ENV } from '../paths.js';
import { hookRepo, rebaseStep } from './hook-repo.js';

/**
 * post-commit: appends the new commit to this worktree's spool. Never writes a tracked file (that
 * would break `git rebase`), skips our own commits and commits a rebase replays (post-rewrite maps
 * those). One git process at most; no argument parser.
 */
export function postCommit(cwd: string, env: NodeJS.ProcessEnv): void {
  if (env[INTERNAL_ENV]) return;
  const repo = hookRepo(cwd, env);
  const step = rebaseStep(repo.gitDir);
  if (step === 'replay') return;
  // Notes still here outside a rebase belong to one that was aborted.
  if (step === null) forgetReplays(repo.stateDir);
  const out = gitSync(['log', '-1', '--no-show-signature', '--format=%H%x1f%aI%x1f%s'], cwd);
  const [sha, at, subject] = out.replace(/\n$/, '').split('\x1f');
  if (!sha) return;
  const entry = { type: 'commit' as const, sha, subject: subject ?? '', at: at ?? '', branch: currentBranch(repo) };
  if (step === 'maybe') appendReplay(repo.stateDir, entry);
  else appendSpool(repo.stateDir, entry);
}
