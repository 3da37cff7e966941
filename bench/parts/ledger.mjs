// The transcript ledger on large transcripts (issue 13): `git memory ledger --json` on a 50 MB
// Claude Code transcript — wall time and peak RSS (/usr/bin/time -v) — and the incremental read a
// hook makes after one more record, on 20 MB and 50 MB transcripts.
//
// Targets, and why:
// - heap kept after reading 50 MB ≤ 16 MB (after a full GC): what the reader holds is a 1 MB chunk and
//   the capped ledger, not the file (50 MB of text, ≥ 50 MB as JS strings).
// - peak RSS(50 MB) − peak RSS(5 MB) ≤ 32 MB: the peak does grow with the bytes parsed, because V8
//   grows its young generation (up to 2 × 16 MB semi-spaces) under a high allocation rate and frees
//   promoted garbage late; that slack is bounded, and holding the file would exceed it (≥ 45 MB more).
//   Against the 5 MB run rather than an absolute figure, so the Node floor (~60 MB RSS for the CLI
//   bundle) and machine differences cancel out.
// - incremental read after one record, CPU time 50 MB / 20 MB ≤ 1.5×: a hook's cost must not grow
//   with the transcript (it reads only the bytes appended; the kept state is bounded, and both sizes
//   are past the lists' caps — below them the kept ledger is still filling up). CPU time rather than
//   wall time: the figure is about work done, and a busy machine makes wall times of a few ms noisy.
//   Both sizes are read in turn in one process, so what else runs on the machine meanwhile weighs
//   on both alike (run in two processes one after the other, one of them took 4 ms instead of 1.6
//   in some full runs).
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, copyFileSync, existsSync, mkdirSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateClaudeTranscript } from '../gen-transcript.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CACHE = join(ROOT, '.bench', 'transcripts');
const MB = 1 << 20;

function transcript(mb) {
  const path = join(CACHE, `claude-${mb}mb.jsonl`);
  if (!existsSync(path)) generateClaudeTranscript(path, mb * MB);
  return path;
}

