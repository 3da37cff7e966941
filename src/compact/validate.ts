/**
 * Seed 004's compression quality validator, with its thresholds and weights: section completeness
 * (valid at ≥ 87.5 %), key information kept (≥ 80 %, i.e. at most 20 % lost), context continuity
 * (≥ 60), compression ratio (≤ 15 %, and never over 20,000 tokens — Claude Code's cap on a
 * summary), combined as 30 % + 40 % + 20 % + 10 % (100 when the ratio is valid, else 50) into a
 * fidelity score valid at ≥ 80. The key comes from the ledger, so a model cannot mark its own work.
 */
import { estimateTokens } from '../memory/tokens.js';
import type { Ledger } from '../transcripts/ledger.js';
import { extractKeyInfo, kept, KEY_KINDS, summaryText, uniqueBases, type KeyInfo, type KeyKind, type SummaryText } from './key-info.js';
import { sectionsFound, SUMMARY_SECTIONS, type SectionName } from './sections.js';

export const THRESHOLDS = {
  minFidelityScore: 80,
  maxCompressionRatio: 0.15,
  minSectionCoverage: 0.875,
  maxKeywordLoss: 0.2,
  minContinuity: 60,
  maxSummaryTokens: 20_000,
} as const;

export const WEIGHTS = { sections: 0.3, key_info: 0.4, continuity: 0.2, ratio: 0.1 } as const;

/**
 * Seed 004's continuity indicators, each with its English equivalents: an indicator counts once
 * whichever of its spellings the summary uses.
 */
export const CONTINUITY_INDICATORS: { zh: string; en: string[] }[] = [
  { zh: '用户首先', en: ['first', 'initially'] },
  { zh: '然后', en: ['then'] },
  { zh: '接下来', en: ['next', 'subsequently'] },
  { zh: '最后', en: ['finally', 'lastly'] },
  { zh: '问题出现', en: ['problem', 'issue'] },
  { zh: '解决方案', en: ['solution', 'fixed by', 'resolved'] },
  { zh: '结果', en: ['result'] },
  { zh: '当前状态', en: ['current state', 'currently'] },
  { zh: '下一步', en: ['next step'] },
];

export interface KeyCheck {
  /** 0–1; 1 when the ledger had nothing of this kind. */
  rate: number;
  kept: number;
  total: number;
  /** Every item the summary lost, as the ledger has it. */
  missing: string[];
}

export interface ValidationReport {
  valid: boolean;
  fidelity: number;
  checks: {
    sections: { score: number; valid: boolean; found: SectionName[]; missing: SectionName[] };
    key_info: { score: number; valid: boolean; details: Record<KeyKind, KeyCheck> };
    continuity: { score: number; valid: boolean; found: string[] };
    ratio: { original_chars: number; summary_chars: number; ratio: number; summary_tokens: number; valid: boolean };
  };
  recommendations: string[];
}

