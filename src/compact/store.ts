/**
 * A session's compaction state, in `<stateDir>/sessions/<dir>/`: `compact.json`, the last summary
 * `git memory compact` produced with its report, and `compact-report.json`, the check of the last
 * summary the agent itself wrote (PostCompact) with what it dropped.
 */
import { join } from 'node:path';
import { COMPACT_FILE, COMPACT_REPORT_FILE, SESSIONS_DIR, sessionDirName } from '../paths.js';
import { isRecord, readState, writeState } from '../fs/state.js';
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

const file = (sessionId: string, name: string) => join(SESSIONS_DIR, sessionDirName(sessionId), name);
const isCompact = (v: unknown): v is CompactRecord => isRecord(v) && typeof v.summary === 'string' && isRecord(v.report);
const isReport = (v: unknown): v is CompactReportRecord => isRecord(v) && isRecord(v.missing) && isRecord(v.report);

export const readCompact = (stateDir: string, sessionId: string) => readState(stateDir, file(sessionId, COMPACT_FILE), isCompact);
export const writeCompact = (stateDir: string, r: CompactRecord) => writeState(stateDir, file(r.session_id, COMPACT_FILE), r);
export const readCompactReport = (stateDir: string, sessionId: string) => readState(stateDir, file(sessionId, COMPACT_REPORT_FILE), isReport);
export const writeCompactReport = (stateDir: string, r: CompactReportRecord) => writeState(stateDir, file(r.session_id, COMPACT_REPORT_FILE), r);

/** What a report says was lost, by kind (sections included), leaving out kinds with nothing lost. */
export function missingOf(report: ValidationReport): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (report.checks.sections.missing.length) out.sections = [...report.checks.sections.missing];
  for (const [kind, d] of Object.entries(report.checks.key_info.details)) if (d.missing.length) out[kind] = [...d.missing];
  return out;
}
