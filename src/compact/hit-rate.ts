/**
 * How well a hot-file rule predicts the files a session goes on to touch: cut a transcript at its
 * midpoint, rank files from the first half, and ask which of the top k the second half touches.
 * hit@k = |top k ∩ touched| / min(k, |touched|) (1 = as good as any k files could be). The bars
 * to beat are Claude Code's rule (the files most recently read) and the plainest ones: the files
 * most recently touched, and the files most often touched.
 */
import type { Ledger } from '../transcripts/ledger.js';
import { recentlyReadFiles, scoreHotFiles } from './hot-files.js';

/** The rules compared: seed 004's score and the simple rules it must beat. */
export const RULES = ['ours', 'claude', 'recent', 'often'] as const;
export type Rule = (typeof RULES)[number];

export const RULE_NAMES: Record<Rule, string> = {
  ours: "seed 004's score",
  claude: 'most recently read (Claude Code)',
  recent: 'most recently touched',
  often: 'most often touched',
};

export interface HitRates {
  /** Files the second half touched (read, edited or written). */
  touched: number;
  /** Files the first half knew. */
  candidates: number;
  /** k → hit rate of seed 004's score and of Claude Code's rule; null when the second half touched nothing. */
  ours: Record<number, number | null>;
  claude: Record<number, number | null>;
  recent: Record<number, number | null>;
  often: Record<number, number | null>;
  /**
   * The most any ranking of the first half's files could find: files the second half touched that
   * the first half never knew are out of every rule's reach, so this is the ceiling of each column.
   */
  reachable: Record<number, number | null>;
}

/** Files of `full` touched after the first half's tool calls (tool-call indexes run over the whole session). */
export function touchedAfter(first: Ledger, full: Ledger): Set<string> {
  return new Set(full.files.filter((f) => f.last_call >= first.tool_calls).map((f) => f.path));
}

const hit = (ranked: string[], touched: Set<string>, k: number) => (touched.size ? ranked.slice(0, k).filter((p) => touched.has(p)).length / Math.min(k, touched.size) : null);

/** The files most recently touched (any operation), newest first. */
export function recentlyTouchedFiles(ledger: Ledger, n: number): string[] {
  return [...ledger.files].sort((a, b) => b.last_call - a.last_call || a.path.localeCompare(b.path)).slice(0, n).map((f) => f.path);
}

/** The files most often touched (reads, edits and writes), ties to the most recent. */
export function oftenTouchedFiles(ledger: Ledger, n: number): string[] {
  const ops = (f: Ledger['files'][number]) => f.reads + f.edits + f.writes;
  return [...ledger.files].sort((a, b) => ops(b) - ops(a) || b.last_call - a.last_call || a.path.localeCompare(b.path)).slice(0, n).map((f) => f.path);
}

export function hitRates(first: Ledger, full: Ledger, ks: number[] = [5, 10]): HitRates {
  const touched = touchedAfter(first, full);
  const at = Date.parse(first.updated);
  // The session as it was at the cut: every file it knew still there, no git facts (they are today's).
  const ours = scoreHotFiles(first, [], { now: new Date(Number.isNaN(at) ? Date.now() : at), sizeOf: () => 4000 }).map((f) => f.path);
  const rates: HitRates = { touched: touched.size, candidates: first.files.length, ours: {}, claude: {}, recent: {}, often: {}, reachable: {} };
  const known = first.files.filter((f) => touched.has(f.path)).length;
  for (const k of ks) {
    rates.ours[k] = hit(ours, touched, k);
    rates.claude[k] = hit(recentlyReadFiles(first, k), touched, k);
    rates.recent[k] = hit(recentlyTouchedFiles(first, k), touched, k);
    rates.often[k] = hit(oftenTouchedFiles(first, k), touched, k);
    rates.reachable[k] = touched.size ? Math.min(k, known) / Math.min(k, touched.size) : null;
  }
  return rates;
}
