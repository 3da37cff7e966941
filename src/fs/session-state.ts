// Per-session state under `<stateDir>/sessions/` holds what was read from agent transcripts (ledgers
// with the user's messages, notes, compaction summaries): personal, never committed. It is pruned
// after `[session_memory] keep_days` and purged by `git memory uninstall --purge`.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_LOCK_FILE, SESSION_END_LOCK_FILE, SESSIONS_DIR, sessionDirName } from '../paths.js';

export interface SessionStateSummary {
  dir: string;
  sessions: number;
  bytes: number;
}

/** The newest modification time of anything in `dir` (one level: session dirs are flat), in ms. */
function lastTouched(dir: string): number {
  let newest = statSync(dir).mtimeMs;
  for (const f of readdirSync(dir)) {
    try {
      newest = Math.max(newest, statSync(join(dir, f)).mtimeMs);
    } catch {
      /* removed meanwhile */
    }
  }
  return newest;
}

/** How many sessions' state is kept, and its size. */
export function sessionStateSummary(stateDir: string): SessionStateSummary {
  const dir = join(stateDir, SESSIONS_DIR);
  let sessions = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { dir, sessions, bytes };
  for (const s of readdirSync(dir, { withFileTypes: true })) {
    if (!s.isDirectory()) continue;
    sessions++;
    for (const f of readdirSync(join(dir, s.name), { withFileTypes: true })) {
      try {
        if (f.isFile()) bytes += statSync(join(dir, s.name, f.name)).size;
      } catch {
        /* removed meanwhile */
      }
    }
  }
  return { dir, sessions, bytes };
}

/**
 * Removes the state of sessions untouched for `days` days, except `keep` and any session whose lock
 * is held (a worker is writing it). Returns the ids removed. Never throws: pruning only saves space.
 */
export function pruneSessionState(stateDir: string, days: number, now: number, keep?: string): string[] {
  const dir = join(stateDir, SESSIONS_DIR);
  const removed: string[] = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return removed;
  }
  const cutoff = now - days * 86_400_000;
  const kept = keep ? sessionDirName(keep) : null;
  for (const s of entries) {
    if (!s.isDirectory() || s.name === kept) continue;
    const path = join(dir, s.name);
    try {
      if (existsSync(join(path, SESSION_LOCK_FILE)) || existsSync(join(path, SESSION_END_LOCK_FILE))) continue;
      if (lastTouched(path) >= cutoff) continue;
      rmSync(path, { recursive: true, force: true });
      removed.push(s.name);
    } catch {
      /* in use or gone: next time */
    }
  }
  return removed;
}

/** Removes every session's state (`uninstall --purge`). */
export function purgeSessionState(stateDir: string): void {
  rmSync(join(stateDir, SESSIONS_DIR), { recursive: true, force: true });
}
