import { linkSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_START_FILE, TMP_DIR } from '../paths.js';
import { isRecord, readState, writeState } from '../fs/state.js';

/** Recorded when a session starts (the primer runs), so `end` knows the session's base commit. */
export interface SessionStart {
  head: string | null;
  at: string;
  /** The length of HEAD's reflog then: the lines after it are the session's (session-commits.ts). */
  reflogAt?: number;
  /**
   * The agent session whose start this is (its hook's session_id), where an agent's SessionStart
   * recorded it; none for `git memory primer`'s (and an older version's).
   */
  session?: string;
}

const isSessionStart = (v: unknown): v is SessionStart =>
  isRecord(v) && typeof v.at === 'string' && (v.head === null || typeof v.head === 'string') && (v.session === undefined || typeof v.session === 'string');

export function recordSessionStart(stateDir: string, start: SessionStart): void {
  try {
    writeState(stateDir, SESSION_START_FILE, start);
  } catch {
    /* the primer must work in a read-only checkout too */
  }
}

/**
 * The recorded start; with `sessionId`, only where it is that session's or no session's. Claude
 * Code's `/clear` (Gemini CLI's too) ends the old session in the background while it starts the new
 * one: the old session's end may find the new session's start, which is not its own.
 */
export function readSessionStart(stateDir: string, sessionId?: string): SessionStart | null {
  const start = readState(stateDir, SESSION_START_FILE, isSessionStart);
  return start && sessionId !== undefined && start.session !== undefined && start.session !== sessionId ? null : start;
}

const same = (a: SessionStart, b: SessionStart) => a.head === b.head && a.at === b.at && a.reflogAt === b.reflogAt && a.session === b.session;

/**
 * Forgets the start an ending session read as its own (`read`), while it is still the one
 * recorded: a start recorded since (the next session's, which its agent runs while this end runs in
 * the background) stays. The starts are written by a rename, the served start's script's too, with no
 * lock: the file is taken by a rename, looked at, and put back with a link where it is not `read`
 * (a link never replaces a start recorded meanwhile), so no start is lost between the look and the removal.
 */
export function clearSessionStart(stateDir: string, read: SessionStart | null): void {
  if (!read) return;
  const dir = join(stateDir, TMP_DIR);
  const name = `${process.pid}-start-${Date.now().toString(36)}.json`;
  try {
    mkdirSync(dir, { recursive: true });
    renameSync(join(stateDir, SESSION_START_FILE), join(dir, name));
  } catch {
    return; // none recorded (or none that can be taken): nothing to forget
  }
  try {
    const now = readState(dir, name, isSessionStart);
    if (now && !same(now, read)) {
      try {
        linkSync(join(dir, name), join(stateDir, SESSION_START_FILE));
      } catch {
        /* a newer start is there */
      }
    }
  } finally {
    rmSync(join(dir, name), { force: true });
  }
}
