import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { EXIT, GitMemoryError } from '../errors.js';
import { LOCK_FILE } from '../paths.js';
import { removeOrphans } from './orphans.js';

export interface LockOptions {
  /** How long to wait for another process before giving up (ms). */
  timeoutMs?: number;
  /** A lock older than this whose holder cannot be checked is taken over (ms). */
  staleMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A lock file without a readable holder this old was left by a writer that died (or ran out of
 * space) between creating and filling it: a live one fills it within microseconds.
 */
const UNFILLED_STALE_MS = 5_000;

function holderIsGone(path: string, staleMs: number): boolean {
  let text: string;
  let mtime: number;
  try {
    text = readFileSync(path, 'utf8');
    mtime = statSync(path).mtimeMs;
  } catch {
    return false; // vanished: the next attempt will succeed
  }
  // Not "pid\nhost\n": its writer was stopped between creating and filling it.
  if (!/^\d+\n[^\n]*\n$/.test(text)) return Date.now() - mtime > Math.min(staleMs, UNFILLED_STALE_MS);
  const [pidText, host] = text.split('\n');
  const pid = Number(pidText);
  if (Number.isInteger(pid) && pid > 0 && host === hostName()) {
    try {
      process.kill(pid, 0);
      return false; // alive
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }
  return Date.now() - mtime > staleMs;
}

function hostName(): string {
  return hostname();
}

/**
 * Creates the lock file holding our pid and host; false when another process holds it. A lock that
 * cannot be written whole (a full disk) is removed again before the error goes up, so it never
 * blocks the commands that follow.
 */
function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw cannotWrite(path, e);
  }
  try {
    const text = Buffer.from(`${process.pid}\n${hostName()}\n`);
    for (let off = 0; off < text.length; ) off += writeSync(fd, text, off, text.length - off);
  } catch (e) {
    closeQuietly(fd);
    try {
      unlinkSync(path);
    } catch {
      /* already gone */
    }
    throw cannotWrite(path, e);
  }
  closeSync(fd);
  return true;
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    /* the write error is the one to report */
  }
}

function cannotWrite(path: string, e: unknown): Error {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'ENOSPC' || err.code === 'EDQUOT') {
    return new GitMemoryError(`cannot write the lock file ${path}: no space left on device`, EXIT.error, 'free some disk space, then run the command again');
  }
  return err;
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
  const deadline = Date.now() + timeoutMs;
  let delay = 5;
  while (!tryCreate(path)) {
    if (holderIsGone(path, staleMs)) {
      try {
        unlinkSync(path);
      } catch {
        /* another waiter removed it first */
      }
      continue;
    }
    if (Date.now() > deadline) {
      throw new GitMemoryError(
        `another git-memory process holds ${path}`,
        1,
        'wait for it to finish; if no git-memory process is running, delete the lock file',
      );
    }
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 200);
  }
  // Every command that writes memory passes here: the place to clear what killed ones left.
  removeOrphans(stateDir);
  try {
    return await fn();
  } finally {
    try {
      unlinkSync(path);
    } catch {
      /* already gone */
    }
  }
}
