// Extraction is sequential per session (seed 000): one lock file in the session's directory. A
// caller waits up to 15 s for a running extraction; a lock older than 60 s (an extraction that
// hung, or whose process died) is stale and taken over. A holder whose lock was taken over finds out
// through `held()` before it writes, and drops its result rather than overwrite newer notes.
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { SESSION_LOCK_FILE } from '../paths.js';
import { sessionDir } from './store.js';

export const LOCK_WAIT_MS = 15_000;
export const LOCK_STALE_MS = 60_000;

export interface SessionLockOptions {
  waitMs?: number;
  staleMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let counter = 0;

function lockPath(stateDir: string, sessionId: string): string {
  return join(sessionDir(stateDir, sessionId), SESSION_LOCK_FILE);
}

/** Stale: older than staleMs, or held by a process of this host that is gone. */
function isStale(path: string, staleMs: number): boolean {
  let text: string;
  let mtime: number;
  try {
    text = readFileSync(path, 'utf8');
    mtime = statSync(path).mtimeMs;
  } catch {
    return false; // gone: the next attempt takes it
  }
  if (Date.now() - mtime > staleMs) return true;
  const [pidText, host] = text.split('\n');
  const pid = Number(pidText);
  if (host === hostname() && Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0);
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }
  return false;
}

function tryCreate(path: string, token: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, `${process.pid}\n${hostname()}\n${token}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

const readQuietly = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

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
  const waitMs = opts.waitMs ?? LOCK_WAIT_MS;
  const staleMs = opts.staleMs ?? LOCK_STALE_MS;
  mkdirSync(sessionDir(stateDir, sessionId), { recursive: true });
  const path = lockPath(stateDir, sessionId);
  const token = `${process.pid}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
  const deadline = Date.now() + waitMs;
  let delay = 10;
  while (!tryCreate(path, token)) {
    if (isStale(path, staleMs)) {
      try {
        unlinkSync(path);
      } catch {
        /* another waiter removed it first */
      }
      continue;
    }
    if (Date.now() >= deadline) return null;
    await sleep(Math.min(delay, Math.max(1, deadline - Date.now())));
    delay = Math.min(delay * 2, 250);
  }
  const held = () => readQuietly(path)?.split('\n')[2] === token;
  try {
    return await fn(held);
  } finally {
    if (held()) {
      try {
        unlinkSync(path);
      } catch {
        /* already gone */
      }
    }
  }
}

/**
 * Waits until no extraction runs for the session (or the one running is stale), at most `waitMs`:
 * for a caller that needs fresh notes (compaction). True when none runs now.
 */
export async function waitForNotes(stateDir: string, sessionId: string, opts: SessionLockOptions = {}): Promise<boolean> {
  const path = lockPath(stateDir, sessionId);
  const deadline = Date.now() + (opts.waitMs ?? LOCK_WAIT_MS);
  for (let delay = 10; ; delay = Math.min(delay * 2, 250)) {
    if (readQuietly(path) === null || isStale(path, opts.staleMs ?? LOCK_STALE_MS)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(delay, Math.max(1, deadline - Date.now())));
  }
}
