// The MCP server's first memory_search (issue 28 item 5b: within 200 ms at every size):
//   node bench/parts/mcp-first.mjs S|L|XL [runs]      (after `npm run build`; L/XL from the cache)
// For each run, a fresh server in a `git clone --shared` of the repository, and memory_search as
// its first tool call (what an agent meets), in three states of the search index:
// - "no index": none stored (a fresh clone): the newest journal files answer, the rest is built
//   in the background, and the answer says so;
// - "index current": stored and matching the journal (every session after the first search);
// - "20 sessions behind": stored, then 20 session files added in a commit (a pull, a day's work);
// then a second memory_search in the same server ("next search"); and "dreamt clone": a fresh clone
// of the repository after its first dream (MEMORY.md committed, the journal folded; the sizes part's
// kept state, sizes.mjs dreamtState), no index and no state of its own, where the search also asks
// git about MEMORY.md's last dream. Wall times from the request to the answer; CPU (user+sys, ms) of
// the server and of the git processes it waited for; load average.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startServer } from './mcp.mjs';

const [{ generateRepo, SIZE_CACHE_DIR, BIN, BENCH_NOW }, { SIZES, dreamtState }, { cleanEnv }] = await Promise.all([import('../gen-repo.mjs'), import('./sizes.mjs'), import('../measure.mjs')]);
const name = process.argv[2] ?? 'S';
const runs = Number(process.argv[3] ?? 5);
const repo = name === 'S' ? await generateRepo({ commits: 20_000, sessions: 1000 }) : await generateRepo({ ...SIZES[name], cacheDir: SIZE_CACHE_DIR });
const env = cleanEnv({ GIT_MEMORY_NOW: BENCH_NOW });
const dir = join(tmpdir(), `gm-mcp-first-${name}-${process.pid}`);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const git = (...args) => execFileSync('git', args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
execFileSync('git', ['clone', '-q', '--shared', repo.dir, dir], { env });
git('config', 'user.name', 'Bench');
git('config', 'user.email', 'bench@example.com');
const state = join(dir, '.git', 'git-memory');
const clear = () => {
  for (const f of ['search-index.json', 'search-index.postings', 'search-index.files.json', 'search-index.delta.json', 'search-index.building']) rmSync(join(state, f), { force: true });
};
/** The whole index built and stored as a search would (the hidden argument of the detached build). */
const buildIndex = () => execFileSync(process.execPath, [BIN, 'search', '--build-index'], { cwd: dir, env });
const journal = join(dir, '.openclaw_memory', 'journal');
/** 20 session files copied from the newest day's under new names, committed. */
const addSessions = () => {
  const day = readdirSync(journal).filter((n) => /^\d{4}-\d{2}-\d{2}$/.test(n)).sort().at(-1);
  const files = readdirSync(join(journal, day)).filter((f) => f.endsWith('.md')).slice(0, 20);
  mkdirSync(join(journal, '2026-11-30'), { recursive: true });
  const added = files.map((f, i) => {
    const to = join(journal, '2026-11-30', `2359${String(i).padStart(2, '0')}-bench-${f}`);
    copyFileSync(join(journal, day, f), to);
    return to;
  });
  git('add', '--', ...added);
  git('commit', '-q', '--no-verify', '-m', 'bench: 20 sessions');
};
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
/** CPU (user+sys, ms) of the server and of the children it waited for (its git processes), from /proc. */
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / TICKS;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const STATES = ['no index', 'index current', '20 sessions behind'];
const DREAMT = 'dreamt clone';
const rows = Object.fromEntries([...STATES, 'next search', DREAMT].map((s) => [s, { ms: [], cpu: [], searched: [] }]));
const dreamtDir = join(tmpdir(), `gm-mcp-first-${name}-dreamt-${process.pid}`);
/** The first memory_search of a fresh server in `cwd`, recorded in `row`; the server is returned open. */
const firstSearch = async (cwd, row) => {
  const server = await startServer(BIN, cwd, env);
  const cpu0 = cpuMs(server.pid);
  const { ms, result } = await server.call('memory_search', { query: 'webhook retry' });
  row.cpu.push(cpuMs(server.pid) - cpu0);
  row.ms.push(ms);
  row.searched.push(searched(result?.content?.[0]?.text));
  return server;
};
/** What the answer searched: the newest files back to a day while the whole index is built, the index as stored while git checks it, or all. */
const searched = (text) => {
  const partial = /the newest (?:journal file, of (\S+),|(\d+) journal files, back to (\S+),)/.exec(text ?? '');
  if (partial) return `newest ${partial[2] ?? 1} back to ${partial[1] ?? partial[3]}`;
  return /searched as stored while it is checked/.test(text ?? '') ? 'as stored' : 'all';
};
try {
  console.log(`${name}: ${repo.sessions} sessions; load at start ${load()}`);
  for (let i = 0; i < runs; i++) {
    for (const s of STATES) {
      clear();
      if (s !== 'no index') buildIndex();
      if (s === '20 sessions behind') addSessions();
      const server = await firstSearch(dir, rows[s]);
      if (s === 'index current') {
        const c0 = cpuMs(server.pid);
        const next = await server.call('memory_search', { query: 'proration' });
        rows['next search'].cpu.push(cpuMs(server.pid) - c0);
        rows['next search'].ms.push(next.ms);
        rows['next search'].searched.push(searched(next.result?.content?.[0]?.text));
      }
      await server.close();
      if (s === '20 sessions behind') git('reset', '-q', '--hard', 'HEAD~1');
    }
  }
  execFileSync('git', ['clone', '-q', '--shared', repo.dir, dreamtDir], { env });
  const dreamt = dreamtState(repo, dreamtDir, env, BIN);
  console.log(`  ${DREAMT}: MEMORY.md ${dreamt.lines} lines, ${dreamt.folded} session files folded (${dreamt.from})`);
  for (let i = 0; i < runs; i++) {
    // A fresh clone's state: no index, and nothing this clone learnt about MEMORY.md yet.
    rmSync(join(dreamtDir, '.git', 'git-memory'), { recursive: true, force: true });
    await (await firstSearch(dreamtDir, rows[DREAMT])).close();
  }
  for (const [s, r] of Object.entries(rows)) {
    const files = [...new Set(r.searched)].length === 1 ? r.searched[0] : r.searched.join(', ');
    console.log(`  ${s.padEnd(19)}: wall median ${median(r.ms).toFixed(0)} ms (${r.ms.map((x) => x.toFixed(0)).join(', ')}), CPU median ${median(r.cpu).toFixed(0)} ms (${r.cpu.map((x) => x.toFixed(0)).join(', ')}); files searched: ${files}${s === 'next search' ? '' : `  [target: 200 ms wall]`}`);
  }
  console.log(`  load at end ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(dreamtDir, { recursive: true, force: true });
}
