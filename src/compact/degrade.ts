/**
 * Seed 004's graceful degradation for a summary that fails validation, strategies 2 and 3 (the
 * first, re-compression, is a model call: see repair.ts). Segment keeping appends what the
 * summary lost, verbatim from the ledger, under the section it belongs to; truncation cuts the
 * longest sections to fit the token budget, keeping every heading and each section's start.
 */
import { estimateTokens } from '../memory/tokens.js';
import { flatAsRead } from '../safety/plain-view.js';
import { fileOps, type Ledger } from '../transcripts/ledger.js';
import type { KeyInfo } from './key-info.js';
import { ledgerSections } from './ledger-summary.js';
import { parseSummary, renderSummary, SUMMARY_SECTIONS, type SectionName } from './sections.js';
import type { ValidationReport } from './validate.js';

const KEPT = '(kept verbatim from the transcript ledger)';

/** Where each kind of missing key item goes. */
const HOME: Record<string, SectionName> = {
  file_names: 'Files and Code Sections',
  error_messages: 'Errors and fixes',
  user_commands: 'All user messages',
  technical_terms: 'Key Technical Concepts',
};

/** The ledger's line for a missing key item: a file with its operations, an error with what followed. */
function lineFor(kind: string, text: string, ledger: Ledger): string {
  if (kind === 'file_names') {
    const f = ledger.files.find((x) => x.path === text);
    if (f) return `- ${f.path} — ${fileOps(f)}`;
  }
  if (kind === 'error_messages') {
    const e = [...ledger.errors].reverse().find((x) => x.message.includes(text.slice(0, 60)));
    if (e) return `- ${e.tool}: ${text}${e.followed_by ? ` → then: ${flatAsRead(e.followed_by).slice(0, 200)}` : ''}`;
  }
  return `- ${flatAsRead(text).slice(0, 1000)}`;
}

/**
 * Strategy 2, segment keeping: every section the summary lacks comes from the ledger whole, every
 * key item it lost is appended under its section, and a summary that does not tell the work in
 * order gets the ledger's account of the turns.
 */
export function keepSegments(summary: string, report: ValidationReport, ledger: Ledger, key: KeyInfo): string {
  const parsed = parseSummary(summary);
  const fromLedger = ledgerSections(ledger, key);
  const add = new Map<SectionName, string[]>();
  for (const s of report.checks.sections.missing) parsed.sections.set(s, fromLedger.get(s) ?? '');
  for (const [kind, check] of Object.entries(report.checks.key_info.details)) {
    const home = HOME[kind]!;
    if (report.checks.sections.missing.includes(home)) continue; // already whole from the ledger
    for (const text of check.missing) add.set(home, [...(add.get(home) ?? []), lineFor(kind, text, ledger)]);
  }
  if (!report.checks.continuity.valid && !report.checks.sections.missing.includes('Problem Solving')) {
    add.set('Problem Solving', [...(add.get('Problem Solving') ?? []), fromLedger.get('Problem Solving') ?? '']);
  }
  for (const [name, lines] of add) {
    const body = parsed.sections.get(name) ?? '';
    parsed.sections.set(name, `${body}\n\n${KEPT}\n${lines.join('\n')}`.trim());
  }
  return renderSummary(parsed);
}

const CUT = '(… cut to fit the summary budget)';

/**
 * Strategy 3, truncation: each section gets an equal share of `maxTokens`; what a short section does
 * not use goes to the longer ones; a section over its share keeps its first lines. Headings stay.
 */
export function truncateToBudget(summary: string, maxTokens: number): string {
  if (estimateTokens(summary) <= maxTokens) return summary;
  const parsed = parseSummary(summary);
  const bodies = SUMMARY_SECTIONS.map((s) => ({ name: s, text: parsed.sections.get(s) ?? '', tokens: estimateTokens(parsed.sections.get(s) ?? '') }));
  // Headings, the preamble and the cut notes come first out of the budget.
  let room = maxTokens - estimateTokens(renderSummary({ preamble: parsed.preamble, sections: new Map() })) - bodies.length * estimateTokens(CUT) - 16;
  const share = new Map<SectionName, number>();
  let open = [...bodies].sort((a, b) => a.tokens - b.tokens);
  while (open.length) {
    const each = Math.max(0, Math.floor(room / open.length));
    const small = open.filter((b) => b.tokens <= each);
    if (!small.length) {
      for (const b of open) share.set(b.name, each);
      break;
    }
    for (const b of small) {
      share.set(b.name, b.tokens);
      room -= b.tokens;
    }
    open = open.filter((b) => b.tokens > each);
  }
  for (const b of bodies) {
    const limit = share.get(b.name) ?? 0;
    if (b.tokens <= limit) continue;
    const kept: string[] = [];
    let used = 0;
    for (const line of b.text.split('\n')) {
      const t = estimateTokens(line) + 1;
      if (used + t > limit) {
        // A single very long line: keep its start.
        if (!kept.length && limit > 8) kept.push(line.slice(0, Math.max(0, limit * 3)));
        break;
      }
      kept.push(line);
      used += t;
    }
    parsed.sections.set(b.name, `${kept.join('\n')}\n${CUT}`.trim());
  }
  return renderSummary(parsed);
}