export interface ValidateOptions {
  /** Size of what was compacted (the transcript's bytes, or the span's); estimated from the ledger when absent. */
  originalChars?: number;
  /** A key already extracted from the same ledger. */
  key?: KeyInfo;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function continuity(summary: string, lower: string): { score: number; found: string[] } {
  const found = CONTINUITY_INDICATORS.filter((i) => summary.includes(i.zh) || i.en.some((w) => new RegExp(`\\b${w}\\b`).test(lower))).map((i) => i.en[0]!);
  return { score: Math.min(100, (found.length / 5) * 100), found };
}

/** What was compacted, when the caller does not know the bytes: the context before the last compaction, or now. */
function originalOf(ledger: Ledger): number {
  const pre = ledger.compactions.at(-1)?.pre_tokens;
  return Math.max(1, (pre ?? ledger.context_tokens) * 4);
}

function recommend(r: ValidationReport['checks']): string[] {
  const out: string[] = [];
  if (!r.sections.valid) out.push(`add the missing sections: ${r.sections.missing.join(', ')}`);
  const d = r.key_info.details;
  if (d.file_names.missing.length) out.push(`name the files: ${d.file_names.missing.slice(0, 10).join(', ')}${d.file_names.missing.length > 10 ? ` (+${d.file_names.missing.length - 10} more)` : ''}`);
  if (d.error_messages.missing.length) out.push(`keep the error messages (${d.error_messages.missing.length}) under Errors and fixes, with their fixes`);
  if (d.user_commands.missing.length) out.push(`keep the user's messages (${d.user_commands.missing.length} lost) under All user messages`);
  if (d.technical_terms.missing.length) out.push(`mention the technical terms: ${d.technical_terms.missing.slice(0, 10).join(', ')}`);
  if (!r.continuity.valid) out.push('tell the work in order (first, then, next, finally), with the problem, its solution, the result, the current state and the next step');
  if (!r.ratio.valid) {
    out.push(
      r.ratio.summary_tokens > THRESHOLDS.maxSummaryTokens
        ? `shorten to at most ${THRESHOLDS.maxSummaryTokens} tokens (now ${r.ratio.summary_tokens})`
        : `shorten to at most ${Math.round(THRESHOLDS.maxCompressionRatio * 100)}% of the original (now ${Math.round(r.ratio.ratio * 100)}%)`,
    );
  }
  return out;
}

function sectionCheck(summary: string, lower: string): ValidationReport['checks']['sections'] {
  const found = sectionsFound(summary, lower);
  const coverage = found.length / SUMMARY_SECTIONS.length;
  return {
    score: round1(coverage * 100),
    valid: coverage >= THRESHOLDS.minSectionCoverage,
    found,
    missing: SUMMARY_SECTIONS.filter((s) => !found.includes(s)),
  };
}

function keyDetails(text: SummaryText, key: KeyInfo): Record<KeyKind, KeyCheck> {
  const bases = uniqueBases(key.file_names);
  const details = {} as Record<KeyKind, KeyCheck>;
  for (const kind of KEY_KINDS) {
    const items = key[kind];
    const missing: string[] = [];
    for (const it of items) if (!kept(kind, it, text, bases)) missing.push(it.text);
    details[kind] = { rate: items.length ? (items.length - missing.length) / items.length : 1, kept: items.length - missing.length, total: items.length, missing };
  }
  return details;
}

/** What a report says was lost, by kind (sections first), leaving out kinds with nothing lost. */
function missingBy(sections: SectionName[], details: Record<KeyKind, KeyCheck>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (sections.length) out.sections = [...sections];
  for (const [kind, d] of Object.entries(details)) if (d.missing.length) out[kind] = [...d.missing];
  return out;
}

/** What a report says was lost (see missingBy). */
export const missingOf = (report: ValidationReport) => missingBy(report.checks.sections.missing, report.checks.key_info.details);

/**
 * What validateSummary's report would say `summary` lost against `key` (missingOf), without the
 * rest of the report: no scores, continuity words or token estimate, which SessionStart after a
 * compaction does not show and which cost it milliseconds on a summary of some thousand tokens.
 */
export function droppedItems(summary: string, key: KeyInfo): Record<string, string[]> {
  const text = summaryText(summary);
  return missingBy(sectionCheck(summary, text.lower).missing, keyDetails(text, key));
}

/** Validates a compaction summary against the ledger of what it summarises. Pure; cheap on any summary. */
export function validateSummary(summary: string, ledger: Ledger, opts: ValidateOptions = {}): ValidationReport {
  const text = summaryText(summary);
  const sections = sectionCheck(summary, text.lower);
  const details = keyDetails(text, opts.key ?? extractKeyInfo(ledger));
  const preservation = KEY_KINDS.reduce((s, k) => s + details[k].rate, 0) / KEY_KINDS.length;
  const key_info = { score: round1(preservation * 100), valid: preservation >= 1 - THRESHOLDS.maxKeywordLoss, details };

  const c = continuity(summary, text.lower);
  const cont = { score: c.score, valid: c.score >= THRESHOLDS.minContinuity, found: c.found };

  const original = opts.originalChars ?? originalOf(ledger);
  const tokens = estimateTokens(summary);
  const ratioValue = summary.length / Math.max(1, original);
  const ratio = {
    original_chars: original,
    summary_chars: summary.length,
    ratio: Math.round(ratioValue * 10_000) / 10_000,
    summary_tokens: tokens,
    valid: ratioValue <= THRESHOLDS.maxCompressionRatio && tokens <= THRESHOLDS.maxSummaryTokens,
  };

  const checks = { sections, key_info, continuity: cont, ratio };
  const fidelity = Math.round(
    sections.score * WEIGHTS.sections + key_info.score * WEIGHTS.key_info + cont.score * WEIGHTS.continuity + (ratio.valid ? 100 : 50) * WEIGHTS.ratio,
  );
  return { valid: fidelity >= THRESHOLDS.minFidelityScore, fidelity, checks, recommendations: recommend(checks) };
}
