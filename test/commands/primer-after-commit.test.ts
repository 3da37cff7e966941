// Issue 28 items 3 and 4: the primer after a commit costs what a warm one does, plus the one git
// process that reads the commits since. Counted here, in the built primer's process: the modules
// node loads and the files it reads. Timing is the bench's (bench/parts/sizes.mjs), never a test's.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
for (const name of ['readFileSync', 'openSync']) {
  const orig = fs[name];
  fs[name] = function (p, ...rest) {
    if (typeof p === 'string' && p.endsWith('/.openclaw_memory/MEMORY.md')) memoryReads++;
    return orig.call(this, p, ...rest);
  };
}
require('module').syncBuiltinESMExports();
process.on('exit', () => fs.writeFileSync(process.env.GM_PROBE_FILE, JSON.stringify({ modules: process.moduleLoadList, memoryReads })));
`,
  );
  return { preload, out: join(dir, 'probe.json') };
}

function primer(repo: TestRepo, p: { preload: string; out: string }) {
  const r = repo.exec(['primer'], { env: { NODE_OPTIONS: `--require ${p.preload}`, GM_PROBE_FILE: p.out } });
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
