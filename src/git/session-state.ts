import { linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_START_FILE, SESSION_STARTS_DIR, sessionDirName, TMP_DIR } from '../paths.js';
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

/** The start slot of one agent session, relative to the state dir (the served start's script writes the same name). */
export const sessionStartSlot = (sessionId: string) => join(SESSION_STARTS_DIR, `${sessionDirName(sessionId)}.json`);

/**
 * A session's slot is cleared by its `end`; one whose session never ended (the agent was killed) is
 * forgotten after this long, so its marked commits go to the next end as unmarked ones would.
 */
export const START_SLOT_DAYS = 7;

/** Forgets the slots of sessions that started more than START_SLOT_DAYS ago and never ended (a readdir of a few files). */
function pruneSlots(stateDir: string): void {
  const dir = join(stateDir, SESSION_STARTS_DIR);
  const old = Date.now() - START_SLOT_DAYS * 86_400_000;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if ((statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < old) rmSync(p, { force: true });
  }
}

/**
 * Records a start: in the worktree's slot (the latest start of any session, read by an `end` that
 * names none) and, for an agent session, in that session's own slot too, so a second session
 * starting in the same worktree does not take the first one's base away.
 */
export function recordSessionStart(stateDir: string, start: SessionStart): void {
  try {
    if (start.session) {
      mkdirSync(join(stateDir, SESSION_STARTS_DIR), { recursive: true });
      pruneSlots(stateDir);
      writeState(stateDir, sessionStartSlot(start.session), start);
    }
    writeState(stateDir, SESSION_START_FILE, start);
  } catch {
    /* the primer must work in a read-only checkout too */
  }
}

/**
 * The start in `sessionId`'s own slot, or null; never another session's: a slot an older version
 * named for two ids (`a/b` and `a_b` were both `a_b.json`) holds the start of whichever wrote last.
 */
export function ownSessionStart(stateDir: string, sessionId: string): SessionStart | null {
  const start = readState(stateDir, sessionStartSlot(sessionId), isSessionStart);
  return start && start.session === sessionId ? start : null;
}

/**
 * The recorded start; with `sessionId`, that session's own slot, else the worktree's where it is
 * that session's or no session's (a start an older version recorded); without one, the worktree's
 * unless it is an agent session's still open. Claude Code's `/clear`
 * (Gemini CLI's too) ends the old session in the background while it starts the new one, and two
 * agents may run in one worktree at once: an end never takes another session's start for its own.
 */
export function readSessionStart(stateDir: string, sessionId?: string): SessionStart | null {
  const own = sessionId !== undefined ? ownSessionStart(stateDir, sessionId) : null;
  if (own) return own;
  const start = readState(stateDir, SESSION_START_FILE, isSessionStart);
  if (!start || start.session === undefined) return start;
  // An end that names no session (typed in a terminal) never takes an agent session's start while
  // that session is open (its slot is there): its base and its slot stay for its own end.
  if (sessionId === undefined) return ownSessionStart(stateDir, start.session) ? null : start;
  return start.session !== sessionId ? null : start;
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
  if (read.session) {
    // Its own slot, unless a new start of the same session (a resume) was recorded since.
    const own = ownSessionStart(stateDir, read.session);
    try {
      if (own && same(own, read)) rmSync(join(stateDir, sessionStartSlot(read.session)), { force: true });
    } catch {
      /* a read-only state dir: the slot goes after START_SLOT_DAYS */
    }
  }
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
