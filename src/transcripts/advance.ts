import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { isRecord, readState, writeState } from '../fs/state.js';
import { LEDGER_STATE_FILE, SESSIONS_DIR, sessionDirName } from '../paths.js';
import { newState, type BuildState } from './build.js';
import type { AgentName, Ledger } from './ledger.js';
import { ledgerOf, readOn, type Reached } from './read.js';

/** Bytes of the transcript's opening fingerprinted, to tell a file replaced under the same name. */
const HEAD = 4096;
const VERSION = 1;

/** `<stateDir>/sessions/<id>/ledger.json`: the ledger under construction and how far it read. */
interface Kept {
  v: number;
  transcript: string;
  offset: number;
  size: number;
  mtime: number;
  /** sha1 of the transcript's first min(offset, HEAD) bytes when it was read (JSONL only). */
  head: string;
  state: BuildState;
  /** Gemini: the last message, not yet taken for good, and the session id of the document. */
  tail: Record<string, any> | null;
  sessionId: string;
}

const isKept = (v: unknown): v is Kept =>
  isRecord(v) && v.v === VERSION && typeof v.transcript === 'string' && typeof v.offset === 'number' && isRecord(v.state) && isRecord((v.state as any).ledger);

const statePath = (sessionId: string) => `${SESSIONS_DIR}/${sessionDirName(sessionId)}/${LEDGER_STATE_FILE}`;

function headHash(path: string, length: number): string | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const buf = Buffer.alloc(length);
    let len = 0;
    for (let n = 1; n > 0 && len < length; len += n) n = readSync(fd, buf, len, length - len, len);
    return createHash('sha1').update(buf.subarray(0, len)).digest('hex');
  } finally {
    closeSync(fd);
  }
}

/** The ledger kept for a session, the transcript it came from and how far it was read; null when none. */
export function readKeptLedger(stateDir: string, sessionId: string): { ledger: Ledger; transcript: string; offset: number } | null {
  const kept = readState(stateDir, statePath(sessionId), isKept);
  if (!kept) return null;
  const reached: Reached = { state: kept.state, offset: kept.offset, size: kept.size, tail: kept.tail, sessionId: kept.sessionId };
  return { ledger: ledgerOf(reached, {}), transcript: kept.transcript, offset: kept.offset };
}

/** Whether the kept reading still applies to the file: same name, same agent, not shrunk, same opening. */
function stillApplies(kept: Kept, path: string, agent: AgentName, size: number): boolean {
  if (kept.transcript !== path || kept.state.ledger.agent !== agent || size < kept.offset) return false;
  if (agent === 'gemini') return true; // the document is checked message by message (read.ts)
  return kept.offset === 0 || headHash(path, Math.min(kept.offset, HEAD)) === kept.head;
}

/**
 * Reads only what was appended to a session's transcript since the last call, and keeps the result
 * in the state dir. Returns the ledger of everything read so far and the byte range just read; a
 * torn last line is left for the next call. A transcript that shrank or was replaced starts over.
 * Gemini CLI's document is rewritten whole: unchanged (size and time) it is not read at all,
 * otherwise it is scanned and only its new messages are parsed. Throws when the transcript cannot
 * be read; a state dir that cannot be written only costs the next call a longer read.
 */
export function advanceLedger(stateDir: string, sessionId: string, transcriptPath: string, opts: { agent: AgentName; repoRoot?: string }): { ledger: Ledger; from: number; to: number } {
  let st;
  try {
    st = statSync(transcriptPath);
  } catch {
    throw new Error(`cannot read the transcript ${transcriptPath}`);
  }
  const name = statePath(sessionId);
  let kept = readState(stateDir, name, isKept);
  if (kept && !stillApplies(kept, transcriptPath, opts.agent, st.size)) kept = null;
  if (kept && opts.agent === 'gemini' && kept.size === st.size && kept.mtime === st.mtimeMs) {
    const reached: Reached = { state: kept.state, offset: kept.offset, size: kept.size, tail: kept.tail, sessionId: kept.sessionId };
    return { ledger: ledgerOf(reached, opts), from: kept.offset, to: kept.offset };
  }
  const from = kept ? kept.offset : 0;
  const reached = readOn(kept ? kept.state : newState(opts.agent), transcriptPath, from, { repoRoot: opts.repoRoot });
  if (!reached) throw new Error(`cannot read the transcript ${transcriptPath}`);
  const start = reached.restarted ? 0 : from;
  const to = opts.agent === 'gemini' ? reached.size : reached.offset;
  const next: Kept = {
    v: VERSION,
    transcript: transcriptPath,
    offset: reached.offset,
    size: reached.size,
    mtime: st.mtimeMs,
    head: opts.agent === 'gemini' ? '' : (headHash(transcriptPath, Math.min(reached.offset, HEAD)) ?? ''),
    state: reached.state,
    tail: reached.tail,
    sessionId: reached.sessionId,
  };
  try {
    writeState(stateDir, name, next);
  } catch {
    /* a read-only state dir: the next call reads again from where the kept state was */
  }
  return { ledger: ledgerOf(reached, opts), from: start, to };
}
