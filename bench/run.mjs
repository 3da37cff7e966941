// `npm run bench`: the speed figures of git-memory, all measured in one run on one machine.
//
// Knobs (environment variables):
//   BENCH_QUICK=1          smoke run: few iterations of everything (figures are rough)
//   BENCH_RUNS=40          timed runs of the floors, the hook and the primer (interleaved)
//   BENCH_END_RUNS=15      timed runs of `git memory end`
//   BENCH_COMMIT_RUNS=30   timed runs of `git commit --allow-empty`, with and without the hook, and of the hook script
//   BENCH_REBASE_RUNS=5    timed 100-commit rebases, with and without hooks
//   BENCH_SCAN_RUNS=5      timed runs per 1 MB scanner input
//   BENCH_SEARCH_SESSIONS=10000, BENCH_SEARCH_RUNS=10   the search bench's journal size and timed runs
//   BENCH_COMMITS=20000    commits of the large repository (BENCH_SMALL_COMMITS=1000 for the small one)
//   BENCH_SESSIONS=1000    sessions in the journal of both repositories
//   BENCH_KEEP=1           keep this run's working copies (.bench/work/<pid>/) for inspection
//   BENCH_ONLY=regex       run only the parts whose title matches (case-insensitive), e.g. BENCH_ONLY='end|hooks'
//   BENCH_XL=1 or `npm run bench -- --xl`   the sizes parts run XL too (1M commits, 50k sessions; generated once, ~/.cache/git-memory-bench)
//                          (the sizes parts alone: node bench/parts/sizes-dream.mjs|sizes.mjs [S] [L] [XL] [--runs N])
//   GIT_MEMORY_BENCH_CACHE=dir             where the L and XL repositories are kept
// Generated repositories are cached in .bench/ (delete it to regenerate); each run works on fresh
// copies in .bench/work/<pid>/. A missed target prints MISSED; the exit code is non-zero only on errors.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { BENCH_NOW, BIN as BUILT, generateRepo } from './gen-repo.mjs';
import { cleanEnv, measure } from './measure.mjs';
import { printTable, ratio, Summary, timingRows } from './report.mjs';
import { run as runHooksBench } from './parts/hooks.mjs';
import { run as runEndBench } from './parts/end.mjs';
import { runScanBench } from './run-scan.mjs';
import { benchSearch } from './search.mjs';
import { run as benchMcp } from './parts/mcp.mjs';
import { freshWorkspace, initRepo, snapshotDist, userHome, wrapperBin } from './workspace.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const knob = (name, full, quick) => Number(process.env[name] ?? (QUICK ? quick : full));
const RUNS = knob('BENCH_RUNS', 40, 5);
const END_RUNS = knob('BENCH_END_RUNS', 15, 3);
const COMMIT_RUNS = knob('BENCH_COMMIT_RUNS', 30, 5);
const REBASE_RUNS = knob('BENCH_REBASE_RUNS', 5, 1);
const SCAN_RUNS = knob('BENCH_SCAN_RUNS', 5, 1);
const SEARCH_SESSIONS = knob('BENCH_SEARCH_SESSIONS', 10_000, 10_000);
const SEARCH_RUNS = knob('BENCH_SEARCH_RUNS', 10, 3);
const COMMITS = knob('BENCH_COMMITS', 20_000, 20_000);
const SMALL_COMMITS = knob('BENCH_SMALL_COMMITS', 1000, 1000);
const SESSIONS = knob('BENCH_SESSIONS', 1000, 1000);
const REBASE_COMMITS = 100;
const XL = process.argv.includes('--xl') || process.env.BENCH_XL === '1';

