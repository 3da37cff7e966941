import { SESSION_START_FILE } from '../paths.js';
import { isRecord, readState, removeState, writeState } from '../fs/state.js';

/** Recorded when a session starts (the primer runs), so `end` knows the session's base commit. */
export interface SessionStart {
  head: string | null;
  at: string;
  /** The length of HEAD's reflog then: the lines after it are the session's (session-commits.ts). */
  reflogAt?: number;
}

const isSessionStart = (v: unknown): v is SessionStart => isRecord(v) && typeof v.at === 'string' && (v.head === null || typeof v.head === 'string');

export function recordSessionStart(stateDir: string, start: SessionStart): void {
  try {
    writeState(stateDir, SESSION_START_FILE, start);
  } catch {
    /* the primer must work in a read-only checkout too */
  }
}

export function readSessionStart(stateDir: string): SessionStart | null {
  return readState(stateDir, SESSION_START_FILE, isSessionStart);
}

export function clearSessionStart(stateDir: string): void {
  removeState(stateDir, SESSION_START_FILE);
}
