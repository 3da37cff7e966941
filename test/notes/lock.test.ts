import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitForNotes, withSessionLock } from '../../src/notes/lock.js';
import { tempDir } from '../helpers/repo.js';

const lockFile = (dir: string) => join(dir, 'sessions/s1/lock');

describe('the session lock', () => {
  it('runs holders one after the other', async () => {
    const dir = tempDir();
    const order: string[] = [];
    const hold = (name: string) =>
      withSessionLock(dir, 's1', async () => {
        order.push(`${name} in`);
        await new Promise((r) => setTimeout(r, 150));
        order.push(`${name} out`);
        return name;
      });
    expect(await Promise.all([hold('a'), hold('b')])).toEqual(['a', 'b']);
    expect(order).toEqual(['a in', 'a out', 'b in', 'b out']);
  });

  it('gives up after the wait (null) while a live holder keeps it, and waitForNotes says so', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sessions/s1'), { recursive: true });
    writeFileSync(lockFile(dir), `${process.pid}\n${(await import('node:os')).hostname()}\nother\n`);
    const started = Date.now();
    expect(await withSessionLock(dir, 's1', async () => 'ran', { waitMs: 300 })).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await waitForNotes(dir, 's1', { waitMs: 200 })).toBe(false);
  });

  it('takes over a lock older than 60 s, and the old holder learns it no longer holds it', async () => {
    const dir = tempDir();
    let heldByFirst: (() => boolean) | undefined;
    let release!: () => void;
    const first = withSessionLock(dir, 's1', async (held) => {
      heldByFirst = held;
      await new Promise<void>((r) => (release = r));
      return held();
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(heldByFirst!()).toBe(true);
    const old = (Date.now() - 61_000) / 1000;
    utimesSync(lockFile(dir), old, old);
    expect(await waitForNotes(dir, 's1', { waitMs: 100 })).toBe(true);
    expect(await withSessionLock(dir, 's1', async () => 'second', { waitMs: 1000 })).toBe('second');
    release();
    expect(await first).toBe(false);
  });

  it('takes over the lock of a process that is gone', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sessions/s1'), { recursive: true });
    writeFileSync(lockFile(dir), `999999\n${(await import('node:os')).hostname()}\nold\n`);
    expect(await withSessionLock(dir, 's1', async () => 'ran', { waitMs: 500 })).toBe('ran');
  });
});