const started = performance.now();
const summary = new Summary();
let failed = 0;
/** Runs one part of the bench; an error is reported and the other parts still run. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
async function part(title, fn) {
  if (ONLY && !ONLY.test(title)) return;
  console.log(`\n${title}`);
  const t0 = performance.now();
  try {
    await fn();
  } catch (e) {
    failed++;
    console.log(`  ERROR: ${e.stack ?? e}`);
  }
  console.log(`  (part took ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}

if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run \`npm run build\` first (npm run bench does)`);
const ws = freshWorkspace();
const BIN = snapshotDist();
const gitVersion = execFileSync('git', ['--version'], { encoding: 'utf8' }).trim();
console.log(`git-memory bench: node ${process.version}, ${gitVersion}, ${cpus().length} CPUs${QUICK ? ', BENCH_QUICK=1 (rough figures)' : ''}`);
const load = () => loadavg()[0].toFixed(2);
console.log(`"now" for every command: ${BENCH_NOW}; load average at start ${load()} (other work on the machine makes figures noisy)`);

const big = await generateRepo({ commits: COMMITS, sessions: SESSIONS, bin: BIN });
const small = await generateRepo({ commits: SMALL_COMMITS, sessions: SESSIONS, bin: BIN });
for (const r of [big, small]) {
  const how = r.cached ? `cached (generated in ${r.generatedSeconds.toFixed(1)} s)` : `generated in ${r.seconds.toFixed(1)} s`;
  console.log(`repository: ${r.commits} commits (code + memory), ${r.sessions} sessions: ${how}`);
}

const env = cleanEnv({ GIT_MEMORY_NOW: BENCH_NOW, OPENCLAW_MEMORY_HOME: userHome(), PATH: `${wrapperBin(BIN)}:${process.env.PATH}` });
/** A fresh copy of a generated repository, set up by this build's `init` (current hooks). */
const workCopy = (repo, name) => {
  const dir = ws.copy(repo.dir, name);
  initRepo(dir, BIN, env);
  return dir;
};
const node = (name, cwd, args) => ({ name, cmd: process.execPath, args, cwd, env });
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const spoolLines = (dir) => {
  const path = join(dir, '.git', 'git-memory', 'spool.jsonl');
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean).length : 0;
};

await part(`Hook and primer against the floor of a Node tool (interleaved, ${RUNS} runs each)`, async () => {
  const hot = workCopy(big, 'large');
  const lean = workCopy(small, 'small');
  for (const dir of [hot, lean]) {
    const out = spawnSync(process.execPath, [BIN, 'primer'], { cwd: dir, env, encoding: 'utf8' });
    if (out.status !== 0 || !out.stdout.includes('## Recent context')) throw new Error(`primer has no recent sessions in ${dir}:\n${out.stderr}${out.stdout}`);
  }
  const spooled = spoolLines(hot);
  const floor = (args) => ['-e', `require('child_process').execFileSync('git',${JSON.stringify(args)})`];
  const r = measure(
    [
      node('floorA', hot, floor(['rev-parse', 'HEAD'])),
      node('hook', hot, [BIN, 'hook', 'post-commit']),
      node('floorB', hot, floor(['log', '-n', '50'])),
      node('primer', hot, [BIN, 'primer']),
      // The primer keeps the git log while HEAD stays put; after a new commit it asks git again.
      { ...node('primerNewHead', hot, [BIN, 'primer']), before: () => rmSync(join(hot, '.git', 'git-memory', 'primer-log.json'), { force: true }) },
      // The primer built from its input, as when something it reads changed (no kept answer: kept-primer.ts).
      { ...node('primerBuilt', hot, [BIN, 'primer']), before: () => rmSync(join(hot, '.git', 'git-memory', 'primer-built.json'), { force: true }) },
      node('primerSmall', lean, [BIN, 'primer']),
    ],
    { runs: RUNS, warmup: 3 },
  );
  if (spoolLines(hot) - spooled < RUNS + 3) throw new Error('the hook did not record the commits it was run for (spool.jsonl)');
  printTable(['command', 'median', 'p90', 'runs'], timingRows(r, {
    floorA: 'floor A: node -e execFileSync(git rev-parse HEAD)',
    hook: `git-memory hook post-commit (${big.commits} commits)`,
    floorB: 'floor B: node -e execFileSync(git log -n 50)',
    primer: `git-memory primer (${big.commits} commits; log kept, as after end)`,
    primerNewHead: `git-memory primer, HEAD moved (log not kept)`,
    primerBuilt: 'git-memory primer, built anew (the last primer not kept)',
    primerSmall: `git-memory primer (${small.commits} commits, same sessions)`,
  }));
  const hookRatio = r.hook.median / r.floorA.median;
  const primerRatio = r.primer.median / r.floorB.median;
  const newHeadRatio = r.primerNewHead.median / r.floorB.median;
  const growth = r.primer.median / r.primerSmall.median;
  summary.add('hook post-commit / floor A', ratio(hookRatio), hookRatio, { max: 1.3 }, '≤ 1.30×');
  summary.add('primer / floor B', ratio(primerRatio), primerRatio, { max: 1.5 }, '≤ 1.50×');
  summary.add('primer after HEAD moved / floor B', ratio(newHeadRatio), newHeadRatio, { max: 1.5 }, '≤ 1.50×');
  summary.note('primer built anew (nothing kept from the last) / floor B', ratio(r.primerBuilt.median / r.floorB.median));
  summary.add(`primer ${big.commits} / ${small.commits} commits`, `${ratio(growth)} (${r.primer.median.toFixed(1)} vs ${r.primerSmall.median.toFixed(1)} ms)`, growth, { max: 1.1 }, '≤ 1.10× (flat)');
  console.log(`  hook / floor A ${ratio(hookRatio)} · primer / floor B ${ratio(primerRatio)} (HEAD moved: ${ratio(newHeadRatio)}) · primer large / small ${ratio(growth)}`);
});

