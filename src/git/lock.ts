import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { GitMemoryError } from '../errors.js';
import { LOCK_FILE } from '../paths.js';

export interface LockOptions {
  /** How long to wait for another process before giving up (ms). */
  timeoutMs?: number;
  /** A lock older than this whose holder cannot be checked is taken over (ms). */
  staleMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function holderIsGone(path: string, staleMs: number): boolean {
  let text: string;
  let mtime: number;
  try {
    text = readFileSync(path, 'utf8');
    mtime = statSync(path).mtimeMs;
  } catch {
    return false; // vanished: the next attempt will succeed
  }
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
 * Runs `fn` holding this worktree's git-memory lock: an O_EXCL lock file, as git does, waited on
 * with bounded backoff. A lock left by a dead process (same host) or older than `staleMs` is
 * removed.
 */
export async function withLock<T>(stateDir: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const staleMs = opts.staleMs ?? 10 * 60_000;
  mkdirSync(stateDir, { recursive: true });
  const path = join(stateDir, LOCK_FILE);
  const deadline = Date.now() + timeoutMs;
  let delay = 5;
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n${hostName()}\n`);
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
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
  }
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
