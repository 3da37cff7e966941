import { statSync } from 'node:fs';
import { isRecord, readState, writeState } from '../fs/state.js';
import { LEDGER_STATE_FILE, SESSIONS_DIR, sessionDirName } from '../paths.js';
import { newState, type BuildState } from './build.js';
import type { AgentName, Ledger } from './ledger.js';
import { isGeminiDocument } from './gemini.js';
import { HEAD, headHash, isLegacyHead, sameHead } from './lines.js';
import { ledgerOf, readOn, type Reached } from './read.js';

const VERSION = 1;

/** `<stateDir>/sessions/<id>/ledger.json`: the ledger under construction and how far it read. */
interface Kept {
  v: number;
  transcript: string;
  offset: number;
  size: number;
  mtime: number;
  /** Fingerprint of the transcript's first min(offset, HEAD) bytes when it was read (JSONL only; lines.ts headHash). */
  head: string;
  state: BuildState;
  /** Gemini: the last message, not yet taken for good, and the session id of the document. */
  tail: Record<string, any> | null;
  sessionId: string;
}

const isKept = (v: unknown): v is Kept =>
  isRecord(v) && v.v === VERSION && typeof v.transcript === 'string' && typeof v.offset === 'number' && isRecord(v.state) && isRecord((v.state as any).ledger);

const statePath = (sessionId: string) => `${SESSIONS_DIR}/${sessionDirName(sessionId)}/${LEDGER_STATE_FILE}`;


const subOffsets = (s: BuildState) => Object.entries(s.subagents ?? {}).map(([n, x]) => `${n}:${x.offset}`).join('|');

/**
 * The ledger kept for a session, the transcript it came from and how far it was read, without
 * reading the transcript on; null when none. `repoRoot` as advanceLedger takes it.
 */
export function readKeptLedger(stateDir: string, sessionId: string, opts: { repoRoot?: string } = {}): { ledger: Ledger; transcript: string; offset: number } | null {
  const kept = readState(stateDir, statePath(sessionId), isKept);
  if (!kept) return null;
  const reached: Reached = { state: kept.state, offset: kept.offset, size: kept.size, tail: kept.tail, sessionId: kept.sessionId };
  return { ledger: ledgerOf(reached, opts), transcript: kept.transcript, offset: kept.offset };
}

/** Whether the kept reading still applies to the file: same name, same agent, not shrunk, same opening. */
function stillApplies(kept: Kept, path: string, agent: AgentName, size: number, doc: boolean): boolean {
  if (kept.transcript !== path || kept.state.ledger.agent !== agent || size < kept.offset) return false;
  if (doc) return !!kept.state.gemini && kept.state.gemini.held === undefined; // checked message by message (read.ts)
  return kept.offset === 0 || sameHead(path, kept.offset, kept.head);
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
  // Gemini CLI's single-document recording is rewritten whole; its JSON lines are appended to.
  const doc = opts.agent === 'gemini' && isGeminiDocument(transcriptPath);
  if (kept && !stillApplies(kept, transcriptPath, opts.agent, st.size, doc)) kept = null;
  if (kept && doc && kept.size === st.size && kept.mtime === st.mtimeMs) {
    const reached: Reached = { state: kept.state, offset: kept.offset, size: kept.size, tail: kept.tail, sessionId: kept.sessionId };
    return { ledger: ledgerOf(reached, opts), from: kept.offset, to: kept.offset };
  }
  const from = kept ? kept.offset : 0;
  const subsBefore = kept ? subOffsets(kept.state) : null;
  const reached = readOn(kept ? kept.state : newState(opts.agent), transcriptPath, from, { repoRoot: opts.repoRoot });
  if (!reached) throw new Error(`cannot read the transcript ${transcriptPath}`);
  const start = reached.restarted ? 0 : from;
  const to = doc ? reached.size : reached.offset;
  const next: Kept = {
    v: VERSION,
    transcript: transcriptPath,
    offset: reached.offset,
    size: reached.size,
    mtime: st.mtimeMs,
    // The opening just checked is the whole fingerprint when both offsets are past it: no second read.
    head: doc ? '' : kept && !reached.restarted && kept.offset >= HEAD && reached.offset >= HEAD && !isLegacyHead(kept.head) ? kept.head : (headHash(transcriptPath, reached.offset) ?? ''),
    state: reached.state,
    tail: reached.tail,
    sessionId: reached.sessionId,
  };
  // Nothing new (no complete line in any file): the kept state is already this one.
  const unchanged = kept && !doc && !reached.restarted && reached.offset === kept.offset && subOffsets(reached.state) === subsBefore;
  try {
    if (!unchanged) writeState(stateDir, name, next);
  } catch {
    /* a read-only state dir: the next call reads again from where the kept state was */
  }
  return { ledger: ledgerOf(reached, opts), from: start, to };
}
