// Model usage and cost per session, in `<stateDir>/sessions/<dir>/llm-usage.json`: what `git memory
// notes` shows, and what a worker adds to after each call. Loads no provider.
import { LLM_TOTAL_FILE, LLM_USAGE_FILE } from '../paths.js';
import { isCount, isRecord, readState, writeState } from '../fs/state.js';
import { sessionFile } from './session-dir.js';
import type { LlmResult, LlmUsage } from './types.js';

export interface UsageRecord {
  calls: number;
  usage: LlmUsage;
  /** US dollars, at the prices configured when each call was made. */
  cost: number;
  by_purpose: Record<string, { calls: number; cost: number }>;
}

const zero = (): LlmUsage => ({ input: 0, output: 0, cache_read: 0, cache_write: 0 });
const isUsage = (v: unknown): v is LlmUsage => isRecord(v) && isCount(v.input) && isCount(v.output) && isCount(v.cache_read) && isCount(v.cache_write);
const isRecordShape = (v: unknown): v is UsageRecord =>
  isRecord(v) &&
  isCount(v.calls) &&
  isCount(v.cost) &&
  isUsage(v.usage) &&
  isRecord(v.by_purpose) &&
  Object.values(v.by_purpose).every((p) => isRecord(p) && isCount(p.calls) && isCount(p.cost));

/** What a session's model calls used and cost so far; zeros when none were made (or the file is damaged). */
export function readUsage(stateDir: string, sessionId: string): UsageRecord {
  return readState(stateDir, sessionFile(sessionId, LLM_USAGE_FILE), isRecordShape) ?? { calls: 0, usage: zero(), cost: 0, by_purpose: {} };
}

/** Every model call made in this worktree: what `init`, `doctor` and the status line show. */
export interface TotalUsage {
  calls: number;
  usage: LlmUsage;
  cost: number;
  by_provider: Record<string, { calls: number; cost: number }>;
  /** When the first call was recorded, and the last. */
  since: string | null;
  last: string | null;
}

const isTotalShape = (v: unknown): v is TotalUsage =>
  isRecord(v) &&
  isCount(v.calls) &&
  isCount(v.cost) &&
  isUsage(v.usage) &&
  isRecord(v.by_provider) &&
  Object.values(v.by_provider).every((p) => isRecord(p) && isCount(p.calls) && isCount(p.cost)) &&
  (v.since === null || typeof v.since === 'string') &&
  (v.last === null || typeof v.last === 'string');

/** What every model call of this worktree used and cost; zeros when none was made. */
export function readTotalUsage(stateDir: string): TotalUsage {
  return readState(stateDir, LLM_TOTAL_FILE, isTotalShape) ?? { calls: 0, usage: zero(), cost: 0, by_provider: {}, since: null, last: null };
}

/**
 * Adds one call to the session's record and to the worktree's total. Callers hold the session's lock (notes, compaction) or
 * accept that two racing workers may lose one call's count: the figure is for information.
 */
export function recordUsage(stateDir: string, sessionId: string, purpose: string, r: Pick<LlmResult, 'usage' | 'cost'> & { provider?: string }, at = new Date()): void {
  const total = readTotalUsage(stateDir);
  total.calls += 1;
  total.cost = round(total.cost + r.cost);
  for (const k of ['input', 'output', 'cache_read', 'cache_write'] as const) total.usage[k] += r.usage[k];
  const byp = (total.by_provider[r.provider ?? 'unknown'] ??= { calls: 0, cost: 0 });
  byp.calls += 1;
  byp.cost = round(byp.cost + r.cost);
  total.since ??= at.toISOString();
  total.last = at.toISOString();
  writeState(stateDir, LLM_TOTAL_FILE, total);
  const rec = readUsage(stateDir, sessionId);
  rec.calls += 1;
  rec.cost = round(rec.cost + r.cost);
  for (const k of ['input', 'output', 'cache_read', 'cache_write'] as const) rec.usage[k] += r.usage[k];
  const p = (rec.by_purpose[purpose] ??= { calls: 0, cost: 0 });
  p.calls += 1;
  p.cost = round(p.cost + r.cost);
  writeState(stateDir, sessionFile(sessionId, LLM_USAGE_FILE), rec);
}

/** Micro-dollar precision: sums of many small floats stay readable. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;
