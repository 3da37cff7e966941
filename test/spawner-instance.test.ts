// The spawner's record of node's own functions is the process's, not a module instance's: a test
// file that gets a fresh instance of helpers/spawner.ts (vi.resetModules in a file before it, in the
// same worker) must still find node's own spawnSync, execFileSync, execFile and spawn there.
import { describe, expect, it, vi } from 'vitest';

describe.runIf(!!process.env.GIT_MEMORY_TEST_SPAWNER)('the spawner, imported again', () => {
  it("still gives node's own functions", async () => {
    vi.resetModules();
    const { nodeOwn } = await import('./helpers/spawner.js');
    expect([typeof nodeOwn.spawnSync, typeof nodeOwn.execFileSync, typeof nodeOwn.execFile, typeof nodeOwn.spawn]).toEqual(['function', 'function', 'function', 'function']);
  });
});
