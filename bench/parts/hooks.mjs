// The git hooks' part of the bench: the installed post-commit script as git runs it, a real commit with
// and without hooks (target ≤ 1.3×), and a 100-commit rebase with and without hooks (target ≤ 2×).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rebaseBranches } from '../workspace.mjs';

const REBASE_COMMITS = 100;

/** Lines in a work copy's spool (what the post-commit hook appends to). */
/**
 * A hooks directory whose post-commit and post-rewrite do nothing: what git spends on running any
 * hook at all (a process per commit), the floor under ours.
 */
function emptyHooks(dir) {
  const hooks = join(dir, '.git', 'bench-empty-hooks');
  mkdirSync(hooks, { recursive: true });
  for (const h of ['post-commit', 'post-rewrite']) writeFileSync(join(hooks, h), '#!/bin/sh\n:\n', { mode: 0o755 });
  return hooks;
}

const spoolLines = (dir) => {
  const path = join(dir, '.git', 'git-memory', 'spool.jsonl');
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean).length : 0;
};

/**
 * @param {object} o
 * @param {import('../report.mjs').Summary} o.summary
 * @param {(repo: object, name: string) => string} o.workCopy a fresh copy of a generated repository, set up by this build's init
 * @param {Record<string, string>} o.env the bench environment (git-memory on PATH)
 * @param {{ dir: string, commits: number }} o.big the large generated repository
 * @param {number} o.commitRuns timed runs of each commit and of the hook script
 * @param {number} o.rebaseRuns timed rebases of each kind
 */
export async function run({ summary, workCopy, env, big, commitRuns, rebaseRuns, measure, printTable, ratio, timingRows }) {
  const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

  // The installed script, started from the worktree root as git starts it, against a shell that
  // does nothing (the script starts no process for a common commit).
  const dir = workCopy(big, 'commit');
  const hook = join(dir, '.git', 'hooks', 'post-commit');
  if (!readFileSync(hook, 'utf8').includes(`printf '{"type":"commit"`)) throw new Error(`${hook} is not this build's shell block`);
  git(dir, 'commit', '--allow-empty', '-q', '-m', 'the commit the hook records');
  let spooled = spoolLines(dir);
  const script = measure(
    [
      { name: 'script', cmd: hook, args: [], cwd: dir, env },
      { name: 'floor', cmd: 'sh', args: ['-c', ':'], cwd: dir, env },
    ],
    { runs: commitRuns, warmup: 2 },
  );
  const ran = spoolLines(dir) - spooled;
  if (ran !== commitRuns + 2) throw new Error(`the hook script recorded ${ran} of ${commitRuns + 2} runs`);
  printTable(['command', 'median', 'p90', 'runs'], timingRows(script, { script: '.git/hooks/post-commit (installed, run as git runs it)', floor: "floor: sh -c ':'" }));
  const scriptRatio = script.script.median / script.floor.median;
  summary.note('post-commit script / an empty sh', `${ratio(scriptRatio)} (${script.script.median.toFixed(1)} ms)`);

  // A real commit, hooks installed against hooks disabled.
  const commit = ['commit', '--allow-empty', '-m', 'x', '-q'];
  spooled = spoolLines(dir);
  const r = measure(
    [
      { name: 'hooked', cmd: 'git', args: commit, cwd: dir, env },
      { name: 'bare', cmd: 'git', args: ['-c', 'core.hooksPath=/dev/null', ...commit], cwd: dir, env },
      { name: 'empty', cmd: 'git', args: ['-c', `core.hooksPath=${emptyHooks(dir)}`, ...commit], cwd: dir, env },
    ],
    { runs: commitRuns, warmup: 2 },
  );
  const recorded = spoolLines(dir) - spooled;
  if (recorded !== commitRuns + 2) throw new Error(`the installed hook recorded ${recorded} of ${commitRuns + 2} commits`);
  printTable(['command', 'median', 'p90', 'runs'], timingRows(r, { hooked: 'git commit, post-commit hook installed', bare: 'git commit, hooks disabled', empty: 'git commit, an empty post-commit hook' }));
  const x = r.hooked.median / r.bare.median;
  const xEmpty = r.hooked.median / r.empty.median;
  summary.note('git commit: hook / an empty hook', ratio(xEmpty));
  summary.add('git commit: hook / no hook', `${ratio(x)} (+${(r.hooked.median - r.bare.median).toFixed(1)} ms per commit)`, x, { max: 1.3 }, '≤ 1.30×');

  // A 100-commit rebase, hooks installed against disabled.
  const rdir = workCopy(big, 'rebase');
  const tip = await rebaseBranches(rdir, env, REBASE_COMMITS);
  const reset = () => git(rdir, 'reset', '-q', '--hard', tip);
  const rebase = ['rebase', '-q', 'bench-onto'];
  const rb = measure(
    [
      { name: 'hooked', cmd: 'git', args: rebase, cwd: rdir, env, before: reset },
      { name: 'bare', cmd: 'git', args: ['-c', 'core.hooksPath=/dev/null', ...rebase], cwd: rdir, env, before: reset },
      { name: 'empty', cmd: 'git', args: ['-c', `core.hooksPath=${emptyHooks(rdir)}`, ...rebase], cwd: rdir, env, before: reset },
    ],
    { runs: rebaseRuns, warmup: 1 },
  );
  if (git(rdir, 'rev-list', '--count', 'bench-onto..HEAD') !== String(REBASE_COMMITS)) throw new Error('the rebase did not replay the topic branch');
  printTable(['command', 'median', 'p90', 'runs'], timingRows(rb, { hooked: 'git rebase, hooks installed', bare: 'git rebase, hooks disabled', empty: 'git rebase, empty hooks' }));
  const y = rb.hooked.median / rb.bare.median;
  summary.note(`${REBASE_COMMITS}-commit rebase: empty hooks / none (git's own cost of a hook)`, ratio(rb.empty.median / rb.bare.median));
  summary.add(
    `${REBASE_COMMITS}-commit rebase: hooks / none`,
    `${ratio(y)} (${(rb.hooked.median / 1000).toFixed(2)} vs ${(rb.bare.median / 1000).toFixed(2)} s)`,
    y,
    { max: 2 },
    '≤ 2.00×',
  );
}
