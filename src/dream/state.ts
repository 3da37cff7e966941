import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isRecord, readState, writeState } from '../fs/state.js';
import type { Repo } from '../git/repo.js';
import { DREAM_LOCK_FILE, DREAM_STATE_FILE, STATE_DIR } from '../paths.js';

/**
 * Where the dream keeps its state and lock: the repository's common git directory, shared by all
 * its worktrees, so two worktrees never dream at once and a dream in one counts for all.
 */
export const dreamDir = (repo: Repo) => join(repo.commonDir, STATE_DIR);

/** `dream.json`: when the last dream ran and the newest session it took in. */
export interface DreamState {
  /** ISO time of the last dream. */
  last_run: string;
  /** The newest session consolidated, as `YYYY-MM-DD HH:MM id` (sessions sort by it). */
  last_session: string;
  /** Sessions consolidated in all. */
  sessions: number;
  /** Dreams run in all. */
  dreams: number;
}

const isDreamState = (v: unknown): v is DreamState =>
  isRecord(v) && typeof v.last_run === 'string' && typeof v.last_session === 'string' && typeof v.sessions === 'number' && typeof v.dreams === 'number';

export function readDreamState(repo: Repo): DreamState | null {
  return readState(dreamDir(repo), DREAM_STATE_FILE, isDreamState);
}

export function writeDreamState(repo: Repo, state: DreamState): void {
  mkdirSync(dreamDir(repo), { recursive: true });
  writeState(dreamDir(repo), DREAM_STATE_FILE, state);
}

/** A dream that has held the lock this long died without removing it. */
const STALE_MS = 30 * 60_000;

function holderGone(path: string): boolean {
  try {
    const [pid, host] = readFileSync(path, 'utf8').split('\n');
    if (host === hostname() && Number(pid) > 0) {
      try {
        process.kill(Number(pid), 0);
        return false;
      } catch (e) {
        return (e as NodeJS.ErrnoException).code === 'ESRCH';
      }
    }
    return Date.now() - statSync(path).mtimeMs > STALE_MS;
  } catch {
    return false;
  }
}

/**
 * Takes the dream lock without waiting: a release function, or null when another dream holds it
 * (in any worktree of the repository). A lock left by a dead process is taken over.
 */
export function tryDreamLock(repo: Repo): (() => void) | null {
  const dir = dreamDir(repo);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, DREAM_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (attempt === 0 && holderGone(path)) {
        try {
          unlinkSync(path);
        } catch {
          /* another process took it over first */
        }
        continue;
      }
      return null;
    }
    writeSync(fd, `${process.pid}\n${hostname()}\n`);
    closeSync(fd);
    return () => {
      try {
        unlinkSync(path);
      } catch {
        /* already gone */
      }
    };
  }
  return null;
}

/** Whether a dream holds the lock now. */
export function dreamRunning(repo: Repo): boolean {
  const path = join(dreamDir(repo), DREAM_LOCK_FILE);
  try {
    statSync(path);
  } catch {
    return false;
  }
  return !holderGone(path);
}
