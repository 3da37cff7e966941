// The bench at three sizes (issue 28): S is the bench's large repository (20k code commits, 1k
// sessions), L 200k code commits, 10k sessions and 50k files, XL (with `--xl` or BENCH_XL=1) 1M code
// commits, 50k sessions and 100k files. L and XL are generated once into GIT_MEMORY_BENCH_CACHE
// (~/.cache/git-memory-bench) by the bench's own generators and reused; XL takes tens of minutes.
// Two parts:
// - this one (items 3-6), at each size with the state a first dream leaves (MEMORY.md and, past
//   `[journal] fold_at`, the folded journal): the primer warm and after a commit against floor B,
//   the primer after a commit with facts anchored to folders and no commit (issue 28 item 4), warm
//   search against git grep and node's own start, the CLI's and the MCP server's first search with
//   no index stored, and what the journal in the index adds to `git status`;
// - sizes-dream.mjs (items 1-2): the first dream over the whole journal, timed, the dream in a fresh
//   clone, and the commit ids git alone cannot resolve. It keeps the state its dream left beside the
//   repository (a git bundle of the dream's commits, `<repo>.dreamt.bundle`), which this part starts
//   from; where none is kept yet, this part dreams once itself (untimed here).
// Alone: node bench/parts/sizes.mjs [S] [L] [XL] [--runs N]      (after `npm run build`)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateRepo, SIZE_CACHE_DIR } from '../gen-repo.mjs';

export const SIZES = { L: { commits: 200_000, sessions: 10_000, files: 50_000 }, XL: { commits: 1_000_000, sessions: 50_000, files: 100_000 } };

const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
/**
 * CPU time (user+sys, ms) of this process's waited-for children so far, from the kernel's
 * accounting (/proc/self/stat cutime, cstime): a child's git processes count in it too.
 */
export function childrenCpuMs() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[13]) + Number(f[14])) * 1000) / TICKS;
}

/**
 * Candidates for measure() whose CPU time is counted too: `cpu[name]` gets each run's user+sys
 * (the process and its children), read around the timed spawn (after the candidate's own `before`).
 */
export function withCpu(candidates) {
  const cpu = {};
  const wrapped = candidates.map((c) => {
    const runs = (cpu[c.name] = []);
    let c0 = 0;
    return {
      ...c,
      before: () => {
        c.before?.();
        c0 = childrenCpuMs();
      },
      after: () => {
        runs.push(childrenCpuMs() - c0);
        c.after?.();
      },
    };
  });
  /** Mean CPU per run (ms) of a candidate, warm-up runs left out; the clock's tick is 10 ms, so a mean, not a median. */
  const mean = (name, warmup) => {
    const xs = cpu[name].slice(warmup);
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  return { candidates: wrapped, mean };
}

export const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Wall time of one run of a command, in ms, with its CPU time (user+sys, its children included) and output; throws when it fails. */
export function timed(cmd, args, cwd, env) {
  const c0 = childrenCpuMs();
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 256 << 20 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`\`${cmd} ${args.join(' ')}\` failed in ${cwd}: ${r.stderr.slice(0, 500)}`);
  return { ms, cpu: childrenCpuMs() - c0, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Waits until no process started for this bench runs any more (the detached index build a first
 * search starts, an MCP server's, a hook's worker, and what they start in turn): every process
 * git-memory starts inherits `env`, so each carries its OPENCLAW_MEMORY_HOME, which is this bench
 * run's own. Returns how long it waited, what was running when it began, and what still ran when
 * `maxMs` had passed (it never fails: a process another part left running for good, a server say,
 * is named in the report instead); null when there is no /proc to ask. Before: the part waited for the first search's build by its marker file
 * (search-index.building), which the build removes before its process ends: at S that process was
 * seen running 0.24 s after the marker was gone, still competing with the runs timed next.
 */
export async function settleWorkers(env, maxMs = 120_000) {
  if (!env.OPENCLAW_MEMORY_HOME || !existsSync('/proc/self/environ')) return null;
  const marker = Buffer.from(`OPENCLAW_MEMORY_HOME=${env.OPENCLAW_MEMORY_HOME}\0`);
  const holds = (buf) => {
    for (let at = buf.indexOf(marker); at !== -1; at = buf.indexOf(marker, at + 1)) if (at === 0 || buf[at - 1] === 0) return true;
    return false;
  };
  const running = () => {
    const found = [];
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
        if (/^[ZX]$/.test(stat[stat.lastIndexOf(')') + 2])) continue; // ended; its parent has not reaped it yet
        if (holds(readFileSync(`/proc/${pid}/environ`))) found.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim());
      } catch {
        /* gone meanwhile, or not ours to read */
      }
    }
    return found;
  };
  const t0 = performance.now();
  const seen = running();
  for (let now = seen; now.length; now = running()) {
    if (performance.now() - t0 > maxMs) return { ms: performance.now() - t0, seen, still: now };
    await new Promise((res) => setTimeout(res, 25));
  }
  return { ms: performance.now() - t0, seen, still: [] };
}

