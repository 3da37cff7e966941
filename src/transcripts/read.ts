import { readFileOrNull, readRange } from '../fs/read-file.js';
import { newState, type BuildState } from './build.js';
import { settleClaude } from './claude.js';
import { feedGemini, geminiFolder, geminiProjectHash, geminiSessionId, isGeminiDocument, messageElements, parseElement, settleGemini } from './gemini.js';
import type { AgentName, Ledger } from './ledger.js';
import { parseRecord } from './lines.js';
import { scanRecords } from './scan-records.js';
import { mergeSubagents, readCodexSubagents, readGeminiSubagents, readSubagents, subagentCounts } from './subagents.js';

export interface ReadOptions {
  agent?: AgentName;
  /** Paths inside it are reported relative to it. */
  repoRoot?: string;
}

/** What one read reached: the state after the records taken for good, and where the next read starts. */
export interface Reached {
  state: BuildState;
  /** Byte offset after the last line taken (JSONL), or the start of the last message (Gemini). */
  offset: number;
  size: number;
  /** Gemini: the last message, taken only when the ledger is shown (it may still change). */
  tail: Record<string, any> | null;
  sessionId: string;
  /** The kept state no longer matched the file (Gemini: its messages were rewritten): read from the start. */
  restarted?: boolean;
}

const CODEX_TYPES = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted']);