await part(`Tool-use hook against the floor, 1 MB and 50 MB transcripts growing 20 KB a call (interleaved, ${RUNS} runs each)`, async () => {
  const { run } = await import('./parts/tool-use-hook.mjs');
  await run({ summary, ws, workCopy, env, BIN, big, small, QUICK, RUNS, measure, printTable, ratio, timingRows });
});

await part(`git memory end, including its commit (${END_RUNS} runs, each adds a session)`, async () => {
  const dir = workCopy(big, 'end');
  // Each run ends a different session: end records a word-for-word repeat of the branch's last
  // session once (issue 10, item 17), which would time a shortcut instead of a whole end.
  let run = 0;
  const json = () => JSON.stringify({
    request: `Measure how long ending a session takes (run ${++run})`,
    learned: ['The end command folds the spool into the session file'],
    completed: ['Wrote the bench for end'],
    next_steps: ['Compare with the hook and primer figures'],
    tasks: [{ task: 'Alert on webhook lag', status: 'in_progress', progress: 'alert rule drafted', next_step: 'wire it to the pager' }],
  });
  const before = Number(git(dir, 'rev-list', '--count', 'HEAD'));
  const end = node('end', dir, [BIN, 'end', '--summary', '']);
  end.before = () => (end.args[end.args.length - 1] = json());
  const r = measure([end], { runs: END_RUNS, warmup: 1 });
  const made = Number(git(dir, 'rev-list', '--count', 'HEAD')) - before;
  if (made !== END_RUNS + 1) throw new Error(`expected ${END_RUNS + 1} memory commits from end, found ${made}`);
  printTable(['command', 'median', 'p90', 'runs'], timingRows(r, { end: "git-memory end --summary '<json>'" }));
  summary.note('end (session file, tasks, primer, commit)', `${r.end.median.toFixed(1)} ms median`);
});

await part('end against git commit, end at 1k and 10k sessions, first primer after a clone (bench/parts/end.mjs)', () =>
  runEndBench({ summary, workCopy, env, BIN, big, small, QUICK, measure, printTable, ratio, timingRows, runs: END_RUNS }),
);

await part(`Git hooks: the post-commit script, git commit (${COMMIT_RUNS} runs) and a ${REBASE_COMMITS}-commit rebase (${REBASE_RUNS} runs), with hooks against none (bench/parts/hooks.mjs)`, () =>
  runHooksBench({ summary, workCopy, env, big, commitRuns: COMMIT_RUNS, rebaseRuns: REBASE_RUNS, measure, printTable, ratio, timingRows }),
);

await part(`Secret scanner (bench/scan.mjs, ${SCAN_RUNS} runs per 1 MB input)`, () => runScanBench(summary, SCAN_RUNS));

// Half the runs of the first part: its floor is measured again in the same runs, and the whole bench must stay under 5 minutes.
const DREAM_RUNS = Math.max(5, Math.round(RUNS / 2));
await part(`Long-term memory: the primer with a 200-line MEMORY.md, and the staleness check (bench/parts/dream.mjs, ${DREAM_RUNS} runs)`, async () => {
  const { run } = await import('./parts/dream.mjs');
  await run({ summary, workCopy, env, BIN, big, measure, printTable, ratio, timingRows, runs: DREAM_RUNS, git });
});

