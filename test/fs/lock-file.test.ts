import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockHolderGone, tryLock, waitForLock, waitUntilUnlocked } from '../../src/fs/lock-file.js';
import { tempDir } from '../helpers/repo.js';

const age = (path: string, ms: number) => {
  const t = (Date.now() - ms) / 1000;
  utimesSync(path, t, t);
};

describe('the lock file the three locks share', () => {
  it('holds pid, host and a token; a second taker is refused until the first releases', () => {
    const path = join(tempDir(), 'lock');
    const first = tryLock(path, { staleMs: 60_000 })!;
    expect(readFileSync(path, 'utf8')).toMatch(new RegExp(`^${process.pid}\\n${hostname()}\\n\\S+\\n$`));
    expect(tryLock(path, { staleMs: 60_000 })).toBeNull();
    expect(first.held()).toBe(true);
    first.release();
    expect(existsSync(path)).toBe(false);
    expect(tryLock(path, { staleMs: 60_000 })).not.toBeNull();
  });

  it('keeps a live holder of this host however old, unless the rules say a holder can hang', () => {
    const path = join(tempDir(), 'lock');
    writeFileSync(path, `${process.pid}\n${hostname()}\n`);
    age(path, 120_000);
    expect(lockHolderGone(path, { staleMs: 60_000 })).toBe(false);
    expect(lockHolderGone(path, { staleMs: 60_000, staleEvenIfAlive: true })).toBe(true);
  });

  it("takes over a dead holder's lock, another host's only once it is stale, and an unfilled one after 5 s", () => {
    const dir = tempDir();
    const dead = join(dir, 'dead');
    writeFileSync(dead, `999999\n${hostname()}\nold\n`);
    expect(tryLock(dead, { staleMs: 60_000 })).not.toBeNull();

    const other = join(dir, 'other');
    writeFileSync(other, '123\nanother-host\n');
    expect(tryLock(other, { staleMs: 60_000 })).toBeNull();
    age(other, 61_000);
    expect(tryLock(other, { staleMs: 60_000 })).not.toBeNull();

    const unfilled = join(dir, 'unfilled');
    writeFileSync(unfilled, '');
    expect(tryLock(unfilled, { staleMs: 30 * 60_000 })).toBeNull();
    age(unfilled, 6_000);
    expect(tryLock(unfilled, { staleMs: 30 * 60_000 })).not.toBeNull();
  });

  it('a holder whose lock was taken over no longer holds it, and its release leaves the new holder alone', async () => {
    const path = join(tempDir(), 'lock');
    const first = (await waitForLock(path, { staleMs: 1_000, staleEvenIfAlive: true, waitMs: 100 }))!;
    age(path, 2_000);
    expect(await waitUntilUnlocked(path, { staleMs: 1_000, staleEvenIfAlive: true, waitMs: 50 })).toBe(true);
    const second = (await waitForLock(path, { staleMs: 1_000, staleEvenIfAlive: true, waitMs: 100 }))!;
    expect(first.held()).toBe(false);
    first.release();
    expect(second.held()).toBe(true);
    expect(await waitForLock(path, { staleMs: 60_000, waitMs: 50 })).toBeNull();
  });
});
