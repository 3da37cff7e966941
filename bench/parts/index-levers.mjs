// What the journal's files in git's index add to the user's own `git status` (issue 28 item 6), and
// what git's own settings change about it, measured on a fresh clone of the L (or S/XL) repository:
//   node bench/parts/index-levers.mjs L [runs]     (after the L repository is in the bench cache)
// Three trees of the same commit: the journal as it is (one file per session), no journal at all,
// and the journal folded into one file per month (what a fold of old sessions would leave). Each
// is timed with git's defaults and with each setting that lowers the cost of an index entry, the
// same setting on both sides of a ratio. Wall and CPU (user+sys) medians; the load is printed.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const JOURNAL = '.openclaw_memory/journal';
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function timeStatus(dir, env, runs, config = []) {
  const args = [...config.flatMap((c) => ['-c', c]), 'status', '--porcelain'];
  for (let i = 0; i < 2; i++) execFileSync('git', args, { cwd: dir, env, stdio: 'ignore' });
  const wall = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    execFileSync('git', args, { cwd: dir, env, stdio: 'ignore' });
    wall.push(performance.now() - t0);
  }
  // CPU: /usr/bin/time counts in 10 ms steps, so over all the runs at once, divided.
  const quoted = args.map((a) => `'${a}'`).join(' ');
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', 'sh', '-c', `for i in $(seq ${runs}); do git ${quoted} >/dev/null; done`], { cwd: dir, env, encoding: 'utf8' });
  const [u, s] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  const med = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  return { wall: med(wall), cpu: ((u + s) * 1000) / runs };
}

export async function indexLevers({ repoDir, env, runs }) {
  const base = join(tmpdir(), `gm-levers-${process.pid}`);
  mkdirSync(base, { recursive: true });
  const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 << 20 });
  const trees = { journal: join(base, 'journal'), none: join(base, 'none'), folded: join(base, 'folded') };
  try {
    git(base, 'clone', '-q', '--shared', repoDir, trees.journal);
    for (const k of ['none', 'folded']) git(trees.journal, 'worktree', 'add', '-q', '--detach', trees[k], 'HEAD');
    git(trees.none, 'rm', '-r', '-q', '--cached', JOURNAL);
    rmSync(join(trees.none, JOURNAL), { recursive: true, force: true });
    git(trees.none, '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'without the journal');
    // One file a month, the sessions' texts one after another.
    const months = new Map();
    for (const day of readdirSync(join(trees.folded, JOURNAL)).sort()) {
      const dir = join(trees.folded, JOURNAL, day);
      const texts = readdirSync(dir).sort().map((f) => readFileSync(join(dir, f), 'utf8'));
      months.set(day.slice(0, 7), [...(months.get(day.slice(0, 7)) ?? []), ...texts]);
    }
    git(trees.folded, 'rm', '-r', '-q', JOURNAL);
    mkdirSync(join(trees.folded, JOURNAL), { recursive: true });
    for (const [month, texts] of months) writeFileSync(join(trees.folded, JOURNAL, `${month}.md`), texts.join('\n'));
    git(trees.folded, 'add', JOURNAL);
    git(trees.folded, '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'journal folded by month');
    const entries = (dir) => Number(git(dir, 'ls-files').split('\n').length - 1);

    const levers = [
      { name: 'git defaults', apply: () => {}, revert: () => {}, config: [] },
      { name: 'core.untrackedCache', apply: (d) => git(d, 'update-index', '--untracked-cache'), revert: (d) => git(d, 'update-index', '--no-untracked-cache'), config: ['core.untrackedCache=true'] },
      { name: 'index v4 (feature.manyFiles)', apply: (d) => git(d, 'update-index', '--index-version', '4'), revert: (d) => git(d, 'update-index', '--index-version', '2'), config: [] },
      { name: 'split index', apply: (d) => git(d, 'update-index', '--split-index'), revert: (d) => git(d, 'update-index', '--no-split-index'), config: ['core.splitIndex=true'] },
      { name: 'no preload (core.preloadIndex=false)', apply: () => {}, revert: () => {}, config: ['core.preloadIndex=false'] },
    ];
    const rows = [];
    for (const lever of levers) {
      const got = {};
      for (const [k, dir] of Object.entries(trees)) {
        lever.apply(dir);
        got[k] = timeStatus(dir, env, runs, lever.config);
        lever.revert(dir);
      }
      rows.push({ lever: lever.name, ...got });
    }
    return { entries: Object.fromEntries(Object.entries(trees).map(([k, d]) => [k, entries(d)])), months: months.size, rows };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('index-levers.mjs')) {
  const [{ generateRepo, SIZE_CACHE_DIR }, { SIZES }, { cleanEnv }] = await Promise.all([import('../gen-repo.mjs'), import('./sizes.mjs'), import('../measure.mjs')]);
  const name = process.argv[2] ?? 'L';
  const runs = Number(process.argv[3] ?? 9);
  const repo = name === 'S' ? await generateRepo({ commits: 20_000, sessions: 1000 }) : await generateRepo({ ...SIZES[name], cacheDir: SIZE_CACHE_DIR });
  console.log(`${name}: ${repo.commits} commits, ${repo.sessions} sessions; load ${load()}`);
  const r = await indexLevers({ repoDir: repo.dir, env: cleanEnv(), runs });
  console.log(`  index entries: journal ${r.entries.journal}, none ${r.entries.none}, folded ${r.entries.folded} (${r.months} month files)`);
  const pct = (a, b) => `${a / b >= 1 ? '+' : ''}${((a / b - 1) * 100).toFixed(1)}%`;
  for (const x of r.rows) {
    console.log(
      `  ${x.lever.padEnd(38)} status ms wall/cpu: journal ${x.journal.wall.toFixed(0)}/${x.journal.cpu.toFixed(0)}, none ${x.none.wall.toFixed(0)}/${x.none.cpu.toFixed(0)}, folded ${x.folded.wall.toFixed(0)}/${x.folded.cpu.toFixed(0)}` +
        `  → journal adds ${pct(x.journal.cpu, x.none.cpu)} CPU (${pct(x.journal.wall, x.none.wall)} wall); folded adds ${pct(x.folded.cpu, x.none.cpu)} CPU (${pct(x.folded.wall, x.none.wall)} wall)`,
    );
  }
  console.log(`  load after: ${load()}`);
}
