// Extraction is sequential per session (seed 000): one lock file in the session's directory. A
// caller waits up to 15 s for a running extraction; a lock older than 60 s (an extraction that
// hung, or whose process died) is stale and taken over. A holder whose lock was taken over finds out
// through `held()` before it writes, and drops its result rather than overwrite newer notes. The
// automatic end has its own lock file beside it (`file`), as it waits for the extraction's.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { waitForLock, waitUntilUnlocked, type LockRules } from '../fs/lock-file.js';
import { refuseLinkOnStatePath } from '../fs/no-follow.js';
import { SESSION_LOCK_FILE } from '../paths.js';
import { sessionDir } from './store.js';

export const LOCK_WAIT_MS = 15_000;
export const LOCK_STALE_MS = 60_000;

export interface SessionLockOptions {
  waitMs?: number;
  staleMs?: number;
  /** Another lock of the session's than the extraction's (the automatic end's: SESSION_END_LOCK_FILE). */
  file?: string;
}

function lockPath(stateDir: string, sessionId: string, file = SESSION_LOCK_FILE): string {
  return join(sessionDir(stateDir, sessionId), file);
}

/** Stale: older than staleMs even if its holder lives (it hung), or held by a process of this host that is gone. */
const rules = (opts: SessionLockOptions): LockRules => ({ staleMs: opts.staleMs ?? LOCK_STALE_MS, staleEvenIfAlive: true });

/**
 * Runs `fn` holding the session's lock; null when another extraction held it for the whole wait.
 * `held()` says whether the lock is still ours (not taken over as stale).
 */
export async function withSessionLock<T>(
  stateDir: string,
  sessionId: string,
  fn: (held: () => boolean) => Promise<T>,
  opts: SessionLockOptions = {},
): Promise<T | null> {
  refuseLinkOnStatePath(stateDir, lockPath(stateDir, sessionId, opts.file));
  mkdirSync(sessionDir(stateDir, sessionId), { recursive: true });
  const lock = await waitForLock(lockPath(stateDir, sessionId, opts.file), { ...rules(opts), waitMs: opts.waitMs ?? LOCK_WAIT_MS });
  if (!lock) return null;
  try {
    return await fn(lock.held);
  } finally {
    lock.release();
  }
}

/**
 * Waits until no extraction runs for the session (or the one running is stale), at most `waitMs`:
 * for a caller that needs fresh notes (compaction). True when none runs now.
 */
export function waitForNotes(stateDir: string, sessionId: string, opts: SessionLockOptions = {}): Promise<boolean> {
  return waitUntilUnlocked(lockPath(stateDir, sessionId, opts.file), { ...rules(opts), waitMs: opts.waitMs ?? LOCK_WAIT_MS });
}
