import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { lockHolderGone, tryLock } from '../fs/lock-file.js';
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
  /**
   * The newest session taken in on each branch ('' for a detached HEAD): when a dream is due is
   * counted per branch, so a dream on one branch does not hide another branch's sessions. What a
   * dream takes in is read from MEMORY.md itself (DreamThrough); this only says when to run.
   */
  by_branch?: Record<string, string>;
}

const isDreamState = (v: unknown): v is DreamState =>
  isRecord(v) && typeof v.last_run === 'string' && typeof v.last_session === 'string' && typeof v.sessions === 'number' && typeof v.dreams === 'number';

/** The newest session taken in on `branch`: its own entry, else (state from before by_branch) the shared one. */
export function lastSessionOf(state: DreamState | null, branch: string | null): string {
  if (!state) return '';
  if (state.by_branch) return state.by_branch[branch ?? ''] ?? '';
  return state.last_session;
}

/** `state` with `last` as the newest session taken in on `branch`. */
export function withLastSession(state: DreamState, branch: string | null, last: string): DreamState {
  return { ...state, last_session: last > state.last_session ? last : state.last_session, by_branch: { ...state.by_branch, [branch ?? '']: last } };
}

export function readDreamState(repo: Repo): DreamState | null {
  return readState(dreamDir(repo), DREAM_STATE_FILE, isDreamState);
}

export function writeDreamState(repo: Repo, state: DreamState): void {
  mkdirSync(dreamDir(repo), { recursive: true });
  writeState(dreamDir(repo), DREAM_STATE_FILE, state);
}

/** A dream that has held the lock this long died without removing it. */
const RULES = { staleMs: 30 * 60_000 };

/**
 * Takes the dream lock without waiting: a release function, or null when another dream holds it
 * (in any worktree of the repository). A lock left by a dead process is taken over.
 */
export function tryDreamLock(repo: Repo): (() => void) | null {
  const dir = dreamDir(repo);
  mkdirSync(dir, { recursive: true });
  return tryLock(join(dir, DREAM_LOCK_FILE), RULES)?.release ?? null;
}

/** Whether a dream holds the lock now. */
export function dreamRunning(repo: Repo): boolean {
  const path = join(dreamDir(repo), DREAM_LOCK_FILE);
  return existsSync(path) && !lockHolderGone(path, RULES);
}
