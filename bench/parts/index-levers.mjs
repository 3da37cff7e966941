// What the journal's files in git's index add to the user's own `git status` (issue 28 item 6), and
// what `git memory fold` leaves of it, measured on a copy of the S, L or XL repository:
//   node bench/parts/index-levers.mjs S|L|XL [runs]     (L and XL: from the bench cache; XL on demand)
// One copy of the working tree (hard links: no file is copied or checked out, and the copy never
// writes into a file, only renames and creates) and four states of the same history, each with its
// own HEAD and index, so `git status` compares like with like:
//   journal   one file a session, as the journal is
//   none      no journal at all (HEAD, index and working tree without it): the floor
//   fold      after `git memory fold` with its default cutoff (sessions of the month before last and
//             earlier folded into one file a day; the last month and the current one stay files),
//             the clock set to the day after the newest session: a repository that folds as it goes
//   fold-all  after a second fold of everything before the newest session's month
// `git status --porcelain` is timed in each, the states in turn over several rounds so the load of
// the moment falls on all alike (wall and CPU, user+sys, medians of the rounds; the load is printed).
// The fold itself is timed too (it is the real command, built in dist/).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const JOURNAL = '.openclaw_memory/journal';
const BIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/git-memory.js');
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** `git status --porcelain` in `dir`: wall median of `runs`, CPU (user+sys) per run over all of them (10 ms steps otherwise). */
function timeStatus(dir, env, runs) {
  const args = ['status', '--porcelain'];
  for (let i = 0; i < 2; i++) execFileSync('git', args, { cwd: dir, env, stdio: 'ignore' });
  const wall = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    execFileSync('git', args, { cwd: dir, env, stdio: 'ignore' });
    wall.push(performance.now() - t0);
  }
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', 'sh', '-c', `for i in $(seq ${runs}); do git status --porcelain >/dev/null; done`], { cwd: dir, env, encoding: 'utf8' });
  const [u, s] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall: med(wall), cpu: ((u + s) * 1000) / runs };
}

/** Runs a command under /usr/bin/time: wall and CPU ms, and its output. */
function timedRun(cmd, args, cwd, env) {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', cmd, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  const wall = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  const [u, s] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: (u + s) * 1000, stdout: r.stdout };
}

