// Per-run working copies of the cached repositories (commands that write — the hook's spool, end's
// sessions, commits, rebases — never touch the cache), the `git-memory` wrapper hooks call, the
// user's home files, and the two branches of the rebase bench.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, linkSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT, WORK_DIR as WORK } from './bundle.mjs';
import { data, FastImport } from './fast-import.mjs';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};

/** Hard links to every file under `from`, in the same folders under `to`. */
function linkTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (e.isDirectory()) linkTree(join(from, e.name), join(to, e.name));
    else {
      try {
        linkSync(join(from, e.name), join(to, e.name));
      } catch (err) {
        if (err.code !== 'EXDEV') throw err;
        copyFileSync(join(from, e.name), join(to, e.name)); // another file system (GIT_MEMORY_BENCH_CACHE elsewhere)
      }
    }
  }
}

/**
 * This run's scratch directory (`.bench/work/<pid>`), after removing those of runs that are gone.
 * Returns helpers that fill it, and `dispose()` to remove it.
 */
export function freshWorkspace() {
  const parent = dirname(WORK);
  mkdirSync(parent, { recursive: true });
  for (const name of readdirSync(parent)) {
    if (!/^\d+$/.test(name) || (Number(name) !== process.pid && !alive(Number(name)))) rmSync(join(parent, name), { recursive: true, force: true });
  }
  mkdirSync(WORK, { recursive: true });
  return {
    dir: WORK,
    /**
     * A full copy (hooks, config, spool and all) of a generated repository. With `linkObjects`, the
     * files under .git/objects are hard links instead (git writes an object file once, under a
     * temporary name, and never changes it in place; a repack or prune only unlinks the copy's
     * name): the L and XL repositories hold 160 MB and 770 MB of packs.
     */
    copy(from, name, { linkObjects = false } = {}) {
      const to = join(WORK, name);
      const objects = join(from, '.git', 'objects');
      cpSync(from, to, { recursive: true, filter: (src) => !linkObjects || src !== objects });
      if (linkObjects) linkTree(objects, join(to, '.git', 'objects'));
      return to;
    },
    dispose: () => rmSync(WORK, { recursive: true, force: true }),
  };
}

/**
 * A copy of dist/ for this run, so a rebuild elsewhere in the checkout (which empties dist/) cannot
 * make a hook fail silently mid-bench. Modules and templates still resolve upward from it.
 * Returns the copied `git-memory.js`.
 */
export function snapshotDist() {
  const dist = join(WORK, 'dist');
  cpSync(join(ROOT, 'dist'), dist, { recursive: true });
  writeFileSync(join(dist, 'bench-build.txt'), `${buildId()}\n`);
  return join(dist, 'git-memory.js');
}

/** The build a snapshot of dist/ was taken from: the checkout's commit, `+changes` when src/ differs from it. */
function buildId() {
  const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no', '--', 'src') ? '+changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

/**
 * Runs `git-memory init` in `dir` (hooks, merge driver, memory skeleton: whatever the build at hand
 * sets up) and commits what it wrote, as a user would, so the working tree is clean again.
 */
export function initRepo(dir, binJs, env) {
  const init = spawnSync(process.execPath, [binJs, 'init'], { cwd: dir, env, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`git-memory init failed in ${dir}: ${init.stderr}`);
  const git = (...args) => execFileSync('git', ['-c', 'core.hooksPath=/dev/null', ...args], { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (!git('status', '--porcelain')) return;
  git('add', '--all');
  git('commit', '-q', '-m', 'Set up git-memory');
}

/** A bin directory holding `git-memory` (runs `binJs`), for PATH: installed hooks call it by name. */
export function wrapperBin(binJs) {
  const bin = join(WORK, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'git-memory'), `#!/bin/sh\nexec "${process.execPath}" "${binJs}" "$@"\n`, { mode: 0o755 });
  return bin;
}

/** OPENCLAW_MEMORY_HOME with the user files a real user would have, so the primer reads them. */
export function userHome() {
  const home = join(WORK, 'home');
  mkdirSync(join(home, 'user'), { recursive: true });
  writeFileSync(join(home, 'user', 'entities.md'), '- Jane Doe, backend engineer on the billing team\n- Works in Berlin (CET)\n- Owns the payments and webhooks modules\n');
  writeFileSync(
    join(home, 'user', 'preferences.md'),
    '- Small commits with a clear subject\n- Tests first for bug fixes\n- TypeScript strict mode everywhere\n- No new dependencies without asking\n- Explain trade-offs briefly\n- Prefer plain SQL over the ORM for reports\n',
  );
  return home;
}

/**
 * In `dir`: branch `bench-topic` of `count` small commits and branch `bench-onto` of one commit,
 * both from HEAD, and `bench-topic` checked out. Returns the topic tip, to reset to between runs.
 */
export async function rebaseBranches(dir, env, count) {
  const git = (...args) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const from = git('rev-parse', 'HEAD');
  const fi = new FastImport(dir, env);
  const when = `${Math.floor(Date.parse(env.GIT_MEMORY_NOW) / 1000)} +0000`;
  const commit = (branch, i, message, path, text) =>
    `commit refs/heads/${branch}\nauthor Jane Doe <jane@example.com> ${when}\ncommitter Jane Doe <jane@example.com> ${when}\n` +
    `${data(message)}${i === 0 ? `from ${from}\n` : ''}M 100644 inline ${path}\n${data(text)}\n`;
  for (let i = 0; i < count; i++) await fi.write(commit('bench-topic', i, `Topic change ${i + 1}\n`, `bench/topic-${i + 1}.txt`, `change ${i + 1}\n`));
  await fi.write(commit('bench-onto', 0, 'Upstream change\n', 'bench/onto.txt', 'upstream\n'));
  await fi.done();
  git('checkout', '-q', 'bench-topic');
  return git('rev-parse', 'HEAD');
}