/** Which agent wrote a transcript, from its first records; null when it is none of theirs. */
export function detectAgent(path: string): AgentName | null {
  const head = readRange(path, 0, 256 * 1024)?.text;
  if (!head) return null;
  const start = head.trimStart();
  if (start.startsWith('{') && !parseRecord(start.split('\n')[0]!) && /^\{\s*"(sessionId|projectHash|startTime|lastUpdated|messages)"/.test(start)) return 'gemini';
  for (const line of head.split('\n').slice(0, 50)) {
    const r = parseRecord(line);
    if (!r) continue;
    if (CODEX_TYPES.has(r.type) && 'payload' in r) return 'codex';
    // A rollout of before session_meta: a bare header with the session's instructions, state markers.
    if (r.record_type === 'state' || (typeof r.id === 'string' && typeof r.timestamp === 'string' && 'instructions' in r && !('type' in r))) return 'codex';
    if ('parentUuid' in r || 'leafUuid' in r || r.type === 'file-history-snapshot' || ('sessionId' in r && 'uuid' in r)) return 'claude';
    if (Array.isArray(r.messages) && ('sessionId' in r || 'projectHash' in r)) return 'gemini';
    if ('sessionId' in r && 'projectHash' in r && 'startTime' in r) return 'gemini'; // a JSON-lines header
  }
  return null;
}

/**
 * Reads `path` from byte `from` on, taking every complete record into `state` (which it changes).
 * Null when the file cannot be read.
 */
export function readOn(state: BuildState, path: string, from: number, opts: { repoRoot?: string; to?: number }): Reached | null {
  const agent = state.ledger.agent;
  const ctx = { repoRoot: opts.repoRoot };
  if (agent === 'gemini' && isGeminiDocument(path)) {
    const buf = readFileOrNull(path);
    if (!buf) return null;
    const elements = messageElements(buf);
    const sessionId = geminiSessionId(buf);
    let restarted = false;
    if (state.gemini && state.gemini.count > 0) {
      const kept = elements[state.gemini.count - 1];
      const same = kept && String(parseElement(buf, kept)?.id ?? '') === state.gemini.lastId && (!state.ledger.session_id || state.ledger.session_id === sessionId);
      if (!same) {
        delete state.gemini;
        Object.assign(state, newState('gemini'));
        restarted = true;
      }
    }
    const g = (state.gemini ??= { count: 0, lastId: '' });
    geminiFolder(state, geminiProjectHash(buf), ctx);
    // All but the last message are taken for good; the last may still be rewritten.
    for (; g.count < elements.length - 1; g.count++) {
      const m = parseElement(buf, elements[g.count]!, (n) => (state.ledger.replaced_surrogates = (state.ledger.replaced_surrogates ?? 0) + n));
      if (m) feedGemini(state, m, sessionId, ctx);
      g.lastId = String(m?.id ?? '');
    }
    const last = elements.at(-1);
    readGeminiSubagents(state, path, sessionId, ctx);
    return { state, offset: last ? last.start : buf.length, size: buf.length, tail: last ? parseElement(buf, last) : null, sessionId, restarted };
  }
  const scan = scanRecords(state, path, from, opts.to, ctx);
  if (!scan) return null;
  if (agent === 'claude') readSubagents(state, path, ctx);
  else if (agent === 'codex') readCodexSubagents(state, path, ctx);
  else if (agent === 'gemini') readGeminiSubagents(state, path, state.gemini?.sessionId ?? '', ctx);
  return { state, offset: scan.end, size: scan.size, tail: null, sessionId: '' };
}

/**
 * The ledger a read reached: records still waiting (Claude Code lines whose parent has not come,
 * Gemini's last message) are taken on a copy, so the kept state can go on reading later. Without
 * such records it is the state's own ledger: callers keep the state no longer once they have it.
 * `lean` (the tool-use hook's read, kept-window.ts): `copy` makes that copy (keeping the read's
 * stand-ins), and sub-agents add only their counts (subagentCounts), all the notes' thresholds read.
 */
export function ledgerOf(r: Reached, opts: { repoRoot?: string }, lean?: { copy: <T>(v: T) => T }): Ledger {
  const copy = lean?.copy ?? structuredClone;
  const merge = (main: Ledger, subs: Ledger[]): Ledger => (lean && subs.length ? { ...main, ...subagentCounts(main, subs) } : mergeSubagents(main, subs));
  const ctx = { repoRoot: opts.repoRoot };
  if (r.state.ledger.agent === 'gemini') {
    // Sub-agents' chats (subagents.ts readGeminiSubagents), each read whole, merged in.
    const subs = Object.keys(r.state.subagents ?? {}).sort().map((name) => r.state.subagents![name]!.state.ledger);
    const { subagents, ...own } = r.state;
    if (own.gemini?.held) {
      const s = copy(own) as BuildState;
      settleGemini(s, ctx);
      return merge(s.ledger, subs);
    }
    if (!r.tail) return merge(r.state.ledger, subs);
    const s = copy(own) as BuildState;
    feedGemini(s, r.tail, r.sessionId, ctx);
    return merge(s.ledger, subs);
  }
  const settled = (state: BuildState) => {
    if (!state.claude?.pending.length) return state.ledger;
    const s = copy(state);
    settleClaude(s, ctx);
    return s.ledger;
  };
  const subs = Object.keys(r.state.subagents ?? {}).sort().map((name) => settled(r.state.subagents![name]!.state));
  return merge(settled(r.state), subs);
}

/** The whole transcript as a Ledger, read a chunk at a time (never the whole file in memory). */
export function readLedger(path: string, opts: ReadOptions = {}): Ledger {
  const agent = opts.agent ?? detectAgent(path);
  if (!agent) throw new Error(`not a Claude Code, Codex or Gemini CLI transcript: ${path}`);
  const r = readOn(newState(agent), path, 0, { repoRoot: opts.repoRoot });
  if (!r) throw new Error(`cannot read ${path}`);
  return ledgerOf(r, opts);
}

/**
 * The records a JSONL transcript gained from byte `from` on, read alone: no earlier state, no
 * subagent files. For a short append whose records stand on their own, such as a compaction's
 * boundary and summary. Null when the file cannot be read. With `summaryToCheck`, a compaction's
 * summary is left unredacted (BuildState.summaryToCheck): for a caller that only compares it with
 * what it must keep and then drops the ledger.
 */
export function readAppended(path: string, agent: 'claude' | 'codex', from: number, opts: { repoRoot?: string; summaryToCheck?: boolean } = {}): Ledger | null {
  const state = newState(agent);
  if (opts.summaryToCheck) state.summaryToCheck = true;
  const ctx = { repoRoot: opts.repoRoot };
  const scan = scanRecords(state, path, from, undefined, ctx);
  return scan && ledgerOf({ state, offset: scan.end, size: scan.size, tail: null, sessionId: '' }, opts);
}
