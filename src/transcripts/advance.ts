import { statSync, type Stats } from 'node:fs';
import { isRecord, readState, removeState, writeState } from '../fs/state.js';
import { LEDGER_DIGEST_FILE, LEDGER_HOT_FILE, LEDGER_IDS_FILE, LEDGER_STATE_FILE, SESSIONS_DIR, sessionDirName } from '../paths.js';
import { newState, redactKeptReply, type BuildState } from './build.js';
import type { AgentName, Ledger } from './ledger.js';
import { isGeminiDocument } from './gemini.js';
import { HEAD, headHash, isLegacyHead, sameHead } from './lines.js';
import { ledgerOf, readOn, type Reached } from './read.js';
import { copyWindowed, hotForm, mergeState, splitState, windowedState, type ColdIdText, type Windows } from './kept-window.js';
import { digestView, isKeepDigest, keepDigest, type KeepDigest } from './keep-digest.js';

const VERSION = 1;

/**
 * `<stateDir>/sessions/<id>/ledger.json`: the ledger under construction and how far it read. `gen`
 * names this writing of it, so that the hot state kept beside it (below) is only ever applied to
 * the one it was cut from; an earlier version wrote none (its ledger.json is read whole, as it was).
 */
interface Kept {
  v: number;
  gen?: string;
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

/**
 * `ledger-hot.json`: what the tool-use hook reads and writes at each call instead of ledger.json
 * (kept-window.ts): the newest state with its long lists cut to their newest entries, for the
 * ledger.json of the same `gen`. `ledger-ids.json` holds the older ids those lists were cut from.
 */
interface Hot {
  v: number;
  gen: string;
  /** ledger.json's inode, size and modification time as it was written: a stat tells the hook whether it is still that one. */
  whole: [number, number, number];
  windows: Windows;
  kept: Kept;
}

const isKept = (v: unknown): v is Kept =>
  isRecord(v) && v.v === VERSION && typeof v.transcript === 'string' && typeof v.offset === 'number' && isRecord(v.state) && isRecord((v.state as any).ledger);
const isHot = (v: unknown): v is Hot => isRecord(v) && v.v === VERSION && typeof v.gen === 'string' && Array.isArray(v.whole) && isRecord(v.windows) && isKept(v.kept);
const isIds = (v: unknown): v is ColdIdText & { gen: string } => isRecord(v) && typeof v.gen === 'string' && ['known', 'done'].every((k) => v[k] === undefined || typeof v[k] === 'string');

const sessionFile = (sessionId: string, name: string) => `${SESSIONS_DIR}/${sessionDirName(sessionId)}/${name}`;
const statePath = (sessionId: string) => sessionFile(sessionId, LEDGER_STATE_FILE);

/**
 * The lean read's bounds: the newest entries each long list keeps in the hot state when it is cut,
 * and how many the hot state may gather before ledger.json is written again (tests pass smaller).
 */
export interface LeanLimits {
  keep: number;
  fold: number;
}
const LIMITS: LeanLimits = { keep: 16, fold: 256 };

const subOffsets = (s: BuildState) => Object.entries(s.subagents ?? {}).map(([n, x]) => `${n}:${x.offset}`).join('|');

/**
 * The whole kept state: ledger.json, with the hot state cut from it put back when there is one
 * (`hot`: the tool-use hook follows this session, and a whole writer cuts it a new one).
 */
function readKept(stateDir: string, sessionId: string): { kept: Kept; hot: boolean } | null {
  const cold = readState(stateDir, statePath(sessionId), isKept);
  if (!cold?.gen) return cold && { kept: cold, hot: false };
  const hot = readState(stateDir, sessionFile(sessionId, LEDGER_HOT_FILE), isHot);
  const state = hot && hot.gen === cold.gen ? mergeState(hot.kept.state, hot.windows, cold.state) : null;
  return { kept: state ? { ...hot!.kept, state } : cold, hot: !!hot };
}

let written = 0;
const newGen = () => `${Date.now().toString(36)}${process.pid.toString(36)}${(written++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/**
 * Writes the whole state to ledger.json under a new `gen`; `cut`: and the hot state cut from it, for
 * the tool-use hook's next call; otherwise a hot state there was (`hot`) is removed (the hook's next
 * call cuts one from this ledger.json rather than go on from an older one). Throws on a write error.
 */
function keepWhole(stateDir: string, sessionId: string, kept: Kept, cut: LeanLimits | null, hot = false): void {
  const gen = newGen();
  redactKeptReply(kept.state);
  const { v: _v, gen: _old, ...rest } = kept;
  writeState(stateDir, statePath(sessionId), { v: VERSION, gen, ...rest });
  if (!cut) return hot ? removeState(stateDir, sessionFile(sessionId, LEDGER_HOT_FILE)) : undefined;
  const split = splitState(kept.state, cut.keep);
  writeState(stateDir, sessionFile(sessionId, LEDGER_IDS_FILE), { gen, ...split.ids });
  const end = (n: 'user_messages' | 'commands' | 'errors') => split.windows[n]?.[1] ?? 0;
  writeState(stateDir, sessionFile(sessionId, LEDGER_DIGEST_FILE), { gen, ...keepDigest(kept.state.ledger, { user_messages: end('user_messages'), commands: end('commands'), errors: end('errors') }) });
  const whole = wholeStat(stateDir, sessionId);
  if (whole) writeState(stateDir, sessionFile(sessionId, LEDGER_HOT_FILE), { v: VERSION, gen, whole, windows: split.windows, kept: { ...rest, v: VERSION, state: split.state } });
}

/** ledger.json's identity for Hot.whole (another writer's replaces it: another inode and time). */
function wholeStat(stateDir: string, sessionId: string): Hot['whole'] | null {
  const st = statSync(`${stateDir}/${statePath(sessionId)}`, { throwIfNoEntry: false });
  return st ? [st.ino, st.size, st.mtimeMs] : null;
}

/**
 * The ledger kept for a session, the transcript it came from and how far it was read, without
 * reading the transcript on; null when none. `repoRoot` as advanceLedger takes it.
 */
export function readKeptLedger(stateDir: string, sessionId: string, opts: { repoRoot?: string } = {}): { ledger: Ledger; transcript: string; offset: number } | null {
  const kept = readKept(stateDir, sessionId)?.kept;
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

/** The kept state after a read from `kept` (null: from the start) reached `reached`. */
function keptAfter(kept: Kept | null, reached: Reached, path: string, st: Stats, doc: boolean): Kept {
  return {
    v: VERSION,
    transcript: path,
    offset: reached.offset,
    size: reached.size,
    mtime: st.mtimeMs,
    // The opening just checked is the whole fingerprint when both offsets are past it: no second read.
    head: doc ? '' : kept && !reached.restarted && kept.offset >= HEAD && reached.offset >= HEAD && !isLegacyHead(kept.head) ? kept.head : (headHash(path, reached.offset) ?? ''),
    state: reached.state,
    tail: reached.tail,
    sessionId: reached.sessionId,
  };
}

type Advanced = { ledger: Ledger; from: number; to: number };

/**
 * Reads only what was appended to a session's transcript since the last call, and keeps the result
 * in the state dir. Returns the ledger of everything read so far and the byte range just read; a
 * torn last line is left for the next call. A transcript that shrank or was replaced starts over.
 * Gemini CLI's document is rewritten whole: unchanged (size and time) it is not read at all,
 * otherwise it is scanned and only its new messages are parsed. Throws when the transcript cannot
 * be read; a state dir that cannot be written only costs the next call a longer read.
 *
 * `lean` (the tool-use hook, at every tool call): the read goes on from the hot state, whose cost
 * does not grow with the session (kept-window.ts), and the ledger returned holds only the newest
 * entries of its lists, its sub-agents' work only counted: its counts, its last compaction and its
 * last turn may be read, nothing else (what the notes' thresholds read).
 *
 * `digest` with `lean` (PreCompact): the same read, but its user_messages, commands and errors are
 * the must-keep digest of their older entries followed by the newest (keep-digest.ts): what mustKeep
 * reads of them, nothing else. Without a digest of the hot state's ledger.json, or with sub-agents,
 * the whole state is read as without `lean`.
 */
export function advanceLedger(stateDir: string, sessionId: string, transcriptPath: string, opts: { agent: AgentName; repoRoot?: string; lean?: boolean | LeanLimits; digest?: boolean }): Advanced {
  let st;
  try {
    st = statSync(transcriptPath);
  } catch {
    throw new Error(`cannot read the transcript ${transcriptPath}`);
  }
  // Gemini CLI's single-document recording is rewritten whole; its JSON lines are appended to.
  const doc = opts.agent === 'gemini' && isGeminiDocument(transcriptPath);
  const limits = opts.lean && !doc ? (opts.lean === true ? LIMITS : opts.lean) : null;
  if (limits) {
    const lean = advanceHot(stateDir, sessionId, transcriptPath, st, opts, limits, opts.digest === true);
    if (lean) return lean;
  }
  const found = readKept(stateDir, sessionId);
  let kept = found?.kept ?? null;
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
  const next = keptAfter(kept, reached, transcriptPath, st, doc);
  // Nothing new (no complete line in any file): the kept state is already this one.
  const unchanged = kept && !doc && !reached.restarted && reached.offset === kept.offset && subOffsets(reached.state) === subsBefore;
  try {
    if (!unchanged || limits) keepWhole(stateDir, sessionId, next, limits ?? (found?.hot && !doc ? LIMITS : null), found?.hot);
  } catch {
    /* a read-only state dir: the next call reads again from where the kept state was */
  }
  return { ledger: ledgerOf(reached, opts), from: start, to };
}

/**
 * advanceLedger's lean read: on from the hot state, written back alone (ledger.json written again
 * only when the hot state has gathered `limits.fold` entries). Null when it cannot be done so (no
 * hot state, another transcript, or the read needed an older entry): the caller reads on from the
 * whole state. ledger.json is not opened, only looked at: written since by another (a whole read,
 * an earlier version), the hot state is cut again from it. Readers put the two together only when
 * ledger.json is the one the hot state was cut from (gen).
 */
function advanceHot(stateDir: string, sessionId: string, path: string, st: Stats, opts: { agent: AgentName; repoRoot?: string }, limits: LeanLimits, digest = false): Advanced | null {
  const hot = readState(stateDir, sessionFile(sessionId, LEDGER_HOT_FILE), isHot);
  if (!hot || !stillApplies(hot.kept, path, opts.agent, st.size, false) || wholeStat(stateDir, sessionId)?.join() !== hot.whole.join()) return null;
  const { kept, gen, whole: cold } = hot;
  // `digest`: the digest of this ledger.json's older entries, read before anything can write another.
  let older: KeepDigest | null = null;
  if (digest) {
    const got = readState(stateDir, sessionFile(sessionId, LEDGER_DIGEST_FILE), (v): v is KeepDigest & { gen: string } => isKeepDigest(v) && typeof (v as any).gen === 'string');
    if (!got || got.gen !== gen) return null;
    older = got;
  }
  // Read once: each cut id list asks for its text.
  let idText: ColdIdText | undefined;
  const ids = () => {
    if (idText) return idText;
    const got = readState(stateDir, sessionFile(sessionId, LEDGER_IDS_FILE), isIds);
    return (idText = got && got.gen === gen ? got : {});
  };
  const cut = windowedState(kept.state, hot.windows, ids);
  if (!cut) return null;
  const subsBefore = subOffsets(kept.state);
  let reached: Reached | null;
  let ledger: Ledger;
  try {
    reached = readOn(cut.state, path, kept.offset, { repoRoot: opts.repoRoot });
    if (!reached || reached.restarted) return null;
    ledger = ledgerOf(reached, opts, { copy: (v) => copyWindowed(v, cut.standIn) });
    // What the notes' thresholds read (notes/thresholds.ts): a stand-in there is found now.
    void [ledger.compactions.at(-1)?.at, ledger.turns.at(-1)?.at];
  } catch {
    return null;
  }
  if (cut.touched()) return null;
  if (older) {
    // Sub-agents' lists are only counted on this path (ledgerOf): their entries need the whole read.
    if (Object.keys(reached.state.subagents ?? {}).length) return null;
    const ends = { user_messages: hot.windows.user_messages?.[1] ?? 0, commands: hot.windows.commands?.[1] ?? 0, errors: hot.windows.errors?.[1] ?? 0 };
    const view = digestView(ledger, older, ends, cut.standIn);
    if (!view) return null;
    ledger = view;
  }
  const result = { ledger, from: kept.offset, to: reached.offset };
  if (reached.offset === kept.offset && subOffsets(reached.state) === subsBefore) return result;
  const next = keptAfter(kept, reached, path, st, false);
  const form = hotForm(next.state, hot.windows, cut.standIn);
  if (!form) return null;
  let whole: BuildState | null = null;
  if (form.entries > limits.fold) {
    // Folded back: ledger.json is written whole again, and a new hot state cut from it. A ledger.json
    // written since by another (an earlier version) is not this state's: read on from it instead.
    const cold = readState(stateDir, statePath(sessionId), isKept);
    whole = cold && cold.gen === gen ? mergeState(form.state, form.windows, cold.state) : null;
    if (!whole) return null;
  }
  try {
    if (whole) keepWhole(stateDir, sessionId, { ...next, state: whole }, limits);
    else {
      redactKeptReply(form.state);
      writeState(stateDir, sessionFile(sessionId, LEDGER_HOT_FILE), { v: VERSION, gen, whole: cold, windows: form.windows, kept: { ...next, state: form.state } });
    }
  } catch {
    /* as advanceLedger */
  }
  return result;
}
