import type { CompactData, ValidateData } from '../../commands/compact.js';
import type { HotFilesData } from '../../commands/hot-files.js';
import type { ValidationReport } from '../../compact/validate.js';
import { shownPath } from '../../compact/after-compact.js';

const KIND: Record<string, string> = {
  sections: 'sections',
  file_names: 'files',
  error_messages: 'errors',
  user_commands: "user's messages",
  technical_terms: 'technical terms',
};

/** The four checks and the fidelity, one line each. */
export function renderScores(r: ValidationReport): string[] {
  const c = r.checks;
  const d = c.key_info.details;
  const mark = (ok: boolean) => (ok ? 'ok' : 'FAIL');
  return [
    `fidelity ${r.fidelity}/100 — ${r.valid ? 'valid' : 'NOT valid'} (valid at 80: 30% sections + 40% key information + 20% continuity + 10% ratio)`,
    `  sections      ${c.sections.score}% (${c.sections.found.length}/8)  ${mark(c.sections.valid)}`,
    `  key info      ${c.key_info.score}%  ${mark(c.key_info.valid)} — files ${d.file_names.kept}/${d.file_names.total}, errors ${d.error_messages.kept}/${d.error_messages.total}, user messages ${d.user_commands.kept}/${d.user_commands.total}, terms ${d.technical_terms.kept}/${d.technical_terms.total}`,
    `  continuity    ${c.continuity.score}  ${mark(c.continuity.valid)} (${c.continuity.found.join(', ') || 'no indicator'})`,
    `  ratio         ${(c.ratio.ratio * 100).toFixed(1)}% of ${c.ratio.original_chars} chars, ${c.ratio.summary_tokens} tokens  ${mark(c.ratio.valid)}`,
  ];
}

export function renderMissing(missing: Record<string, string[]>): string[] {
  const lines: string[] = [];
  for (const [kind, items] of Object.entries(missing)) {
    lines.push(`missing ${KIND[kind] ?? kind} (${items.length}):`);
    for (const it of items) lines.push(`  - ${it.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  return lines;
}

/** `compact`: the summary on stdout; where it came from, its scores and repairs after it. */
export function renderCompact(d: CompactData, note: (t: string) => void): string {
  const how = [
    `summary from ${d.source}${d.strategy === 'none' ? '' : `, repaired by ${d.strategy}`} (${d.steps.map((s) => `${s.strategy} ${s.fidelity}`).join(' → ')})`,
    ...d.fallbacks.map((f) => `  passed over: ${f}`),
    ...renderScores(d.report),
    ...d.report.recommendations.map((r) => `  still: ${r}`),
    `stored in the session's state (compact.json) for session ${d.session_id}`,
  ];
  note(`${how.join('\n')}\n`);
  return d.summary.endsWith('\n') ? d.summary : `${d.summary}\n`;
}

export function renderValidate(d: ValidateData): string {
  const lines = [`${d.file} against session ${d.session_id}:`, ...renderScores(d.report), ...renderMissing(d.missing)];
  if (d.report.recommendations.length) lines.push('recommendations:', ...d.report.recommendations.map((r) => `  - ${r}`));
  return `${lines.join('\n')}\n`;
}

export function renderHotFiles(d: HotFilesData, explain: boolean): string {
  if (!d.files.length) return `no hot files for session ${d.session_id} (${d.considered} considered)\n`;
  const lines = d.files.map((f, i) => {
    const head = `${String(i + 1).padStart(2)}. ${shownPath(f.path)}  ${f.score}  (${f.reasons.join('; ')})`;
    if (!explain) return head;
    const x = f.factors;
    return `${head}\n      recency ${x.recency} ×35% · frequency ${x.frequency} ×25% · operation ${x.operation} ×20% · file type ${x.file_type} ×15% · project ${x.project} ×5% · ${f.tokens ?? '?'} tokens`;
  });
  lines.push(`${d.files.length} of ${d.considered} files, ${d.total_tokens} tokens (${d.efficiency}% of 32768)`);
  if (explain && d.skipped.length) lines.push('left out:', ...d.skipped.map((s) => `  ${shownPath(s.path)}: ${s.reason}`));
  return `${lines.join('\n')}\n`;
}