await part(`Search over ${SEARCH_SESSIONS} sessions against git grep on the same files (bench/search.mjs, ${SEARCH_RUNS} runs)`, async () => {
  const r = await benchSearch({ sessions: SEARCH_SESSIONS, runs: SEARCH_RUNS });
  printTable(
    ['query', 'git grep', 'node -e 0', 'search warm', 'ratio', 'search cold'],
    r.rows.map((x) => [x.query, `${x.gitGrep.toFixed(1)} ms`, `${x.nodeFloor.toFixed(1)} ms`, `${x.warm.toFixed(1)} ms`, ratio(x.warmRatio), `${x.cold.toFixed(0)} ms`]),
  );
  const worst = Math.max(...r.rows.map((x) => x.warmRatio));
  summary.add('search (warm) / git grep, worst query', ratio(worst), worst, { max: 1.5 }, '≤ 1.50×');
});

await part('Live MCP server per call, and the cold search-index build at 50k sessions (bench/parts/mcp.mjs)', () => benchMcp({ summary, BIN, env, workCopy, small, QUICK }));
await part('Session notes: model input for a session growing to 87k tokens (bench/parts/notes-cost.mjs)', async () =>
  (await import('./parts/notes-cost.mjs')).run({ summary, ws, env, BIN, printTable }),
);
await part('Transcript ledger on 5, 20 and 50 MB Claude Code transcripts (bench/parts/ledger.mjs)', async () =>
  (await import('./parts/ledger.mjs')).run({ summary, ws, QUICK, printTable, ratio }),
);

await part('Compaction: hot-file hit rates, compact and hot-files on a 50 MB transcript, the compaction hooks (bench/parts/compact.mjs)', async () =>
  (await import('./parts/compact.mjs')).run({ summary, ws, workCopy, env, BIN, big, small, QUICK, measure, printTable, ratio, timingRows }),
);
await part('Real transcripts: hot files against every simple rule, ledger recall and precision (bench/parts/corpus.mjs; node bench/parts/corpus.mjs alone)', async () =>
  (await import('./parts/corpus.mjs')).run({ summary, ws, printTable }),
);
await part('Real Codex rollouts and Gemini CLI chats: the ledger against a plain reading, per field (bench/parts/agents-corpus.mjs; node bench/parts/agents-corpus.mjs alone; skipped without ~/.cache/git-memory/corpus-agents)', async () =>
  (await import('./parts/agents-corpus.mjs')).run({ summary, printTable }),
);
await part('A multi-week, two-branch history: MEMORY.md after dreams on both branches, contradictions, stale marks, forgetting, Recent context (bench/parts/history.mjs; node bench/parts/history.mjs alone)', async () =>
  (await import('./parts/history.mjs')).run({ summary, ws, printTable }),
);
await part('Real agents, wired against plain: Claude Code, Codex CLI, Gemini CLI (bench/parts/real-agents.mjs)', async () =>
  (await import('./parts/real-agents.mjs')).run({ ROOT: join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..'), QUICK }),
);

// Issue 28 at three sizes. The dream first: it keeps the state it leaves (MEMORY.md, the folded
// journal) beside each repository, and the sizes part starts from it; run alone (BENCH_ONLY='Sizes:
// primer'), that part starts from the state the last dream kept, or dreams once where none is kept.
await part(`Sizes: dream S, L${XL ? ', XL' : ''} (issue 28 items 1-2): the first dream, a clone's dream, unresolved ids (bench/parts/sizes-dream.mjs)`, async () =>
  (await import('./parts/sizes-dream.mjs')).run({ summary, ws, env, BIN, big, xl: XL, printTable }),
);
const SIZE_RUNS = Math.max(5, Math.round(RUNS / 4));
await part(`Sizes: primer, search, git status S, L${XL ? ', XL' : ''} (issue 28 items 3-6; bench/parts/sizes.mjs, ${SIZE_RUNS} runs)`, async () =>
  (await import('./parts/sizes.mjs')).run({ summary, ws, env, BIN, big, xl: XL, measure, printTable, ratio, runs: SIZE_RUNS }),
);

summary.print();
console.log(`\nbench took ${((performance.now() - started) / 1000).toFixed(0)} s, load average at end ${load()}${failed ? `; ${failed} part(s) failed with an error` : ''}`);
if (process.env.BENCH_KEEP !== '1') ws.dispose();
// Exit at once: an observer or timer a library leaves behind must not hold the bench open (secretlint's
// profiler once kept it busy for minutes after the last scan). stdout to a file or pipe is synchronous.
process.exit(failed ? 1 : 0);
