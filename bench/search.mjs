// Search bench: `git memory search` against `git grep` over the same journal files, in a generated
// repository of many sessions. Run alone with `node bench/search.mjs` (after `npm run build`), or
// call benchSearch() from bench/run.mjs.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BENCH_DIR, ROOT } from './bundle.mjs';
import { AGENTS, PEOPLE, pick, prng, sessionText } from './content.mjs';
import { memoryFormats, sessionFile } from './gen-memory.mjs';
import { cleanEnv, measure } from './measure.mjs';

const BIN = join(ROOT, 'dist', 'git-memory.js');
const DAY = 86_400_000;

// Real journals name many things once or twice: components, tickets, people. Synthetic words from
// syllables give the index a vocabulary of that size, not just the bench's few dozen sentences.
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tos', 'vu', 'zen', 'par', 'qui', 'dex', 'bor', 'fal', 'gri', 'hum', 'jet', 'nox'];
const word = (rand) => Array.from({ length: 2 + Math.floor(rand() * 3) }, () => pick(rand, SYLLABLES)).join('');

/** Writes `sessions` session files over a year into a new repository and commits them. */
export async function generateJournal(dir, sessions) {
  const fmt = await memoryFormats();
  const rand = prng(7);
  const git = (...args) => execFileSync('git', args, { cwd: dir, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  git('init', '-q', '-b', 'main');
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < sessions; i++) {
    const at = new Date(start + Math.floor((i / sessions) * 365 * DAY) + (i % 17) * 60_000);
    const body = sessionText(rand);
    body.learned.push(`The ${word(rand)} module talks to ${word(rand)} through ticket ACME-${1000 + i}`);
    const f = sessionFile(fmt, { at, agent: pick(rand, AGENTS), suffix: (i + 0x100000).toString(16).slice(-6), author: pick(rand, PEOPLE), base: undefined, body, commits: [] });
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.text);
  }
  git('add', '-A');
  git('commit', '-q', '-m', 'sessions');
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Processes (pids) running `search --build-index` in `dir`, where /proc says; none where there is no /proc. */
function buildsIn(dir) {
  if (!existsSync('/proc/self/cwd')) return [];
  const real = realpathSync(dir);
  const found = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('\0search\0--build-index') && readlinkSync(`/proc/${pid}/cwd`) === real) found.push(pid);
    } catch {
      /* gone meanwhile, or not ours to read */
    }
  }
  return found;
}

/**
 * Waits (untimed) until the detached build a cold search started (see search/background.ts) has
 * stored the index and its process has ended. Before, the cold run's build went on beside the next
 * round's runs (git grep, node -e 0, the warm search, at 10,000 sessions for a second or more of
 * CPU on a 2-core machine), and a warm run that came before it stored the index was no warm run.
 */
function settleBuild(dir) {
  const state = join(dir, '.git', 'git-memory');
  const t0 = Date.now();
  while ((existsSync(join(state, 'search-index.building')) || !existsSync(join(state, 'search-index.json'))) && Date.now() - t0 < 120_000) sleep(20);
  while (buildsIn(dir).length && Date.now() - t0 < 120_000) sleep(20);
}

/**
 * Times `git memory search` (cold: no cached index; warm: cached) against `git grep -i` for the
 * same words over the same files, each as a whole process, with a bare `node -e 0` for scale.
 * Returns medians in ms and the ratios.
 * `bin` is the git-memory.js to time; by default a copy of dist/ (a build running meanwhile must
 * not pull the files away mid-run).
 * @param {{ sessions?: number, runs?: number, bin?: string }} [opts]
 */
export async function benchSearch({ sessions = 10_000, runs = 10, bin } = {}) {
  if (!bin) {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first`);
    const copy = join(BENCH_DIR, 'search-dist');
    rmSync(copy, { recursive: true, force: true });
    cpSync(dirname(BIN), copy, { recursive: true });
    bin = join(copy, 'git-memory.js');
  }
  const dir = join(BENCH_DIR, `search-${sessions}`);
  if (!existsSync(join(dir, '.git'))) await generateJournal(dir, sessions);
  const env = cleanEnv();
  const index = join(dir, '.git', 'git-memory', 'search-index.json');
  const queries = [['webhook', 'retry'], ['proration'], ['ACME-4821']];
  const rows = [];
  for (const q of queries) {
    const grepArgs = ['grep', '-n', '-i', ...q.flatMap((w) => ['-e', w]), '--', '.openclaw_memory/journal'];
    const results = measure(
      [
        { name: 'git grep', cmd: 'git', args: grepArgs, cwd: dir, env },
        { name: 'node floor', cmd: process.execPath, args: ['-e', '0'], cwd: dir, env },
        { name: 'search (warm)', cmd: process.execPath, args: [bin, 'search', ...q], cwd: dir, env },
        { name: 'search (cold)', cmd: process.execPath, args: [bin, 'search', ...q], cwd: dir, env, before: () => rmSync(index, { force: true }), after: () => settleBuild(dir) },
      ],
      { runs, warmup: 2 },
    );
    const grep = results['git grep'].median;
    rows.push({
      query: q.join(' '),
      gitGrep: grep,
      nodeFloor: results['node floor'].median,
      warm: results['search (warm)'].median,
      cold: results['search (cold)'].median,
      warmRatio: results['search (warm)'].median / grep,
      coldRatio: results['search (cold)'].median / grep,
    });
  }
  return { sessions, runs, rows, target: 1.5, met: rows.every((r) => r.warmRatio <= 1.5) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchSearch({ sessions: Number(process.env.BENCH_SEARCH_SESSIONS ?? 10_000), runs: Number(process.env.BENCH_SEARCH_RUNS ?? 10) });
  console.log(`search over ${r.sessions} sessions (median of ${r.runs} runs; target: warm within ${r.target}× of git grep)`);
  for (const x of r.rows) {
    console.log(`  ${x.query.padEnd(14)} git grep ${x.gitGrep.toFixed(1)} ms · node -e 0 ${x.nodeFloor.toFixed(1)} ms · warm ${x.warm.toFixed(1)} ms (${x.warmRatio.toFixed(2)}×) · cold ${x.cold.toFixed(1)} ms (${x.coldRatio.toFixed(2)}×)`);
  }
  console.log(r.met ? 'target met' : 'MISSED');
}
