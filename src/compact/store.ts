/**
 * A session's compaction state, in `<stateDir>/sessions/<dir>/`: `compact.json`, the last summary
 * `git memory compact` produced with its report, and `compact-report.json`, the check of the last
 * summary the agent itself wrote (PostCompact) with what it dropped.
 */
import { join } from 'node:path';
import { COMPACT_FILE, COMPACT_KEY_FILE, COMPACT_PREPARED_FILE, COMPACT_REPORT_FILE, SESSIONS_DIR, sessionDirName } from '../paths.js';
import { isRecord, readState, writeState } from '../fs/state.js';
import type { HotFile } from './hot-files.js';
import type { KeyInfo } from './key-info.js';
import type { Strategy, Step, SummarySource } from './repair.js';
import type { ValidationReport } from './validate.js';

export interface CompactRecord {
  session_id: string;
  created: string;
  source: SummarySource;
  strategy: Strategy;
  fidelity: number;
  valid: boolean;
  steps: Step[];
  fallbacks: string[];
  report: ValidationReport;
  summary: string;
}

export interface CompactReportRecord {
  session_id: string;
  created: string;
  /** 'manual' | 'auto', as the agent said. */
  trigger: string;
  fidelity: number;
  valid: boolean;
  /** Every key item the agent's summary lost, by kind, and the sections it lacks. */
  missing: Record<string, string[]>;
  report: ValidationReport;
  summary_chars: number;
}

/**
 * What SessionStart after a compaction needs that is costly to compute then (git's facts for the
 * hot files, the ledger's key), prepared by PreCompact's worker from the ledger at `offset`: the
 * compaction only appends its own records after that. The key is kept apart (CompactKeyRecord),
 * read only when the compaction appended a summary to check: this file stays a few kilobytes.
 * Version 1 held the key itself.
 */
export interface CompactPreparedRecord {
  v: 1 | 2;
  session_id: string;
  agent: string;
  transcript: string;
  /** The ledger's read offset when it was prepared, and the fingerprint of the transcript's opening (transcripts/lines.ts). */
  offset: number;
  head: string;
  prepared: string;
  hot: HotFile[];
  /** Each hot file's line as SessionStart shows it (after-compact.ts hotLine), through the secret rules. */
  lines?: string[];
  /** Version 1 only. */
  key?: KeyInfo;
}

/** The key prepared with a CompactPreparedRecord, which names it by the same offset, head and time. */
export interface CompactKeyRecord {
  session_id: string;
  offset: number;
  head: string;
  prepared: string;
  key: KeyInfo;
}

const file = (sessionId: string, name: string) => join(SESSIONS_DIR, sessionDirName(sessionId), name);
const isCompact = (v: unknown): v is CompactRecord => isRecord(v) && typeof v.summary === 'string' && isRecord(v.report);
const isReport = (v: unknown): v is CompactReportRecord => isRecord(v) && isRecord(v.missing) && isRecord(v.report);

const isPrepared = (v: unknown): v is CompactPreparedRecord =>
  isRecord(v) && (v.v === 2 || (v.v === 1 && isRecord(v.key))) && typeof v.transcript === 'string' && typeof v.offset === 'number' && typeof v.head === 'string' && Array.isArray(v.hot);
const isKey = (v: unknown): v is CompactKeyRecord => isRecord(v) && typeof v.offset === 'number' && typeof v.head === 'string' && typeof v.prepared === 'string' && isRecord(v.key);

export const readCompact = (stateDir: string, sessionId: string) => readState(stateDir, file(sessionId, COMPACT_FILE), isCompact);
export const writeCompact = (stateDir: string, r: CompactRecord) => writeState(stateDir, file(r.session_id, COMPACT_FILE), r);
export const readCompactReport = (stateDir: string, sessionId: string) => readState(stateDir, file(sessionId, COMPACT_REPORT_FILE), isReport);
export const writeCompactReport = (stateDir: string, r: CompactReportRecord) => writeState(stateDir, file(r.session_id, COMPACT_REPORT_FILE), r);

export const readCompactPrepared = (stateDir: string, sessionId: string) => readState(stateDir, file(sessionId, COMPACT_PREPARED_FILE), isPrepared);

/** Writes the key first: a prepared record never names a key not yet written. */
export function writeCompactPrepared(stateDir: string, r: CompactPreparedRecord, key: KeyInfo): void {
  const k: CompactKeyRecord = { session_id: r.session_id, offset: r.offset, head: r.head, prepared: r.prepared, key };
  writeState(stateDir, file(r.session_id, COMPACT_KEY_FILE), k);
  writeState(stateDir, file(r.session_id, COMPACT_PREPARED_FILE), r);
}

/** The key `p` was prepared with (its own for version 1); null when the key file is another preparation's, or gone. */
export function readCompactKey(stateDir: string, p: CompactPreparedRecord): KeyInfo | null {
  if (p.v === 1) return p.key ?? null;
  const k = readState(stateDir, file(p.session_id, COMPACT_KEY_FILE), isKey);
  return k && k.offset === p.offset && k.head === p.head && k.prepared === p.prepared ? k.key : null;
}
