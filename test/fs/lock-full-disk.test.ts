import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GitMemoryError } from '../../src/errors.js';
import { withLock } from '../../src/fs/lock.js';
import { faults } from '../helpers/disk-faults.js';
import { makeRepo, tempDir } from '../helpers/repo.js';

vi.mock('node:fs', async (importOriginal) => (await import('../helpers/disk-faults.js')).faultyFs(await importOriginal()));

afterEach(() => {
  faults.full = null;
});

const summary = JSON.stringify({ request: 'Ship the lock fix', completed: ['Lock written whole or not at all'] });

describe('the worktree lock on a full disk', () => {
  it('leaves no lock behind when it cannot be written, and the next call takes it at once', async () => {
    const stateDir = tempDir();
    const lock = join(stateDir, 'lock');
    faults.full = (p) => p === lock;
    const err = await withLock(stateDir, async () => 'ran', { timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitMemoryError);
    expect((err as Error).message).toMatch(/cannot write the lock file .*lock: no space left on device/);
    expect(existsSync(lock)).toBe(false);

    faults.full = null;
    // "At once" without a clock (a loaded machine stretches any): no time to wait at all, and it runs.
    expect(await withLock(stateDir, async () => 'ran', { timeoutMs: 0 })).toBe('ran');
  });

  for (const [what, text] of [
    ['an empty lock file', ''],
    ['a lock file cut short in its host name', `${process.pid}\nho`],
  ]) {
    it(`takes over ${what} that a killed or out-of-space writer left, once it is a few seconds old`, async () => {
      const stateDir = tempDir();
      const lock = join(stateDir, 'lock');
      writeFileSync(lock, text!);
      const old = new Date(Date.now() - 30_000);
      utimesSync(lock, old, old);
      // Taken over without waiting: with no time to wait at all, it runs.
      expect(await withLock(stateDir, async () => 'ran', { timeoutMs: 0 })).toBe('ran');
    });
  }

  it('waits for an empty lock file that was just created: its writer is about to fill it', async () => {
    const stateDir = tempDir();
    writeFileSync(join(stateDir, 'lock'), '');
    await expect(withLock(stateDir, async () => 'ran', { timeoutMs: 300 })).rejects.toThrow(/another git-memory process holds/);
  });

  it('end fails cleanly on a full disk at the lock, and the next end succeeds straight away', async () => {
    const repo = makeRepo({ now: '2026-11-22T14:30:00' });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const lock = join(repo.dir, '.git', 'git-memory', 'lock');
    faults.full = (p) => p === lock;
    const failed = await repo.run(['end', '--summary', summary]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('no space left on device');
    expect(existsSync(lock)).toBe(false);
    expect(repo.git('status', '--porcelain', '--untracked-files=all', '--', '.openclaw_memory/journal')).toBe('');

    faults.full = null;
    // No lock is left (above), so nothing to wait for: it succeeds (no clock: a loaded machine stretches any).
    const ok = await repo.run(['end', '--summary', summary]);
    expect(ok.code, ok.stderr).toBe(0);
  });
});
