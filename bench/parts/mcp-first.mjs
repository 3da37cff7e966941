// The MCP server's first memory_search with no index stored, split in two (issue 28 item 5b):
//   node bench/parts/mcp-first.mjs S|L|XL [runs]      (after `npm run build`; L/XL from the cache)
// For each run, a fresh server in a `git clone --shared` of the repository, index files removed:
// - "first call": memory_search as the server's first tool call (what an agent meets: it includes
//   loading the real server, which the MCP front defers to the first tool call, src/mcp/front.ts);
// - "search only": the same, after a memory_tasks call loaded the real server (the search's own part).
// Wall times and the server's CPU (user+sys) from the request to the answer; load average printed.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startServer } from './mcp.mjs';

const [{ generateRepo, SIZE_CACHE_DIR, BIN, BENCH_NOW }, { SIZES }, { cleanEnv }] = await Promise.all([import('../gen-repo.mjs'), import('./sizes.mjs'), import('../measure.mjs')]);
const name = process.argv[2] ?? 'S';
const runs = Number(process.argv[3] ?? 5);
const repo = name === 'S' ? await generateRepo({ commits: 20_000, sessions: 1000 }) : await generateRepo({ ...SIZES[name], cacheDir: SIZE_CACHE_DIR });
const env = cleanEnv({ GIT_MEMORY_NOW: BENCH_NOW });
const dir = join(tmpdir(), `gm-mcp-first-${name}-${process.pid}`);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
execFileSync('git', ['clone', '-q', '--shared', repo.dir, dir], { env });
const clear = () => {
  for (const f of ['search-index.json', 'search-index.postings', 'search-index.files.json', 'search-index.delta.json', 'search-index.building']) rmSync(join(dir, '.git', 'git-memory', f), { force: true });
};
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rows = { first: { ms: [], cpu: [], partial: [] }, searchOnly: { ms: [], cpu: [], partial: [] } };
try {
  console.log(`${name}: ${repo.sessions} sessions; load at start ${load()}`);
  for (let i = 0; i < runs; i++) {
    for (const kind of ['first', 'searchOnly']) {
      clear();
      const server = await startServer(BIN, dir, env);
      if (kind === 'searchOnly') await server.call('memory_tasks', {});
      const cpu0 = server.cpuMs();
      const { ms, result } = await server.call('memory_search', { query: 'webhook retry' });
      rows[kind].cpu.push(server.cpuMs() - cpu0);
      rows[kind].ms.push(ms);
      rows[kind].partial.push(/the newest (\d+) of (\d+)/.exec(result?.content?.[0]?.text ?? '')?.slice(1).join(' of ') ?? 'all');
      await server.close();
    }
  }
  for (const [kind, r] of Object.entries(rows)) console.log(`  ${kind === 'first' ? 'first call  ' : 'search only '}: wall median ${median(r.ms).toFixed(0)} ms (${r.ms.map((x) => x.toFixed(0)).join(', ')}), server CPU median ${median(r.cpu).toFixed(0)} ms; files searched: ${r.partial.join(', ')}`);
  console.log(`  load at end ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
