import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../fs/atomic.js';
import { isRecord } from '../fs/state.js';
import { SESSION_ENDED_FILE, SESSIONS_DIR, sessionDirName } from '../paths.js';

/**
 * How far into the transcript a session file written by the automatic end reached: how many user
 * messages the ledger held and the time of the last one (the ledger keeps the last 200 only, so
 * the time finds it again). A later turn's messages come after it.
 */
export interface Covered {
  messages: number;
  last: string;
}

/** How an agent session's latest journal entry came to be written. */
export interface SessionEnded {
  /** Local ISO time of the end. */
  at: string;
  /** `summary`: `end --summary` (the agent's own); `notes`: `end --from-notes`; `auto`: the SessionEnd worker. */
  by: 'summary' | 'notes' | 'auto';
  /** The journal file written. */
  path: string;
  /** `auto` from the transcript: the user messages it covered; a later turn past them is a follow-up. */
  covered?: Covered;
}

const path = (stateDir: string, sessionId: string) => join(stateDir, SESSIONS_DIR, sessionDirName(sessionId), SESSION_ENDED_FILE);

const isCovered = (v: unknown): v is Covered => isRecord(v) && typeof v.messages === 'number' && typeof v.last === 'string';

const isEnded = (v: unknown): v is SessionEnded =>
  isRecord(v) &&
  typeof v.at === 'string' &&
  typeof v.path === 'string' &&
  (v.by === 'summary' || v.by === 'notes' || v.by === 'auto') &&
  (v.covered === undefined || isCovered(v.covered));

/**
 * Records that a session's journal entry was written, so the automatic end does not write it again:
 * after an explicit `end` it records only what is logged later; after its own it records what is
 * logged later and the turns past `covered`, as a follow-up. The latest entry replaces the record.
 * It only saves a duplicate entry: a write error (a read-only git directory) is ignored.
 */
export function markSessionEnded(stateDir: string, sessionId: string, ended: SessionEnded): void {
  try {
    writeAtomic(stateDir, path(stateDir, sessionId), `${JSON.stringify(ended)}\n`, { durable: false });
  } catch {
    /* the session was written; only the record of it is missing */
  }
}

/** The session's end record, or null when it was never ended (or the record is unreadable). */
export function readSessionEnded(stateDir: string, sessionId: string): SessionEnded | null {
  try {
    const v: unknown = JSON.parse(readFileSync(path(stateDir, sessionId), 'utf8'));
    return isEnded(v) ? v : null;
  } catch {
    return null;
  }
}