/** What settleWorkers waited for, for the report: `0.24 s for git-memory.js search --build-index`, or `none`. */
const short = (cmds) => [...new Set(cmds.map((c) => c.replace(/^\S*node\S* \S*\/(?=[^/ ]+\.js)/, '')))].join(', ');
const waited = (w) => (!w ? 'not known (no /proc)' : !w.seen.length ? 'none' : `${(w.ms / 1000).toFixed(2)} s for ${short(w.seen)}${w.still.length ? ` (STILL RUNNING, timed beside: ${short(w.still)})` : ''}`);

const gitIn = (env) => (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 << 20 });

/** The repositories of each size: S is the bench's large one (`big`), L and XL come from the cache (generated the first time). */
export async function sizeRepos(big, xl, bin, only) {
  const sizes = only && !only.includes('S') ? [] : [['S', big]];
  for (const name of (xl ? ['L', 'XL'] : ['L']).filter((n) => !only || only.includes(n))) {
    const t0 = performance.now();
    const repo = await generateRepo({ ...SIZES[name], cacheDir: SIZE_CACHE_DIR, bin });
    console.log(`  ${name}: ${repo.commits} commits, ${repo.sessions} sessions, ${SIZES[name].files} files: ${repo.cached ? 'cached' : `generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`} (${repo.dir})`);
    sizes.push([name, repo]);
  }
  return sizes;
}

/** A working copy of a size's repository: its objects hard-linked (L and XL hold 160 and 770 MB of packs), the rest copied. */
export const sizeCopy = (ws, repo, name) => ws.copy(repo.dir, name, { linkObjects: true });

/** The build a bench's dist/ snapshot was taken from (workspace.mjs snapshotDist). */
const buildOf = (bin) => {
  try {
    return readFileSync(join(dirname(bin), 'bench-build.txt'), 'utf8').trim();
  } catch {
    return 'unknown';
  }
};

/** Where the state of a first dream at a size is kept: its commits as a git bundle beside the repository, and what it was. */
const dreamtPaths = (repo) => ({ bundle: `${repo.dir}.dreamt.bundle`, info: `${repo.dir}.dreamt.json` });

/**
 * Keeps the commits the first dream made in `dir` (MEMORY.md, and the journal's fold past
 * `fold_at`), on top of the generated repository's HEAD, for the sizes part to start from.
 * `info` says what the dream did; the build and the day are added.
 */
export function keepDreamt(repo, dir, env, bin, info) {
  const git = gitIn(env);
  const { bundle, info: infoPath } = dreamtPaths(repo);
  const base = git(repo.dir, 'rev-parse', 'HEAD').trim();
  const branch = git(dir, 'symbolic-ref', '--short', 'HEAD').trim();
  if (git(dir, 'rev-parse', 'HEAD').trim() === base) return null; // the dream committed nothing
  const tmp = `${bundle}.tmp-${process.pid}`;
  git(dir, 'bundle', 'create', '-q', tmp, branch, `^${base}`);
  const kept = { ...info, branch, base, build: buildOf(bin), at: new Date().toISOString() };
  writeFileSync(`${infoPath}.tmp-${process.pid}`, JSON.stringify(kept, null, 2));
  renameSync(tmp, bundle);
  renameSync(`${infoPath}.tmp-${process.pid}`, infoPath);
  return kept;
}

/**
 * Brings `dir` (a fresh copy of the size's repository) to the state its first dream left: from the
 * kept bundle when there is one for this repository, else by dreaming here once (kept for next
 * time). Returns what the dream did and where the state came from.
 */
