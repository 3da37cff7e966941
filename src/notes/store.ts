// Where a session's notes live: `<stateDir>/sessions/<dir>/notes.md` and the extraction state in
// `notes.json` beside it. Personal and possibly secret: never committed.
import { join } from 'node:path';
import { readTextOrNull } from '../fs/read-file.js';
import { isCount, isRecord, readState, writeState } from '../fs/state.js';
import { writeAtomic } from '../fs/atomic.js';
import { NOTES_FILE, NOTES_STATE_FILE, SESSIONS_DIR, sessionDirName } from '../paths.js';

export interface NotesState {
  /** Extractions so far (model or ledger). */
  extractions: number;
  /** Context tokens and tool calls of the ledger at the last extraction (the thresholds' base). */
  last_tokens: number;
  last_tool_calls: number;
  /** The ledger's compactions at the last extraction (their count and the last one's time): only a new one restarts the count. */
  compactions?: number;
  last_compaction?: string;
  /** Transcript byte offset the notes have seen up to: the next model request starts here. */
  last_offset: number;
  /** The transcript the offset belongs to. */
  transcript?: string;
  /** ISO time of the last extraction. */
  updated: string;
  source: 'model' | 'ledger';
  /** The model that last wrote the notes, when one did (kept when a later update fell back to the ledger). */
  model?: string;
  /** Why the last extraction fell back to the ledger (a model error), when it did. */
  fallback?: string;
}

const isNotesState = (v: unknown): v is NotesState =>
  isRecord(v) &&
  isCount(v.extractions) &&
  isCount(v.last_tokens) &&
  isCount(v.last_tool_calls) &&
  isCount(v.last_offset) &&
  typeof v.updated === 'string' &&
  (v.source === 'model' || v.source === 'ledger');

/** The session's directory in the state dir. */
export function sessionDir(stateDir: string, sessionId: string): string {
  return join(stateDir, SESSIONS_DIR, sessionDirName(sessionId));
}

/** Absolute path of the session's notes file. */
export function notesPath(stateDir: string, sessionId: string): string {
  return join(sessionDir(stateDir, sessionId), NOTES_FILE);
}

/** The session's notes, or null when none were written yet. */
export function readNotes(stateDir: string, sessionId: string): string | null {
  return readTextOrNull(notesPath(stateDir, sessionId));
}

/** The extraction state, or null (none yet, or damaged: the next extraction starts over). */
export function readNotesState(stateDir: string, sessionId: string): NotesState | null {
  return readState(stateDir, join(SESSIONS_DIR, sessionDirName(sessionId), NOTES_STATE_FILE), isNotesState);
}

/** Writes notes, then their state (a crash between leaves the state behind: the next run redoes the span). */
export function writeNotes(stateDir: string, sessionId: string, notes: string, state: NotesState): void {
  writeAtomic(stateDir, notesPath(stateDir, sessionId), notes, { durable: false });
  writeState(stateDir, join(SESSIONS_DIR, sessionDirName(sessionId), NOTES_STATE_FILE), state);
}
