// DESIGN §11: `end` against a node process that runs its git commit. What the built `end` loads of
// node's own modules, counted in its process (timing is the bench's, bench/parts/end.mjs): its
// memory commit inflates HEAD's trees and deflates the objects it writes through node's zlib
// handle, never loading node:zlib (its stream modules, ~8 M instructions of every `end`). The
// objects are git's own: git reads them, and fsck finds nothing wrong.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';

function probe(): { preload: string; out: string } {
  const dir = tempDir('gm-end-probe-');
  const preload = join(dir, 'probe.cjs');
  writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(process.env.GM_PROBE_FILE, JSON.stringify(process.moduleLoadList)));\n`);
  return { preload, out: join(dir, 'probe.json') };
}

async function end(repo: TestRepo, p: { preload: string; out: string }, request: string): Promise<string[]> {
  const summary = { request, learned: ['The webhook retries back off exponentially'], completed: ['Retry loop'], next_steps: ['Alert on lag'] };
  const r = repo.exec(['end', '--summary', JSON.stringify(summary)], { env: { NODE_OPTIONS: `--require ${p.preload}`, GM_PROBE_FILE: p.out } });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(readFileSync(p.out, 'utf8')) as string[];
}

describe('end: node modules it loads', () => {
  it('commits through node without loading node:zlib, and git reads what it wrote', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-22T14:30:00' });
    repo.commit('Add app', { 'app.js': 'one\n' });
    const p = probe();
    // The first `end` reads HEAD's trees from a pack or through git; the second from the loose
    // objects the first wrote (inflated here), and writes its own.
    for (const request of ['Add the retry loop', 'Add the lag alert']) {
      const modules = await end(repo, p, request);
      expect(modules.filter((m) => /^NativeModule zlib$/.test(m))).toEqual([]);
      expect(repo.git('log', '-1', '--format=%s')).toContain(request);
    }
    const files = repo.git('show', '--name-only', '--format=', 'HEAD').split('\n').filter(Boolean);
    expect(files.some((f) => f.startsWith('.openclaw_memory/journal/2026-11-22/'))).toBe(true);
    // Every object of the two memory commits is whole: git inflates each and checks its id.
    expect(repo.git('fsck', '--strict', '--no-dangling')).toBe('');
    expect(repo.git('status', '--porcelain')).toBe('');
  });
});