/** Wall ms and peak RSS (KB) of one `ledger --json` run. */
function ledgerRun(BIN, env, path, cwd) {
  const r = spawnSync('/usr/bin/time', ['-v', process.execPath, BIN, 'ledger', '--transcript', path, '--json'], { cwd, env, maxBuffer: 256 * MB, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ledger --json failed: ${r.stderr.slice(-500)}`);
  const rss = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1]);
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(r.stderr);
  const ms = wall ? ((Number(wall[1] ?? 0) * 60 + Number(wall[2])) * 60 + Number(wall[3])) * 1000 : NaN;
  return { ms, rss, calls: JSON.parse(r.stdout).tool_calls };
}

/** advanceLedger in a child: the first read (its time, and the heap kept after it). */
function firstRead(bundle, path, stateDir) {
  const script = `
    import { advanceLedger } from ${JSON.stringify(bundle)};
    const [path, state] = process.argv.slice(1);
    const t = performance.now();
    let kept = advanceLedger(state, 'bench', path, { agent: 'claude' });
    const first = performance.now() - t;
    global.gc();
    const heap = process.memoryUsage().heapUsed;
    kept = null;
    console.log(JSON.stringify({ first, heap }));`;
  return JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script, path, stateDir], { encoding: 'utf8' }));
}

/**
 * The incremental reads, in one child, interleaved: one record appended to each transcript in turn
 * and each read after it, `runs` times. Both sizes share the moment, so a process still running on
 * the machine from an earlier part (a hook's detached worker) slows both alike instead of one.
 */
function incrementalPairs(bundle, paths, stateDirs, runs) {
  const script = `
    import { appendFileSync } from 'node:fs';
    import { advanceLedger } from ${JSON.stringify(bundle)};
    import { extraRecord } from ${JSON.stringify(join(ROOT, 'bench', 'gen-transcript.mjs'))};
    const { paths, states, runs } = JSON.parse(process.argv[1]);
    const times = paths.map(() => []);
    const cpu = paths.map(() => []);
    for (let i = 0; i < runs + 2; i++) {
      paths.forEach((path, k) => {
        appendFileSync(path, extraRecord(i));
        const t = performance.now();
        const c = process.cpuUsage();
        const r = advanceLedger(states[k], 'bench', path, { agent: 'claude' });
        const u = process.cpuUsage(c);
        if (r.to - r.from > 4096) throw new Error('read more than the appended record: ' + (r.to - r.from));
        if (i < 2) return; // warm-up: the first calls compile the reader
        times[k].push(performance.now() - t);
        cpu[k].push((u.user + u.system) / 1000);
      });
    }
    const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
    console.log(JSON.stringify(paths.map((_, k) => ({ median: median(times[k]), cpu: median(cpu[k]) }))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify({ paths, states: stateDirs, runs })], { encoding: 'utf8' }));
}

export async function run({ summary, ws, QUICK, printTable, ratio }) {
  mkdirSync(CACHE, { recursive: true });
  const BIN = join(ROOT, 'dist', 'git-memory.js');
  const env = { ...process.env, NO_COLOR: '1' };
  const dir = ws.dir ?? join(ROOT, '.bench', 'work', `ledger-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const sizes = [5, 50];
  const rows = [];
  const res = {};
  // Peak RSS moves by ±3 MB from run to run (when V8 grows its young generation, and what it has
  // freed by then): one run of each size read 34.1 MB at stop 55, where 7 alternated runs of the
  // same build had a median of 32.3 MB (range 27-36). The medians of `n` runs, the sizes in turn.
  const n = QUICK ? 1 : 5;
  const runs = Object.fromEntries(sizes.map((mb) => [mb, []]));
  for (let i = 0; i < n; i++) for (const mb of sizes) runs[mb].push(ledgerRun(BIN, env, transcript(mb), dir));
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  for (const mb of sizes) {
    const r = { ms: median(runs[mb].map((x) => x.ms)), rss: median(runs[mb].map((x) => x.rss)), calls: runs[mb][0].calls };
    res[mb] = r;
    rows.push([`ledger --json, ${mb} MB (${(statSync(transcript(mb)).size / MB).toFixed(1)} MB, ${r.calls} tool calls)`, `${(r.ms / 1000).toFixed(2)} s`, `${(r.rss / 1024).toFixed(0)} MB (${runs[mb].map((x) => (x.rss / 1024).toFixed(0)).join(', ')})`]);
  }
  printTable(['run', `wall (median of ${n})`, `peak RSS (median of ${n}; each)`], rows);
  // The incremental read, with src/transcripts bundled for a child process (dist/ has no such entry).
  const bundle = join(dir, 'transcripts.mjs');
  const esbuild = join(ROOT, 'node_modules', '.bin', 'esbuild');
  execFileSync(esbuild, [join(ROOT, 'src', 'transcripts', 'index.ts'), '--bundle', '--platform=node', '--format=esm', `--outfile=${bundle}`, '--log-level=error']);
  const inc = {};
  const incSizes = [20, 50];
  const copies = incSizes.map((mb) => join(dir, `grow-${mb}.jsonl`));
  const states = incSizes.map((mb) => join(dir, `state-${mb}`));
  incSizes.forEach((mb, k) => {
    copyFileSync(transcript(mb), copies[k]);
    inc[mb] = firstRead(bundle, copies[k], states[k]);
  });
  incrementalPairs(bundle, copies, states, QUICK ? 5 : 30).forEach((r, k) => Object.assign(inc[incSizes[k]], r));
  printTable(
    ['incremental read', 'first read', 'heap kept', 'after one record: wall', 'cpu (medians)'],
    incSizes.map((mb) => [`${mb} MB transcript`, `${inc[mb].first.toFixed(0)} ms`, `${(inc[mb].heap / MB).toFixed(1)} MB`, `${inc[mb].median.toFixed(2)} ms`, `${inc[mb].cpu.toFixed(2)} ms`]),
  );
  const grow = (res[50].rss - res[5].rss) / 1024;
  summary.add('ledger --json 50 MB: wall', `${(res[50].ms / 1000).toFixed(2)} s`, res[50].ms / 1000);
  summary.add('ledger --json peak RSS, 50 MB − 5 MB', `${grow.toFixed(1)} MB (${(res[50].rss / 1024).toFixed(0)} vs ${(res[5].rss / 1024).toFixed(0)} MB, medians of ${n})`, grow, { max: 32 }, '≤ 32 MB');
  const heap = inc[50].heap / MB;
  summary.add('ledger heap kept after reading 50 MB', `${heap.toFixed(1)} MB`, heap, { max: 16 }, '≤ 16 MB');
  const r = inc[50].cpu / inc[20].cpu;
  summary.add('ledger incremental read cpu 50 MB / 20 MB', `${ratio(r)} (${inc[50].cpu.toFixed(2)} vs ${inc[20].cpu.toFixed(2)} ms)`, r, { max: 1.5 }, '≤ 1.50× (flat)');
  hugeLine({ summary, printTable, BIN, env, dir, bundle });
}

/**
 * Issue 25 §6.7: a transcript whose one record is a 100 MB line (a huge tool output). Peak RSS of
 * `ledger --json` on it against the 5 MB run, and the hooks' reads while the line is still being
 * written (torn): each should read only what was appended, not the line again from its start.
 */
export function hugeLine({ summary, printTable, BIN, env, dir, bundle }) {
  const path = join(dir, 'huge-line.jsonl');
  const head = `${JSON.stringify({ parentUuid: null, type: 'user', message: { role: 'user', content: 'start' }, uuid: 'u0', sessionId: 'h', timestamp: '2026-01-01T10:00:00Z' })}\n{"parentUuid":"u0","type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"`;
  writeFileSync(path, head);
  const fd = openSync(path, 'a');
  const chunk = Buffer.alloc(MB, 0x61);
  for (let i = 0; i < 100; i++) writeSync(fd, chunk);
  closeSync(fd);
  const script = `
    import { advanceLedger } from ${JSON.stringify(bundle)};
    import { appendFileSync } from 'node:fs';
    const [path, state] = process.argv.slice(1);
    const times = [];
    for (let i = 0; i < 4; i++) {
      appendFileSync(path, 'a'.repeat(1024));
      const t = performance.now();
      advanceLedger(state, 'huge', path, { agent: 'claude' });
      times.push(performance.now() - t);
    }
    console.log(JSON.stringify(times));`;
  const torn = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, path, join(dir, 'huge-state')], { encoding: 'utf8' }));
  appendFileSync(path, '"}]},"uuid":"u1","timestamp":"2026-01-01T10:00:01Z"}\n');
  const whole = ledgerRun(BIN, env, path, dir);
  printTable(['100 MB single line', 'figure'], [
    ['ledger --json: wall', `${(whole.ms / 1000).toFixed(2)} s`],
    ['ledger --json: peak RSS', `${(whole.rss / 1024).toFixed(0)} MB`],
    ['hook reads while the line is torn (first, then 1 KB appended each)', torn.map((t) => `${t.toFixed(0)} ms`).join(', ')],
  ]);
  summary.add('ledger --json peak RSS, one 100 MB line', `${(whole.rss / 1024).toFixed(0)} MB`, whole.rss / 1024, { max: 150 }, '≤ 150 MB');
  const later = Math.max(...torn.slice(1));
  summary.add('hook read after 1 KB more of a torn 100 MB line', `${later.toFixed(1)} ms`, later, { max: 100 }, '≤ 100 ms');
}
