// Issue 28 items 3 and 4: the primer after a commit costs what a warm one does, plus the one git
// process that reads the commits since. Counted here, in the built primer's process: the modules
// node loads and the files it reads. Timing is the bench's (bench/parts/sizes.mjs), never a test's.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptQuestionAt, stalenessQuery } from '../../src/dream/staleness-query.js';
import { loggingGit } from '../helpers/git-calls.js';
import { makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';

/**
 * A preload that writes, when the process exits, node's built-in modules it loaded and how many
 * times it read MEMORY.md (fs's sync reads), to GM_PROBE_FILE.
 */
function probe(): { preload: string; out: string } {
  const dir = tempDir('gm-probe-');
  const preload = join(dir, 'probe.cjs');
  writeFileSync(
    preload,
    `const fs = require('fs');
let memoryReads = 0;
const isMemory = (p) => typeof p === 'string' && p.endsWith('/.openclaw_memory/MEMORY.md');
// A read by path, or an open of it (readTextOrNull opens, checks it is a regular file, reads the descriptor).
const orig = fs.readFileSync;
fs.readFileSync = function (p, ...rest) {
  if (isMemory(p)) memoryReads++;
  return orig.call(this, p, ...rest);
};
const origOpen = fs.openSync;
fs.openSync = function (p, ...rest) {
  if (isMemory(p)) memoryReads++;
  return origOpen.call(this, p, ...rest);
};
require('module').syncBuiltinESMExports();
process.on('exit', () => fs.writeFileSync(process.env.GM_PROBE_FILE, JSON.stringify({ modules: process.moduleLoadList, memoryReads })));
`,
  );
  return { preload, out: join(dir, 'probe.json') };
}

function primer(repo: TestRepo, p: { preload: string; out: string }, env: Record<string, string> = {}) {
  const r = repo.exec(['primer'], { env: { NODE_OPTIONS: `--require ${p.preload}`, GM_PROBE_FILE: p.out, ...env } });
  expect(r.code, r.stderr).toBe(0);
  return { out: r.stdout, ...(JSON.parse(readFileSync(p.out, 'utf8')) as { modules: string[]; memoryReads: number }) };
}

const end = async (repo: TestRepo, now: string, summary: object) => {
  const r = await repo.run(['end', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: now } });
  expect(r.code, r.stderr).toBe(0);
};

/** A repository whose MEMORY.md a dream wrote, with a fact since deleted from it by hand (the primer asks git which, once per text). */
async function dreamtRepo(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: '2026-11-20T19:00:00Z' });
  await end(repo, '2026-11-20T10:00:00Z', { request: 'x', learned: ['Invoices are rounded half up', 'Sessions live in Redis'] });
  const d = await repo.run(['dream', '--offline', '--force', '--json'], { env: { GIT_MEMORY_NOW: '2026-11-20T11:00:00Z' } });
  expect(d.code, d.stderr).toBe(0);
  const file = '.openclaw_memory/MEMORY.md';
  repo.write(file, repo.read(file).replace(/- Invoices are rounded half up.*\n/, ''));
  repo.git('commit', '-qam', 'Remove a wrong fact');
  return repo;
}

describe('the primer at a session start', () => {
  it('loads no node:crypto (loading it costs ~12 ms of CPU, a tenth of the primer), and still leaves out a fact deleted by hand', async () => {
    const repo = await dreamtRepo();
    const p = probe();
    // The first start works out which facts were deleted by hand (git, once per text of MEMORY.md); the next takes the kept answer.
    for (const run of [primer(repo, p), primer(repo, p)]) {
      expect(run.modules.filter((m) => /^NativeModule (?:internal\/)?crypto\b/.test(m))).toEqual([]);
      expect(run.out).toContain('Sessions live in Redis');
      expect(run.out).not.toContain('Invoices');
    }
  });
});

describe('the primer after a commit, with facts in MEMORY.md anchored to files', () => {
  it('reads no MEMORY.md and starts no git process: the entry point knows the file unchanged since the kept answer and reads the commits since from git’s object files, the primer its reading kept', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
    const a = repo.commit('Add the cache', { 'src/cache.ts': '// per process\n' }).slice(0, 9);
    repo.write(
      '.openclaw_memory/MEMORY.md',
      [
        '# Long-term memory',
        '',
        '## Gotchas',
        '',
        `- The cache in src/cache.ts is per process <!-- files: src/cache.ts; at: ${a}; date: 2026-11-01 -->`,
        '- Webhook retries live in src/jobs/ <!-- files: src/jobs/; date: 2026-11-01 -->',
        '',
      ].join('\n'),
    );
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    repo.commit('Share the cache', { 'src/cache.ts': '// shared\n' });
    const p = probe();
    const g = loggingGit();
    const path = { PATH: `${g.path}:${repo.env.PATH}` };
    primer(repo, p, path);
    repo.commit('Cache per worker', { 'src/cache.ts': '// per worker\n' });
    g.clear();
    const after = primer(repo, p, path);
    // Before: twice, the entry point parsing it to choose its early git call, then the primer; then
    // once, the primer; now the primer takes its reading of the files kept (kept-reading.ts).
    expect(after.memoryReads).toBe(0);
    // No git process at all: the commits since, for the log and the staleness check both, are read
    // from git's object files (git/object-files.ts; main started one `git log` here).
    expect(g.calls()).toEqual([]);
    expect(after.out).toContain('per process (may be stale: src/cache.ts changed in 2 commits)');
    // The answer the whole question gives, nothing kept.
    rmSync(join(repo.dir, '.git', 'git-memory'), { recursive: true, force: true });
    expect(primer(repo, p).out).toBe(after.out);
  });
});

describe('keptQuestionAt', () => {
  const facts = [
    { files: ['src/cache.ts'], at: 'abc1234', date: '2026-11-01' },
    { files: ['src/jobs/'], date: '2026-10-20' },
  ];
  const was = 'a'.repeat(40);
  const now = 'b'.repeat(40);
  it('is the question stalenessQuery asks of the same facts at the new HEAD, for the same file identity', () => {
    const kept = { key: stalenessQuery(facts, 'HEAD', was)!.key, out: '', mark: `1:2:3:4:${was}` };
    expect(keptQuestionAt(kept, `1:2:3:4:${now}`, 'HEAD', now)).toEqual(stalenessQuery(facts, 'HEAD', now));
    const noCommit = facts.map(({ files, date }) => ({ files, date }));
    const keptNoCommit = { key: stalenessQuery(noCommit, 'HEAD', was)!.key, out: '', mark: `1:2:3:4:${was}` };
    expect(keptQuestionAt(keptNoCommit, `1:2:3:4:${now}`, 'HEAD', now)).toEqual(stalenessQuery(noCommit, 'HEAD', now));
  });
  it('is null where the file may have changed, or nothing says which file was answered for', () => {
    const key = stalenessQuery(facts, 'HEAD', was)!.key;
    expect(keptQuestionAt({ key, out: '', mark: `1:2:3:5:${was}` }, `1:2:3:4:${now}`, 'HEAD', now)).toBeNull();
    expect(keptQuestionAt({ key, out: '' }, `1:2:3:4:${now}`, 'HEAD', now)).toBeNull();
    expect(keptQuestionAt({ key: 'not json', out: '', mark: `1:2:3:4:${was}` }, `1:2:3:4:${now}`, 'HEAD', now)).toBeNull();
  });
});
