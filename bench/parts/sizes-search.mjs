// Search at size (issue 28 item 5), for the sizes part (sizes.mjs) and alone:
//   node bench/parts/sizes-search.mjs S|L|XL [runs]     (after `npm run build`; L/XL from the cache)
// - the MCP server's first memory_search in a fresh clone (no index stored): wall time of the call,
//   whether it answered from part of the journal, and when the whole index was stored;
// - warm CLI search against `git grep` and against a bare node start (`node -e 0`, the floor a
//   node command cannot go under), with CPU times (user+sys) beside the medians (the warm search
//   checks its index by each journal file's size and mtime: no git process).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startServer } from './mcp.mjs';

/** A `git memory mcp` process (mcp.mjs's client), whose memory_search gives its wall time and text, an error's too. */
async function startSearchServer(bin, cwd, env) {
  const server = await startServer(bin, cwd, env);
  return {
    ...server,
    search: (query) =>
      server.call('memory_search', { query }).then(
        ({ ms, result }) => ({ ms, text: result?.content?.[0]?.text ?? '' }),
        (e) => ({ ms: NaN, text: e.message }),
      ),
  };
}

/**
 * The first memory_search of a server started in `dir` with no index stored: its wall time, the
 * server's CPU time up to the answer, whether it answered from part of the journal, and how long
 * until the whole index was stored (the background build).
 */
export async function firstMcpSearch(bin, dir, env) {
  for (const f of ['search-index.json', 'search-index.postings', 'search-index.files.json', 'search-index.delta.json']) rmSync(join(dir, '.git', 'git-memory', f), { force: true });
  const server = await startSearchServer(bin, dir, env);
  const cpu0 = server.cpuMs();
  const t0 = performance.now();
  const first = await server.search('webhook retry');
  const cpu = server.cpuMs() - cpu0;
  const partial = /still being built: the newest (?:journal file, of (\S+),|(\d+) journal files, back to (\S+),)/.exec(first.text);
  const header = join(dir, '.git', 'git-memory', 'search-index.json');
  while (!existsSync(header) && performance.now() - t0 < 600_000) await new Promise((r) => setTimeout(r, 50));
  const storedS = (performance.now() - t0) / 1000;
  const later = await server.search('webhook retry');
  await server.close();
  return { ms: first.ms, cpu, partial: partial ? { files: Number(partial[2] ?? 1), from: partial[1] ?? partial[3] } : null, storedS, laterMs: later.ms, laterPartial: /still being built/.test(later.text) };
}

/** CPU time (user+sys, ms) of one run of a command, from the kernel's accounting of the child. */
function cpuOf(cmd, args, cwd, env) {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', cmd, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 256 << 20 });
  const [u, s] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return (u + s) * 1000;
}

/**
 * Warm search against git grep and a bare node start: medians of wall time (interleaved runs) and
 * of CPU time.
 */
export function warmSearch({ bin, dir, env, measure, runs }) {
  execFileSync(process.execPath, [bin, 'search', 'webhook', 'retry'], { cwd: dir, env, stdio: 'ignore' });
  const grepArgs = ['grep', '-n', '-i', '-e', 'webhook', '-e', 'retry', '--', '.openclaw_memory/journal'];
  const r = measure(
    [
      { name: 'grep', cmd: 'git', args: grepArgs, cwd: dir, env },
      { name: 'search', cmd: process.execPath, args: [bin, 'search', 'webhook', 'retry'], cwd: dir, env },
      { name: 'node', cmd: process.execPath, args: ['-e', '0'], cwd: dir, env },
    ],
    { runs, warmup: 2 },
  );
  const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  const cpu = (cmd, args) => median(Array.from({ length: Math.max(3, Math.min(runs, 7)) }, () => cpuOf(cmd, args, dir, env)));
  return {
    grep: r.grep.median,
    search: r.search.median,
    node: r.node.median,
    cpu: { grep: cpu('git', grepArgs), search: cpu(process.execPath, [bin, 'search', 'webhook', 'retry']), node: cpu(process.execPath, ['-e', '0']) },
  };
}

// Alone: a fresh clone (`--shared`: objects borrowed) of the S, L or XL repository.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [{ generateRepo, SIZE_CACHE_DIR, BIN, BENCH_NOW }, { SIZES }, { cleanEnv, measure }] = await Promise.all([import('../gen-repo.mjs'), import('./sizes.mjs'), import('../measure.mjs')]);
  const name = process.argv[2] ?? 'S';
  const runs = Number(process.argv[3] ?? 10);
  const repo = name === 'S' ? await generateRepo({ commits: 20_000, sessions: 1000 }) : await generateRepo({ ...SIZES[name], cacheDir: SIZE_CACHE_DIR });
  const env = cleanEnv({ GIT_MEMORY_NOW: BENCH_NOW });
  const dir = join(tmpdir(), `gm-sizes-search-${name}-${process.pid}`);
  const t0 = performance.now();
  execFileSync('git', ['clone', '-q', '--shared', repo.dir, dir], { env });
  console.log(`${name}: ${repo.commits} commits, ${repo.sessions} sessions; clone ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  try {
    const first = await firstMcpSearch(BIN, dir, env);
    console.log(`  MCP first search: ${first.ms.toFixed(0)} ms wall, ${first.cpu.toFixed(0)} ms server CPU; ${first.partial ? `partial: newest ${first.partial.files} files, back to ${first.partial.from}` : 'whole journal'}; whole index stored after ${first.storedS.toFixed(1)} s; next search ${first.laterMs.toFixed(0)} ms${first.laterPartial ? ' (still partial)' : ''}`);
    const w = warmSearch({ bin: BIN, dir, env, measure, runs });
    console.log(`  warm search ${w.search.toFixed(0)} ms, git grep ${w.grep.toFixed(0)} ms, node -e 0 ${w.node.toFixed(0)} ms (wall medians): search / grep ${(w.search / w.grep).toFixed(2)}×, node / grep ${(w.node / w.grep).toFixed(2)}×`);
    console.log(`  CPU medians: search ${w.cpu.search.toFixed(0)} ms, git grep ${w.cpu.grep.toFixed(0)} ms, node -e 0 ${w.cpu.node.toFixed(0)} ms: search / grep ${(w.cpu.search / w.cpu.grep).toFixed(2)}×`);
    console.log(`  load after: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