export function dreamtState(repo, dir, env, bin) {
  const git = gitIn(env);
  const { bundle, info: infoPath } = dreamtPaths(repo);
  if (existsSync(bundle) && existsSync(infoPath)) {
    const info = JSON.parse(readFileSync(infoPath, 'utf8'));
    if (info.base === git(dir, 'rev-parse', 'HEAD').trim()) {
      git(dir, 'fetch', '-q', bundle, info.branch);
      git(dir, '-c', 'core.hooksPath=/dev/null', 'merge', '-q', '--ff-only', 'FETCH_HEAD');
      return { ...info, from: `kept from a dream by build ${info.build} on ${info.at.slice(0, 10)}` };
    }
  }
  const dream = timed(process.execPath, [bin, 'dream', '--offline', '--force', '--json'], dir, env);
  const d = JSON.parse(dream.stdout);
  const info = { sessions: d.sessions, lines: d.lines, entries: d.entries, folded: d.fold?.folded ?? 0, dreamS: dream.ms / 1000, dreamCpuS: dream.cpu / 1000 };
  keepDreamt(repo, dir, env, bin, info);
  return { ...info, from: `dreamt here (no kept state): ${info.dreamS.toFixed(0)} s, CPU ${info.dreamCpuS.toFixed(0)} s` };
}

/** Timed runs of each `git status` of item 6: cheap (0.3-0.6 s), and a 5% target needs a CPU mean steadier than 10 runs give under load. */
const STATUS_RUNS = Number(process.env.BENCH_STATUS_RUNS ?? 24);

/**
 * Item 6: `git status --porcelain` (and `-uno`, without the untracked scan) in two linked worktrees
 * of `dir`'s HEAD checked out alike, one with the journal, one with a commit that removes it;
 * interleaved, `runs` timed runs each after 2 warm-up runs (which refresh each index). Returns CPU
 * means and wall medians (ms), and the folders each worktree holds. Both worktrees are removed.
 */
/**
 * The instructions `git status --porcelain` runs in user space in each worktree (valgrind's
 * cachegrind, one run each: the same count at any load), or null without valgrind. On this
 * 2-core machine under load 10-20, CPU means of 24 runs moved by ±5% between runs of the same pair
 * (L: +2% to +13%), about the size of the target; the count does not.
 */
export function instructionsOf(withDir, bare, env) {
  const count = (cwd) => {
    const r = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', 'git', 'status', '--porcelain'], { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
    const m = r.status === 0 ? /I\s+refs:\s+([\d,]+)/.exec(r.stderr) : null;
    return m ? Number(m[1].replaceAll(',', '')) : null;
  };
  const w = count(withDir);
  const wo = w === null ? null : count(bare);
  return w === null || wo === null ? null : { with: w, without: wo };
}

/**
 * Waits until the clock is past the second `path` was last written in. git keeps file times to the
 * second: an index written in the same second as a file it records holds a racily clean entry, and
 * the next `git status` hashes that file again and writes the whole index (git's own `git add`
 * followed by a status does the same). A session written and committed within one second (the
 * S repository commits in a fraction of one) made the row swing between +0% and +84% from run to
 * run; stepped past, it measures only what the memory commit itself left.
 */
function stepPastSecond(path) {
  const wait = (Math.floor(statSync(path).mtimeMs / 1000) + 1) * 1000 - Date.now() + 5;
  if (wait > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait);
}

/**
 * The user's first `git status` after a memory commit (a session file committed by `git memory
 * commit`, as `end` commits one) against the next one, in instructions (valgrind; null without):
 * whatever the memory commit left for git to redo (index entries without stat data: a re-read and a
 * whole index written) lands on the user's command.
 */
