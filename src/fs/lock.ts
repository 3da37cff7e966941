import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { GitMemoryError } from '../errors.js';
import { LOCK_FILE } from '../paths.js';
import { waitForLock } from './lock-file.js';
import { removeOrphans } from './orphans.js';

export interface LockOptions {
  /** How long to wait for another process before giving up (ms). */
  timeoutMs?: number;
  /** A lock older than this whose holder cannot be checked is taken over (ms). */
  staleMs?: number;
}

/**
 * Runs `fn` holding this worktree's git-memory lock: an O_EXCL lock file, as git does, waited on
 * with bounded backoff. A lock left by a dead process (same host), older than `staleMs`, or never
 * filled and a few seconds old is removed.
 */
export async function withLock<T>(stateDir: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const staleMs = opts.staleMs ?? 10 * 60_000;
  mkdirSync(stateDir, { recursive: true });
  const path = join(stateDir, LOCK_FILE);
  const lock = await waitForLock(path, { waitMs: timeoutMs, staleMs, maxDelayMs: 200 });
  if (!lock) {
    throw new GitMemoryError(
      `another git-memory process holds ${path}`,
      1,
      'wait for it to finish; if no git-memory process is running, delete the lock file',
    );
  }
  // Every command that writes memory passes here: the place to clear what killed ones left.
  removeOrphans(stateDir);
  try {
    return await fn();
  } finally {
    lock.release();
  }
}
