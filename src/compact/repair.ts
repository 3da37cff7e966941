/**
 * A summary checked and, when it fails, repaired in seed 004's order: (1) adaptive re-compression,
 * one more model call naming what is missing; (2) segment keeping, the missing items verbatim from
 * the ledger; (3) truncation to the budget. Then the floor: a result scoring below the ledger's
 * own summary is replaced by it, and the outcome says so — never silently worse.
 */
import type { Ledger } from '../transcripts/ledger.js';
import { keepSegments, truncateToBudget } from './degrade.js';
import type { KeyInfo } from './key-info.js';
import { ledgerSummary } from './ledger-summary.js';
import { THRESHOLDS, validateSummary, type ValidationReport } from './validate.js';

export type SummarySource = 'notes' | 'model' | 'ledger';
export type Strategy = 'none' | 'adaptive-recompression' | 'segment-keeping' | 'truncation' | 'ledger-fallback';

export interface Step {
  strategy: Strategy;
  fidelity: number;
  valid: boolean;
  note?: string;
}

export interface RepairedSummary {
  summary: string;
  source: SummarySource;
  /** The strategy that produced the final text ('none': the source's text passed as it was). */
  strategy: Strategy;
  report: ValidationReport;
  /** Each attempt with its score, in order. */
  steps: Step[];
}

export interface RepairOptions {
  key: KeyInfo;
  originalChars: number;
  /** Strategy 1: a model call given the failed summary and its report; null when there is no model or it failed. */
  recompress?: (summary: string, report: ValidationReport) => Promise<{ summary: string | null; note: string }>;
  /** Token budget of the final text (Claude Code caps a summary at 20,000). */
  maxTokens?: number;
}

const missingCount = (r: ValidationReport) => Object.values(r.checks.key_info.details).reduce((n, d) => n + d.missing.length, 0) + r.checks.sections.missing.length;

export async function repairSummary(text: string, source: SummarySource, ledger: Ledger, opts: RepairOptions): Promise<RepairedSummary> {
  const check = (s: string) => validateSummary(s, ledger, { key: opts.key, originalChars: opts.originalChars });
  const budget = opts.maxTokens ?? THRESHOLDS.maxSummaryTokens;
  let summary = text;
  let report = check(summary);
  let strategy: Strategy = 'none';
  const steps: Step[] = [{ strategy, fidelity: report.fidelity, valid: report.valid }];
  // A model call only for a summary that fails; a passing one that lost a few items gets them back from the ledger.
  if (!report.valid && opts.recompress) {
    const again = await opts.recompress(summary, report);
    if (again.summary) {
      const r = check(again.summary);
      steps.push({ strategy: 'adaptive-recompression', fidelity: r.fidelity, valid: r.valid, note: again.note });
      if (r.fidelity >= report.fidelity) {
        summary = again.summary;
        report = r;
        strategy = 'adaptive-recompression';
      }
    } else steps.push({ strategy: 'adaptive-recompression', fidelity: report.fidelity, valid: report.valid, note: again.note });
  }
  // Segments can restore lost items, sections and the account of the turns; not a ratio.
  if (missingCount(report) > 0 || !report.checks.continuity.valid) {
    const kept = keepSegments(summary, report, ledger, opts.key);
    const r = check(kept);
    steps.push({ strategy: 'segment-keeping', fidelity: r.fidelity, valid: r.valid });
    summary = kept;
    report = r;
    strategy = 'segment-keeping';
  }
  if (report.checks.ratio.summary_tokens > budget) {
    const cut = truncateToBudget(summary, budget);
    const r = check(cut);
    steps.push({ strategy: 'truncation', fidelity: r.fidelity, valid: r.valid });
    summary = cut;
    report = r;
    strategy = 'truncation';
  }
  if (source !== 'ledger') {
    const floor = truncateToBudget(ledgerSummary(ledger, opts.key), budget);
    const r = check(floor);
    if (r.fidelity > report.fidelity) {
      steps.push({ strategy: 'ledger-fallback', fidelity: r.fidelity, valid: r.valid, note: `the ${source} summary scored ${report.fidelity} after repair, the ledger's ${r.fidelity}` });
      return { summary: floor, source, strategy: 'ledger-fallback', report: r, steps };
    }
  }
  return { summary, source, strategy, report, steps };
}