export function afterMemoryCommit(dir, env, bin) {
  const count = () => {
    const r = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', 'git', 'status', '--porcelain'], { cwd: dir, env, encoding: 'utf8', maxBuffer: 64 << 20 });
    const m = r.status === 0 ? /I\s+refs:\s+([\d,]+)/.exec(r.stderr) : null;
    return m ? Number(m[1].replaceAll(',', '')) : null;
  };
  const path = join(dir, '.openclaw_memory', 'journal', '2026-11-30', '2359-claude-code-bec001.md');
  const session = ['---', 'session: 20261130-2359-bec001', 'date: 2026-11-30', 'time: "23:59"', 'agent: claude-code', '---', '', '## Session 23:59', '', '### Request', 'A session committed before the status', '', '### Learned', '- The index entry carries its stat data', ''].join('\n');
  writeFileSync(path, session);
  stepPastSecond(path);
  const c = spawnSync(process.execPath, [bin, 'commit'], { cwd: dir, env, encoding: 'utf8' });
  if (c.status !== 0) return null;
  const first = count();
  const next = first === null ? null : count();
  return first === null || next === null ? null : { first, next };
}

export async function statusPair(git, dir, wsDir, name, env, measure, runs, bin) {
  const withDir = join(wsDir, `size-${name}-journal`);
  const bare = join(wsDir, `size-${name}-nojournal`);
  git(dir, 'worktree', 'add', '-q', '--detach', withDir, 'HEAD');
  git(dir, 'worktree', 'add', '-q', '--detach', bare, 'HEAD');
  try {
    git(bare, 'rm', '-r', '-q', '--cached', '.openclaw_memory/journal');
    rmSync(join(bare, '.openclaw_memory', 'journal'), { recursive: true, force: true });
    git(bare, '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'without the journal');
    const m = withCpu([
      { name: 'with', cmd: 'git', args: ['status', '--porcelain'], cwd: withDir, env },
      { name: 'without', cmd: 'git', args: ['status', '--porcelain'], cwd: bare, env },
      { name: 'withUno', cmd: 'git', args: ['status', '--porcelain', '-uno'], cwd: withDir, env },
      { name: 'withoutUno', cmd: 'git', args: ['status', '--porcelain', '-uno'], cwd: bare, env },
    ]);
    const r = measure(m.candidates, { runs, warmup: 2 });
    const folders = (d) => Number(spawnSync('sh', ['-c', 'find . -path ./.git -prune -o -type d -print | wc -l'], { cwd: d, encoding: 'utf8' }).stdout.trim());
    const keys = ['with', 'without', 'withUno', 'withoutUno'];
    return {
      journalStatus: {
        cpu: Object.fromEntries(keys.map((k) => [k, m.mean(k, 2)])),
        wall: Object.fromEntries(keys.map((k) => [k, r[k].median])),
        dirs: { with: folders(withDir), without: folders(bare) },
        instructions: instructionsOf(withDir, bare, env),
        afterCommit: bin ? afterMemoryCommit(withDir, env, bin) : null,
      },
    };
  } finally {
    git(dir, 'worktree', 'remove', '--force', withDir);
    git(dir, 'worktree', 'remove', '--force', bare);
  }
}

export async function run({ summary, ws, env, BIN, big, xl, measure, printTable, ratio, runs, only }) {
  const sizes = await sizeRepos(big, xl, BIN, only);
  const git = gitIn(env);
  const rows = [];
  for (const [name, repo] of sizes) {
    const loadAt = load();
    const t0Copy = performance.now();
    const dir = sizeCopy(ws, repo, `size-${name}`);
    const dreamt = dreamtState(repo, dir, env, BIN);
    console.log(`  ${name}: working copy in ${((performance.now() - t0Copy) / 1000).toFixed(0)} s; MEMORY.md ${dreamt.lines} lines over ${dreamt.sessions} sessions, ${dreamt.folded} session files folded (${dreamt.from})`);
    // The copy's index holds the stat data of the cached repository's files (a copy has new inodes and
    // change times): until a command that may lock the index writes it again, every git call that
    // reads the working tree re-reads the files (a status of the journal with optional locks off, as
    // the search's warm check once ran: 30 ms of CPU on a fresh S copy against 10 ms after). A user's
    // clone has its index fresh: written again here, before anything is timed.
    git(dir, 'status', '--porcelain');
    // Nothing of an earlier part or size may run while this size is timed (a hook's worker, a build).
    const waits = { before: await settleWorkers(env) };

    // 3, 4. The primer, warm and after a commit, with that MEMORY.md, against floor B.
    for (const args of [['primer']]) timed(process.execPath, [BIN, ...args], dir, env);
    const primerOut = timed(process.execPath, [BIN, 'primer'], dir, env).stdout;
    const floor = ['-e', `require('child_process').execFileSync('git',${JSON.stringify(['log', '-n', '50'])})`];
    // 3b. The CLI's first search with no index stored (a fresh clone): how long until it answers,
    // whether from part of the journal, and when a detached build (if it started one) stored the whole index.
    const stateDir = join(dir, '.git', 'git-memory');
    const indexFiles = ['search-index.json', 'search-index.postings', 'search-index.files.json', 'search-index.delta.json', 'search-index.building'];
    for (const f of indexFiles) rmSync(join(stateDir, f), { force: true });
    const cliFirst = timed(process.execPath, [BIN, 'search', 'webhook', 'retry'], dir, env);
    const cliPartial = /still being built: the newest (?:journal file, of (\S+),|(\d+) journal files, back to (\S+),)/.exec(cliFirst.stdout);
    const t0 = performance.now();
    while ((existsSync(join(stateDir, 'search-index.building')) || !existsSync(join(stateDir, 'search-index.json'))) && performance.now() - t0 < 600_000) await new Promise((res) => setTimeout(res, 50));
    const cliStoredS = (performance.now() - t0) / 1000 + cliFirst.ms / 1000;
    // The build's process outlives its marker (it exits after removing it): waited for by the process.
    waits.build = await settleWorkers(env);
    const cliEndedS = cliStoredS + waits.build.ms / 1000;
    let n = 0;
    const node = (key, args, extra = {}) => ({ name: key, cmd: process.execPath, args, cwd: dir, env, ...extra });
    const main = withCpu(
      [
        node('floorB', floor),
        node('primer', [BIN, 'primer']),
        // A code commit before each run (hooks off, as a plain `git commit` by the user would be timed apart).
        node('primerCommit', [BIN, 'primer'], { before: () => git(dir, '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '--allow-empty', '-m', `bench commit ${++n}`) }),
        { name: 'grep', cmd: 'git', args: ['grep', '-n', '-i', '-e', 'webhook', '-e', 'retry', '--', '.openclaw_memory/journal'], cwd: dir, env },
        node('search', [BIN, 'search', 'webhook', 'retry']),
        // The floor of any node command, and the whole floor of a warm search: its freshness check
        // runs no git (each journal file's size and modification time, search/key.ts). At S, git
        // grep takes less than node takes to start.
        node('nodeStart', ['-e', '0']),
      ],
    );
    const r = measure(main.candidates, { runs, warmup: 2 });
    // 4b. Facts anchored to folders, with a day but no commit: the staleness check's question is then
    // the log since that day (capped at 400 commits); after a commit it steps from the kept answer.
    const memoryPath = join(dir, '.openclaw_memory', 'MEMORY.md');
    const memory = existsSync(memoryPath) ? readFileSync(memoryPath, 'utf8') : '# Long-term memory\n';
    writeFileSync(
      memoryPath,
      `${memory.trimEnd()}\n\n## Conventions\n\n- Webhook retries are handled in src/payments/ and src/jobs/ <!-- files: src/payments/, src/jobs/; date: 2026-10-01 -->\n- Invoice numbering lives in src/invoices/ <!-- files: src/invoices/; date: 2026-10-01 -->\n`,
    );
    git(dir, 'add', '--', '.openclaw_memory/MEMORY.md');
    git(dir, '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'memory: facts anchored to folders');
    // A folder's fact is marked only when a file it held is gone: one invoice file removed, so the
    // primer's mark shows the check ran (every file the log lists under the folders is looked up).
    const invoice = git(dir, 'ls-files', '--', 'src/invoices/').split('\n').find(Boolean);
    if (invoice) {
      git(dir, 'rm', '-q', '--', invoice);
      git(dir, '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'Drop an invoice module');
    }
    const anchoredOut = timed(process.execPath, [BIN, 'primer'], dir, env).stdout;
    waits.anchored = await settleWorkers(env);
    const anch = withCpu([
      node('floorB', floor),
      node('primerAnchored', [BIN, 'primer'], { before: () => git(dir, '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '--allow-empty', '-m', `bench commit ${++n}`) }),
    ]);
    const anchored = measure(anch.candidates, { runs, warmup: 2 });
    // 5. The MCP server's first search with no index stored (a fresh clone): answered from the newest files at once.
    const { firstMcpSearch } = await import('./sizes-search.mjs'); // not at the top: sizes-search.mjs run alone imports this file
    // Three servers, each in turn with no index stored: the median (one answer under load says little).
    const firsts = [];
    for (let i = 0; i < 3; i++) {
      // Each server with nothing of the one before still running (its build of the index).
      waits[`mcp${i}`] = await settleWorkers(env);
      firsts.push(await firstMcpSearch(BIN, dir, env));
    }
    waits.status = await settleWorkers(env);
    const first = firsts.sort((p, q) => p.ms - q.ms)[1];
    // 6. The journal in the index: `git status` in two worktrees checked out alike from this one's
    // HEAD, one with the journal and one with the commit that removes it (same index version, no
    // untracked cache or split index in either, each refreshed by its warm-up runs). Judged on the
    // instructions git runs (valgrind, where installed), else on CPU time; never on wall time: at
    // load 10-20 the wall ratio read +15-19% at L in runs whose CPU ratio was +2-4%, and +6% in one
    // whose CPU ratio was +13% (statusfold report). `-uno` splits off the untracked scan.
    const { journalStatus } = await statusPair(git, dir, ws.dir, name, env, measure, STATUS_RUNS, BIN);
    const st = journalStatus;
    const entries = { all: git(dir, 'ls-files').split('\n').length - 1, journal: git(dir, 'ls-files', '--', '.openclaw_memory/journal').split('\n').length - 1 };
    const cpuOf = (m, key) => m.mean(key, 2); // the 2 warm-up runs left out
    rows.push({
      name,
      load: `${loadAt} → ${load()}`,
      commits: repo.commits,
      sessions: repo.sessions,
      memoryLines: dreamt.lines,
      folded: dreamt.folded,
      primer: r.primer.median / r.floorB.median,
      primerCommit: r.primerCommit.median / r.floorB.median,
      recent: primerOut.includes('## Recent context'),
      anchored: anchored.primerAnchored.median / anchored.floorB.median,
      anchoredStale: anchoredOut.includes('may be stale'),
      search: r.search.median / r.grep.median,
      // The judged floor: git grep, or node's own start where git grep takes less (at S), since no
      // node command can start in less time than node -e 0 (the issue asks ≤ 1.5× git grep so that
      // search stays flat as the journal grows; at S, git grep's 1,000 small files read in less time
      // than node starts, ~1.6× below it, so the row measured node's start, not the search).
      searchFloor: r.search.median / Math.max(r.grep.median, r.nodeStart.median),
      searchFloorBy: r.grep.median >= r.nodeStart.median ? 'git grep' : 'node -e 0',
      nodeGrep: r.nodeStart.median / r.grep.median,
      cliFirst: cliFirst.ms,
      cliFirstCpu: cliFirst.cpu,
      cliPartial: cliPartial ? { files: Number(cliPartial[2] ?? 1), from: cliPartial[1] ?? cliPartial[3] } : null,
      cliStoredS,
      cliEndedS,
      waits,
      mcpFirst: first.ms,
      mcpFirstCpu: first.cpu,
      mcpFirsts: firsts.map((f) => `${f.ms.toFixed(0)}/${f.cpu.toFixed(0)}`),
      mcpPartial: first.partial,
      mcpStoredS: first.storedS,
      status: st.instructions ? st.instructions.with / st.instructions.without - 1 : st.cpu.with / st.cpu.without - 1,
      statusBy: st.instructions ? 'instructions' : `CPU, mean of ${STATUS_RUNS}`,
      statusCpu: st.cpu.with / st.cpu.without - 1,
      statusWall: st.wall.with / st.wall.without - 1,
      statusDirs: st.dirs,
      statusAfterCommit: st.afterCommit,
      entries,
      cpu: Object.fromEntries([...['floorB', 'primer', 'primerCommit', 'grep', 'search', 'nodeStart'].map((k) => [k, cpuOf(main, k)]), ['floorB2', cpuOf(anch, 'floorB')], ['primerAnchored', cpuOf(anch, 'primerAnchored')], ['statusWith', st.cpu.with], ['statusWithout', st.cpu.without], ['statusWithUno', st.cpu.withUno], ['statusWithoutUno', st.cpu.withoutUno]]),
      raw: { floorB: r.floorB.median, primer: r.primer.median, primerCommit: r.primerCommit.median, grep: r.grep.median, search: r.search.median, nodeStart: r.nodeStart.median, floorB2: anchored.floorB.median, primerAnchored: anchored.primerAnchored.median, statusWith: st.wall.with, statusWithout: st.wall.without },
    });
    rmSync(dir, { recursive: true, force: true });
  }
  printTable(
    ['size', 'MEMORY.md, folded', 'primer / B', 'after commit / B', 'Recent context', 'commit, folder anchors / B', 'search / grep', 'MCP first search', 'status + journal'],
    rows.map((x) => [
      `${x.name} (${x.commits} commits, ${x.sessions} sessions)`,
      `${x.memoryLines} lines, ${x.folded} files`,
      ratio(x.primer),
      ratio(x.primerCommit),
      x.recent ? 'yes' : 'LOST',
      `${ratio(x.anchored)}${x.anchoredStale ? '' : ' (no mark!)'}`,
      ratio(x.search),
      `${x.mcpFirst.toFixed(0)} ms (${x.mcpPartial ? `newest ${x.mcpPartial.files} files, back to ${x.mcpPartial.from}` : 'all'}; stored after ${x.mcpStoredS.toFixed(1)} s)`,
      `${(x.status * 100).toFixed(1)}% ${x.statusBy === 'instructions' ? 'instructions' : 'CPU'} (CPU ${(x.statusCpu * 100).toFixed(1)}%, wall ${(x.statusWall * 100).toFixed(1)}%)`,
    ]),
  );
  for (const x of rows) {
    console.log(`  ${x.name} raw medians (ms): ${Object.entries(x.raw).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
    console.log(`  ${x.name} CPU means (ms, user+sys with children): ${Object.entries(x.cpu).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}; load average ${x.load}`);
    console.log(`  ${x.name} waited for the bench's own background processes: ${Object.entries(x.waits).map(([k, w]) => `${k} ${waited(w)}`).join('; ')}`);
    const c = x.cpu;
    console.log(`  ${x.name} CPU ratios: primer / B ${ratio(c.primer / c.floorB)}, after commit / B ${ratio(c.primerCommit / c.floorB)}, folder anchors / B ${ratio(c.primerAnchored / c.floorB2)}, search / grep ${ratio(c.search / c.grep)}, node -e 0 / grep ${ratio(c.nodeStart / c.grep)}`);
  }
  for (const x of rows) {
    const c = x.cpu;
    const cpuRatio = (a, b) => `CPU ${ratio(a / b)}`;
    summary.add(`${x.name}: primer warm / floor B (wall; ${cpuRatio(c.primer, c.floorB)})`, ratio(x.primer), x.primer, { max: 1.5 }, '≤ 1.50×');
    summary.add(`${x.name}: primer after a commit / floor B (wall; ${cpuRatio(c.primerCommit, c.floorB)})`, ratio(x.primerCommit), x.primerCommit, { max: 1.5 }, '≤ 1.50×');
    summary.add(`${x.name}: primer keeps Recent context`, x.recent ? 'yes' : 'no', x.recent ? 1 : 0, { equals: 1 }, 'yes');
    summary.add(`${x.name}: primer after a commit, facts anchored to folders without a commit / floor B (wall; ${cpuRatio(c.primerAnchored, c.floorB2)})`, ratio(x.anchored), x.anchored, { max: 1.5 }, '≤ 1.50×');
    summary.add(`${x.name}: search warm / the slower of git grep and node -e 0, here ${x.searchFloorBy} (wall; ${cpuRatio(c.search, Math.max(c.grep, c.nodeStart))})`, ratio(x.searchFloor), x.searchFloor, { max: 1.5 }, '≤ 1.50×');
    summary.note(`${x.name}: search warm / git grep (wall; ${cpuRatio(c.search, c.grep)})`, ratio(x.search));
    summary.note(`${x.name}: node -e 0 / git grep, the floor of any node command (wall; ${cpuRatio(c.nodeStart, c.grep)})`, ratio(x.nodeGrep));
    // The warm search runs no git (its freshness check reads each journal file's size and
    // modification time): its floor is node's start alone, and the rest is its own work, in CPU.
    summary.note(`${x.name}: warm search's own work beyond node's start, CPU (search ${c.search.toFixed(0)} ms - node -e 0 ${c.nodeStart.toFixed(0)} ms; git grep ${c.grep.toFixed(0)} ms)`, `${(c.search - c.nodeStart).toFixed(0)} ms`);
    summary.note(`${x.name}: CLI first search, no index stored (CPU ${x.cliFirstCpu.toFixed(0)} ms; ${x.cliPartial ? `newest ${x.cliPartial.files} files, back to ${x.cliPartial.from}, the rest built detached, stored after ${x.cliStoredS.toFixed(1)} s, its process ended after ${x.cliEndedS.toFixed(1)} s` : 'whole journal'})`, `${x.cliFirst.toFixed(0)} ms`);
    summary.add(`${x.name}: MCP first search, no index stored, median of 3 (wall/CPU ms ${x.mcpFirsts.join(', ')}; load ${x.load})`, `${x.mcpFirst.toFixed(0)} ms`, x.mcpFirst, { max: 200 }, '≤ 200 ms');
    // Item 6 asks for ≤ 5% at 50k sessions, where the journal is folded (`fold_at`); judged at L and XL.
    // At S, 1,000 session files beside 304 code files are most of the index whatever is done: a note.
    const pct = (v) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}%`;
    const statusLabel = `${x.name}: git status, journal in the index (${x.statusBy}; CPU ${pct(x.statusCpu)}, -uno ${pct(c.statusWithUno / c.statusWithoutUno - 1)}, wall ${pct(x.statusWall)}; ${x.entries.journal} of ${x.entries.all} index entries, ${x.statusDirs.with} folders against ${x.statusDirs.without})`;
    if (x.statusAfterCommit) summary.add(`${x.name}: the user's first git status after a memory commit / the next one (instructions, valgrind)`, pct(x.statusAfterCommit.first / x.statusAfterCommit.next - 1), x.statusAfterCommit.first / x.statusAfterCommit.next - 1, { max: 0.05 }, '≤ +5%');
    if (x.name === 'S') summary.note(statusLabel, pct(x.status));
    else summary.add(statusLabel, pct(x.status), x.status, { max: 0.05 }, '≤ +5%');
  }
}

/**
 * Runs a sizes part alone, as `npm run bench` would (same environment, a fresh workspace, this
 * checkout's dist/): `node bench/parts/<part>.mjs [S] [L] [XL] [--runs N]`; no size named: S and L.
 */
export async function standalone(runPart) {
  const [{ BENCH_NOW, BIN: BUILT }, { cleanEnv, measure }, { printTable, ratio, Summary }, { freshWorkspace, snapshotDist, userHome, wrapperBin }] = await Promise.all([
    import('../gen-repo.mjs'),
    import('../measure.mjs'),
    import('../report.mjs'),
    import('../workspace.mjs'),
  ]);
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--runs');
  const runs = at >= 0 ? Number(argv[at + 1]) : 10;
  const named = argv.filter((a, i) => /^(S|L|XL)$/.test(a) && (at < 0 || i !== at + 1));
  const only = named.length ? named : ['S', 'L'];
  if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run \`npm run build\` first`);
  const ws = freshWorkspace();
  const BIN = snapshotDist();
  const env = cleanEnv({ GIT_MEMORY_NOW: BENCH_NOW, OPENCLAW_MEMORY_HOME: userHome(), PATH: `${wrapperBin(BIN)}:${process.env.PATH}` });
  const big = only.includes('S') ? await generateRepo({ commits: 20_000, sessions: 1000, bin: BIN }) : null;
  const summary = new Summary();
  console.log(`sizes ${only.join(', ')}: node ${process.version}, ${runs} runs; load ${load()}`);
  const t0 = performance.now();
  try {
    await runPart({ summary, ws, env, BIN, big, xl: only.includes('XL'), measure, printTable, ratio, runs, only });
  } finally {
    if (process.env.BENCH_KEEP !== '1') ws.dispose();
  }
  summary.print();
  console.log(`\ntook ${((performance.now() - t0) / 1000).toFixed(0)} s; load at end ${load()}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await standalone(run);
