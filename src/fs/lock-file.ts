// One O_EXCL lock file, as git takes its own: created with `pid\nhost\ntoken\n`, removed by its
// holder. Three locks use it with their own rules: the worktree's command lock (fs/lock.ts), the
// per-session notes lock (notes/lock.ts) and the repository's dream lock (dream/state.ts).
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { EXIT, GitMemoryError } from '../errors.js';

export interface LockRules {
  /** A lock this old whose holder cannot be checked (another host) is taken over (ms). */
  staleMs: number;
  /** Take over a lock older than staleMs even when its holder is alive: the holder hung. */
  staleEvenIfAlive?: boolean;
}

export interface HeldLock {
  /** Whether the lock is still ours (not taken over as stale by another process). */
  held(): boolean;
  /** Removes the lock file if it is still ours. */
  release(): void;
}

/**
 * A lock file without a readable holder this old was left by a writer that died (or ran out of
 * space) between creating and filling it: a live one fills it within microseconds.
 */
const UNFILLED_STALE_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let counter = 0;

/** Whether the lock at `path` may be taken over: its holder on this host is gone, or it is stale by the rules. */
export function lockHolderGone(path: string, rules: LockRules): boolean {
  let text: string;
  let mtime: number;
  try {
    text = readFileSync(path, 'utf8');
    mtime = statSync(path).mtimeMs;
  } catch {
    return false; // vanished: the next attempt will succeed
  }
  const age = Date.now() - mtime;
  // Not "pid\nhost\n[token\n]": its writer was stopped between creating and filling it.
  if (!/^\d+\n[^\n]*\n(?:[^\n]*\n)?$/.test(text)) return age > Math.min(rules.staleMs, UNFILLED_STALE_MS);
  if (rules.staleEvenIfAlive && age > rules.staleMs) return true;
  const [pidText, host] = text.split('\n');
  const pid = Number(pidText);
  if (Number.isInteger(pid) && pid > 0 && host === hostname()) {
    try {
      process.kill(pid, 0);
      return false; // alive
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }
  return age > rules.staleMs;
}

/**
 * Creates the lock file holding our pid, host and token; false when another process holds it. A
 * lock that cannot be written whole (a full disk) is removed again before the error goes up, so it
 * never blocks the commands that follow.
 */
function tryCreate(path: string, token: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw cannotWrite(path, e);
  }
  try {
    const text = Buffer.from(`${process.pid}\n${hostname()}\n${token}\n`);
    for (let off = 0; off < text.length; ) off += writeSync(fd, text, off, text.length - off);
  } catch (e) {
    try {
      closeSync(fd);
    } catch {
      /* the write error is the one to report */
    }
    removeQuietly(path);
    throw cannotWrite(path, e);
  }
  closeSync(fd);
  return true;
}

function cannotWrite(path: string, e: unknown): Error {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'ENOSPC' || err.code === 'EDQUOT') {
    return new GitMemoryError(`cannot write the lock file ${path}: no space left on device`, EXIT.error, 'free some disk space, then run the command again');
  }
  return err;
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    /* already gone, or another waiter removed it first */
  }
}

const readQuietly = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

function heldLock(path: string, token: string): HeldLock {
  const held = () => readQuietly(path)?.split('\n')[2] === token;
  return {
    held,
    release: () => {
      if (held()) removeQuietly(path);
    },
  };
}

const newToken = () => `${process.pid}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Takes the lock without waiting (a stale one is taken over); null when another process holds it. */
export function tryLock(path: string, rules: LockRules): HeldLock | null {
  const token = newToken();
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(path, token)) return heldLock(path, token);
    if (attempt > 0 || !lockHolderGone(path, rules)) return null;
    removeQuietly(path);
  }
  return null;
}

/**
 * Takes the lock, waiting with bounded exponential backoff (with jitter) while a live holder keeps
 * it; a stale one is taken over. Null when it was held for the whole `waitMs`.
 */
export async function waitForLock(path: string, rules: LockRules & { waitMs: number; maxDelayMs?: number }): Promise<HeldLock | null> {
  const token = newToken();
  const deadline = Date.now() + rules.waitMs;
  let delay = 5;
  while (!tryCreate(path, token)) {
    if (lockHolderGone(path, rules)) {
      removeQuietly(path);
      continue;
    }
    const left = deadline - Date.now();
    if (left <= 0) return null;
    await sleep(Math.min(delay + Math.random() * delay, left));
    delay = Math.min(delay * 2, rules.maxDelayMs ?? 250);
  }
  return heldLock(path, token);
}

/** Waits until nobody holds the lock (or its holder is stale), at most `waitMs`; true when it is free now. */
export async function waitUntilUnlocked(path: string, rules: LockRules & { waitMs: number }): Promise<boolean> {
  const deadline = Date.now() + rules.waitMs;
  for (let delay = 10; ; delay = Math.min(delay * 2, 250)) {
    if (readQuietly(path) === null || lockHolderGone(path, rules)) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await sleep(Math.min(delay, left));
  }
}
