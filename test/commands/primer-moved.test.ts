// Issue 28 item 4: the primer after a commit, whose entry point notes the commits since the kept
// answers and whose bundle reads them from git's object files. The entry point (dist/git-memory.js)
// has no code cache: the object-file reader compiled there at every start after a commit (~5 ms of
// CPU). GIT_MEMORY_ENTRY_BUNDLE points the bundle check at another build's entry (a check of the test).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, tempDir } from '../helpers/repo.js';

const ENTRY = process.env.GIT_MEMORY_ENTRY_BUNDLE ?? BIN;

/** A string only the object-file reader holds (git/object-files.ts). */
const READER = 'multi-pack-index';

describe('the primer after a commit', () => {
  it('reads the commits since from git’s object files in its own bundle, not in the entry point', () => {
    expect(readFileSync(ENTRY, 'utf8')).not.toContain(READER);
    expect(readFileSync(join(dirname(BIN), 'primer.js'), 'utf8')).toContain(READER);
  });

  it('runs on a code cache of its own kind, made by a start after a commit, beside the one a start at the same HEAD made; staleness.json read once', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
    repo.write('.openclaw_memory/MEMORY.md', '# Long-term memory\n\n## Gotchas\n\n- Webhook retries live in src/jobs/retry.ts <!-- files: src/jobs/retry.ts; date: 2026-11-01 -->\n');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    const cache = tempDir('gm-cache-');
    const v8 = join(cache, 'git-memory', 'v8');
    // Each run counts its reads of the kept staleness answer (a preload; the same for every run, so
    // the code caches' identity is the same too).
    const probe = join(tempDir('gm-probe-'), 'probe.cjs');
    const counted = `${probe}.json`;
    writeFileSync(
      probe,
      `const fs = require('fs');
let reads = 0;
const orig = fs.readFileSync;
fs.readFileSync = function (p, ...rest) {
  if (typeof p === 'string' && p.endsWith('/git-memory/staleness.json')) reads++;
  return orig.call(this, p, ...rest);
};
require('module').syncBuiltinESMExports();
process.on('exit', () => fs.writeFileSync(${JSON.stringify(counted)}, String(reads)));
`,
    );
    const primer = () => {
      const r = repo.exec(['primer', '--no-write'], { env: { XDG_CACHE_HOME: cache, NODE_OPTIONS: `--require ${probe}` } });
      expect(r.code, r.stderr).toBe(0);
      return r.stdout;
    };
    const files = () => readdirSync(v8).filter((f) => !f.startsWith('bin-')).sort();
    // A first start (no state directory yet) has a code cache of its own kind (code-cache.test.ts): made on a throwaway one.
    expect(repo.exec(['primer', '--no-write'], { env: { XDG_CACHE_HOME: tempDir('gm-cache-') } }).code).toBe(0);
    primer();
    expect(files()).toEqual([expect.stringMatching(/^primer-long-term-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/)]);
    repo.commit('Retry webhooks twice', { 'src/jobs/retry.ts': '// twice\n' });
    const moved = primer();
    expect(moved).toContain('Webhook retries live in src/jobs/retry.ts (may be stale: src/jobs/retry.ts changed in 1 commit)');
    expect(files()).toEqual([expect.stringMatching(/^primer-long-term-[0-9a-f]{8}-/), expect.stringMatching(/^primer-long-term-moved-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/)]);
    // The kept staleness answer (staleness.json) is read once: the entry point hands what it read
    // to the primer (it parsed it twice before).
    expect(readFileSync(counted, 'utf8')).toBe('1');
    // The next start at the same HEAD runs on its own kind's cache again: the same answer, neither cache replaced.
    const made = files().map((f) => readFileSync(join(v8, f)));
    expect(primer()).toBe(moved);
    expect(files().map((f) => readFileSync(join(v8, f)))).toEqual(made);
    // Genuinely slow on a loaded machine: four primer processes one after another, two compiling the
    // bundle for a new code cache (3.7 s in all here; 40 s at load 16, and over the 60 s default on lead53).
  }, 180_000);
});