export async function indexLevers({ repoDir, env, runs }) {
  const base = join(tmpdir(), `gm-levers-${process.pid}`);
  const dir = join(base, 'repo');
  mkdirSync(base, { recursive: true });
  const git = (...args) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 << 20 });
  const journal = join(dir, JOURNAL);
  const index = join(dir, '.git', 'index');
  const headFile = join(dir, '.git', 'HEAD');
  try {
    // The history shared, the working tree hard-linked, the index copied (its stat data refreshed once).
    execFileSync('git', ['clone', '-q', '--shared', '--no-checkout', repoDir, join(base, 'clone')], { env, stdio: 'ignore' });
    execFileSync('cp', ['-al', repoDir, dir], { env });
    rmSync(join(dir, '.git'), { recursive: true, force: true });
    renameSync(join(base, 'clone', '.git'), join(dir, '.git'));
    copyFileSync(join(repoDir, '.git', 'index'), index);
    git('config', 'core.hooksPath', '/dev/null');
    git('update-index', '-q', '--refresh');
    const entries = () => Number(git('ls-files').split('\n').length - 1);
    const newest = readdirSync(journal).filter((n) => /^\d{4}-\d{2}-\d{2}$/.test(n)).sort().at(-1);

    // Each state: its HEAD, its index and its journal folder (kept beside the tree, renamed in).
    const states = {};
    const keep = (name) => {
      // HEAD detached at the state's commit (the branch moves on with the folds).
      states[name] = { head: `${git('rev-parse', 'HEAD').trim()}\n`, index: join(base, `index-${name}`), dir: join(base, `journal-${name}`), entries: entries() };
      copyFileSync(index, states[name].index);
      execFileSync('cp', ['-al', journal, states[name].dir], { env });
    };
    keep('journal');
    // none: HEAD, index and working tree without the journal.
    const noneIndex = join(base, 'index-none');
    copyFileSync(index, noneIndex);
    const noneEnv = { ...env, GIT_INDEX_FILE: noneIndex };
    execFileSync('git', ['rm', '-r', '-q', '--cached', JOURNAL], { cwd: dir, env: noneEnv, stdio: 'ignore' });
    const tree = execFileSync('git', ['write-tree'], { cwd: dir, env: noneEnv, encoding: 'utf8' }).trim();
    states.none = { head: `${git('commit-tree', tree, '-p', 'HEAD', '-m', 'without the journal').trim()}\n`, index: noneIndex, dir: null, entries: execFileSync('git', ['ls-files'], { cwd: dir, env: noneEnv, encoding: 'utf8', maxBuffer: 256 << 20 }).split('\n').length - 1 };
    // fold: the real command, the clock the day after the newest session; then everything before its month.
    const next = new Date(Date.parse(`${newest}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const foldEnv = { ...env, GIT_MEMORY_NOW: `${next}T12:00:00` };
    const fold = timedRun(process.execPath, [BIN, 'fold', '--json'], dir, foldEnv);
    const folded = JSON.parse(fold.stdout);
    keep('fold');
    const foldAll = timedRun(process.execPath, [BIN, 'fold', '--json', '--before', next.slice(0, 7)], dir, foldEnv);
    keep('fold-all');
    rmSync(journal, { recursive: true, force: true });

    // Rounds, the states in turn, so that the load of the moment falls on all of them alike.
    const names = ['none', 'journal', 'fold', 'fold-all'];
    const got = Object.fromEntries(names.map((n) => [n, { wall: [], cpu: [] }]));
    const rounds = Math.max(3, Math.ceil(runs / 3));
    for (let r = 0; r < rounds; r++) {
      for (const name of names) {
        const st = states[name];
        writeFileSync(headFile, st.head);
        copyFileSync(st.index, index);
        if (st.dir) renameSync(st.dir, journal);
        try {
          const t = timeStatus(dir, env, 3);
          if (git('status', '--porcelain').trim()) throw new Error(`git status is not clean in the ${name} state`);
          got[name].wall.push(t.wall);
          got[name].cpu.push(t.cpu);
          copyFileSync(index, st.index); // its stat data refreshed, for the next round
        } finally {
          if (st.dir) renameSync(journal, st.dir);
        }
      }
    }
    const out = Object.fromEntries(names.map((n) => [n, { entries: states[n].entries, wall: med(got[n].wall), cpu: med(got[n].cpu), rounds }]));
    return {
      states: out,
      fold: { wall: fold.wall, cpu: fold.cpu, folded: folded.folded ?? folded.data?.folded, days: (folded.days ?? folded.data?.days ?? []).length, before: folded.before ?? folded.data?.before },
      foldAll: { wall: foldAll.wall, cpu: foldAll.cpu, before: `${next.slice(0, 7)}-01` },
    };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('index-levers.mjs')) {
  const [{ generateRepo, SIZE_CACHE_DIR }, { SIZES }, { cleanEnv }] = await Promise.all([import('../gen-repo.mjs'), import('./sizes.mjs'), import('../measure.mjs')]);
  const name = process.argv[2] ?? 'L';
  const runs = Number(process.argv[3] ?? 9);
  if (name === 'XL' && process.env.BENCH_XL !== '1') {
    console.log('XL runs on demand: BENCH_XL=1 node bench/parts/index-levers.mjs XL');
    process.exit(0);
  }
  const repo = name === 'S' ? await generateRepo({ commits: 20_000, sessions: 1000 }) : await generateRepo({ ...SIZES[name], cacheDir: SIZE_CACHE_DIR });
  console.log(`${name}: ${repo.commits} commits, ${repo.sessions} sessions; load ${load()}`);
  const r = await indexLevers({ repoDir: repo.dir, env: cleanEnv(), runs });
  const s = r.states;
  const ratio = (k, f) => (s[k][f] / s.none[f]).toFixed(3);
  console.log(`  git memory fold (default cutoff ${r.fold.before}): ${r.fold.folded} session files into ${r.fold.days} day files, ${(r.fold.wall / 1000).toFixed(1)} s wall, ${(r.fold.cpu / 1000).toFixed(1)} s CPU`);
  console.log(`  git memory fold --before ${r.foldAll.before.slice(0, 7)}: ${(r.foldAll.wall / 1000).toFixed(1)} s wall, ${(r.foldAll.cpu / 1000).toFixed(1)} s CPU`);
  for (const k of ['none', 'journal', 'fold', 'fold-all']) {
    console.log(`  ${k.padEnd(9)} ${String(s[k].entries).padStart(7)} index entries  git status ${s[k].wall.toFixed(0).padStart(5)} ms wall ${s[k].cpu.toFixed(0).padStart(5)} ms CPU  ratio to none: CPU ${ratio(k, 'cpu')}, wall ${ratio(k, 'wall')}`);
  }
  const target = Number(ratio('fold', 'cpu'));
  console.log(`  journal folded (default cutoff) / no journal, git status CPU: ${target.toFixed(3)} (target ≤ 1.05: ${target <= 1.05 ? 'met' : 'NOT met'})`);
  console.log(`  load after: ${load()}`);
}
