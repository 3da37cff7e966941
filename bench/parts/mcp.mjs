// MCP bench: per-call times of a live `git memory mcp` server (memory_search at 1k and 10k
// sessions, memory_primer when nothing changed), and the cold search-index build at 50k sessions
// (time and peak memory). Run from bench/run.mjs, or alone: `node bench/parts/mcp.mjs` (after
// `npm run build`; BENCH_QUICK=1 for a short run).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, ROOT } from '../bundle.mjs';
import { cleanEnv, stats } from '../measure.mjs';
import { ms, printTable, Summary } from '../report.mjs';
import { generateJournal } from '../search.mjs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on Linux). */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

const QUERIES = [{ query: 'webhook retry' }, { query: 'proration' }, { query: 'ACME-4821' }];

/** A client of a `git memory mcp` process: one JSON-RPC line out, the answer's line back, timed. */
export async function startServer(bin, cwd, env) {
  const child = spawn(process.execPath, [bin, 'mcp'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting = new Map();
  let buf = '';
  let err = '';
  child.stderr.on('data', (b) => (err += b));
  child.stdout.on('data', (b) => {
    buf += b;
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      const msg = JSON.parse(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
      waiting.get(msg.id)?.(msg);
      waiting.delete(msg.id);
    }
  });
  let id = 0;
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const n = ++id;
      const t0 = process.hrtime.bigint();
      waiting.set(n, (msg) => (msg.error || msg.result?.isError ? reject(new Error(`${method}: ${JSON.stringify(msg.error ?? msg.result)}\n${err}`)) : resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, result: msg.result })));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: n, method, params })}\n`);
    });
  await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  return {
    pid: child.pid,
    call: (name, args) => request('tools/call', { name, arguments: args }),
    /** The server's CPU time so far in ms (Linux: /proc), or null: unlike wall time, other work on the machine barely moves it. */
    cpuMs: () => {
      try {
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        // Fields after the command name: state is the first, utime and stime the 12th and 13th.
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS;
      } catch {
        return null;
      }
    },
    close: () => new Promise((resolve) => (child.on('close', resolve), child.stdin.end())),
  };
}

/** Median and p90 of `runs` calls after two untimed ones (the first opens the index). */
async function timeCalls(server, name, argsList, runs) {
  for (const a of argsList.slice(0, 2)) await server.call(name, a);
  const times = [];
  const cpu0 = server.cpuMs();
  for (let i = 0; i < runs; i++) times.push((await server.call(name, argsList[i % argsList.length])).ms);
  const cpu1 = server.cpuMs();
  return { ...stats(times), cpu: cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / runs };
}

/** A journal of `sessions` generated once and kept in .bench/ (the search bench's generator). */
async function journal(sessions) {
  const dir = join(BENCH_DIR, `search-${sessions}`);
  if (!existsSync(join(dir, '.git'))) await generateJournal(dir, sessions);
  return dir;
}

/**
 * @param {{ summary: Summary, BIN: string, env: Record<string, string>, workCopy?: (repo: object, name: string) => string, small?: { dir: string, sessions: number }, QUICK: boolean }} o
 */
export async function run({ summary, BIN, env, workCopy, small, QUICK }) {
  const runs = QUICK ? 10 : 40;
  const rows = [];
  // 1k sessions: the small bench repository (initialised, tasks, a real history), as an agent meets it.
  const oneK = small && workCopy ? workCopy(small, 'mcp') : await journal(1000);
  const tenK = await journal(10_000);
  for (const [label, dir, target] of [['1k', oneK, 15], ['10k', tenK, 40]]) {
    const server = await startServer(BIN, dir, env);
    try {
      const s = await timeCalls(server, 'memory_search', QUERIES, runs);
      rows.push([`memory_search, ${label} sessions`, ms(s.median), ms(s.p90), s.cpu === null ? '' : ms(s.cpu), s.n]);
      summary.add(`MCP memory_search per call, ${label} sessions`, `${ms(s.median)}${s.cpu === null ? '' : ` (CPU ${ms(s.cpu)})`}`, s.median, { max: target }, `≤ ${target} ms`);
      if (dir === oneK) {
        const p = await timeCalls(server, 'memory_primer', [{}], runs);
        rows.push(['memory_primer, nothing changed', ms(p.median), ms(p.p90), p.cpu === null ? '' : ms(p.cpu), p.n]);
        summary.add('MCP memory_primer per call, nothing changed', `${ms(p.median)}${p.cpu === null ? '' : ` (CPU ${ms(p.cpu)})`}`, p.median, { max: 10 }, '≤ 10 ms');
      }
    } finally {
      await server.close();
    }
  }
  printTable(['call (live server, round trip)', 'median', 'p90', 'server CPU / call', 'calls'], rows);

  // The cold build: no index at all, 50k sessions, one whole `git memory search` process.
  const big = await journal(50_000);
  const builds = [];
  for (let i = 0; i < 1; i++) {
    for (const f of ['search-index.json', 'search-index.postings', 'search-index.files.json']) rmSync(join(big, '.git', 'git-memory', f), { force: true });
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ['-r', join(ROOT, 'bench', 'parts', 'max-rss.cjs'), BIN, 'search', 'proration', '--limit', '1'], { cwd: big, env, encoding: 'utf8' });
    const took = Number(process.hrtime.bigint() - t0) / 1e6;
    const rss = Number(/max-rss-kb=(\d+)/.exec(r.stderr)?.[1]);
    if (r.status !== 0 || !rss) throw new Error(`cold search failed (exit ${r.status}): ${r.stderr}`);
    builds.push({ took, mb: rss / 1024 });
  }
  const worst = builds.reduce((a, b) => (b.mb > a.mb ? b : a));
  const took = Math.min(...builds.map((b) => b.took));
  printTable(['cold index build, 50k sessions', 'time', 'peak RSS'], builds.map((b, i) => [`run ${i + 1}`, `${(b.took / 1000).toFixed(1)} s`, `${b.mb.toFixed(0)} MB`]));
  summary.add('cold index build, 50k sessions: peak RSS', `${worst.mb.toFixed(0)} MB (${(took / 1000).toFixed(1)} s)`, worst.mb, { max: 150 }, '≤ 150 MB');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const summary = new Summary();
  await run({ summary, BIN: join(ROOT, 'dist', 'git-memory.js'), env: cleanEnv({ GIT_MEMORY_NOW: '2025-12-31T18:00:00' }), QUICK: process.env.BENCH_QUICK === '1' });
  summary.print();
}
