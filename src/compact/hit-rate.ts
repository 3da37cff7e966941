/**
 * How well a hot-file rule predicts the files a session goes on to touch: cut a transcript at its
 * midpoint, rank files from the first half, and ask which of the top k the second half touches.
 * hit@k = |top k ∩ touched| / min(k, |touched|) (1 = as good as any k files could be). Issue 25's
 * own wording ("files of the second half found in the first half's top 5 / top 10") is also given:
 * |top k ∩ touched| / |touched| (recall), and the same of the touched files the first half knew
 * (recall_known: the part any ranking of the first half's files could find). The bars to beat are
 * Claude Code's rule (the files most recently read) and the plainest ones: the files most recently
 * touched, and the files most often touched.
 */
import type { Ledger } from '../transcripts/ledger.js';
import { isOwnPath } from '../paths.js';
import { isOutsidePath, recentlyReadFiles, scoreHotFiles } from './hot-files.js';

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
  /** The share of the second half's files found in each rule's top k (and the most any ranking of the first half's files finds). */
  recall: Record<Rule | 'reachable', Record<number, number | null>>;
  /** The same, of the second half's files that the first half knew (null when it knew none of them). */
  recall_known: Record<Rule | 'reachable', Record<number, number | null>>;
}

/** Files of `full` touched after the first half's tool calls (tool-call indexes run over the whole session). */
export function touchedAfter(first: Ledger, full: Ledger): Set<string> {
  return new Set(full.files.filter((f) => f.last_call >= first.tool_calls).map((f) => f.path));
}

/** The ledger's files and named files inside the repository and not git-memory's own. */
export function repositoryFiles(ledger: Ledger): Ledger {
  const keep = (p: string) => !isOutsidePath(p) && !isOwnPath(p);
  return { ...ledger, files: ledger.files.filter((f) => keep(f.path)), ...(ledger.named ? { named: ledger.named.filter((n) => keep(n.path)) } : {}) };
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

export function hitRates(firstAll: Ledger, fullAll: Ledger, ks: number[] = [5, 10]): HitRates {
  // Every rule ranks, and every hit is counted among, the files a hot-file list can hold: not one
  // outside the repository (DESIGN §14: never restored) nor git-memory's own. Stop 56: the score
  // left them out while the simple rules ranked them and the second part's touches of them counted
  // as hits, so a rule earned points for files no restore would ever give back.
  const first = repositoryFiles(firstAll);
  const full = repositoryFiles(fullAll);
  const touched = touchedAfter(first, full);
  const at = Date.parse(first.updated);
  // The session as it was at the cut: every file it knew still there, no git facts (they are today's).
  const ours = scoreHotFiles(first, [], { now: new Date(Number.isNaN(at) ? Date.now() : at), sizeOf: () => 4000 }).map((f) => f.path);
  const none = () => ({ ours: {}, claude: {}, recent: {}, often: {}, reachable: {} });
  const rates: HitRates = { touched: touched.size, candidates: first.files.length, ...none(), recall: none(), recall_known: none() };
  // Known: touched by the first part, or named by it (Ledger.named: a prompt, a search's output…).
  const knew = new Set([...first.files.map((f) => f.path), ...(first.named ?? []).map((n) => n.path)]);
  const known = [...knew].filter((p) => touched.has(p)).length;
  const found = (ranked: string[], k: number) => ranked.slice(0, k).filter((p) => touched.has(p)).length;
  for (const k of ks) {
    const lists: Record<Rule, string[]> = { ours, claude: recentlyReadFiles(first, k), recent: recentlyTouchedFiles(first, k), often: oftenTouchedFiles(first, k) };
    for (const rule of RULES) {
      rates[rule][k] = hit(lists[rule], touched, k);
      const n = found(lists[rule], k);
      rates.recall[rule][k] = touched.size ? n / touched.size : null;
      rates.recall_known[rule][k] = known ? n / known : null;
    }
    rates.reachable[k] = touched.size ? Math.min(k, known) / Math.min(k, touched.size) : null;
    rates.recall.reachable[k] = touched.size ? Math.min(k, known) / touched.size : null;
    rates.recall_known.reachable[k] = known ? Math.min(k, known) / known : null;
  }
  return rates;
}
