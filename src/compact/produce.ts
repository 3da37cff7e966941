/**
 * `compact`'s summary, from the best source on hand, in the issue's order: fresh session notes (no
 * model call; notes still equal to the empty template do not count), a model call, or the ledger
 * alone. Whatever the source, the result is validated and repaired (repair.ts), and every fallback
 * is said in `fallbacks`.
 */
import type { Llm, LlmResult } from '../llm/types.js';
import type { Ledger } from '../transcripts/ledger.js';
import { extractKeyInfo, type KeyInfo } from './key-info.js';
import { ledgerSummary } from './ledger-summary.js';
import { compactRequest, parseModelSummary } from './model.js';
import { notesSummary, type NoteSection } from './notes-summary.js';
import { repairSummary, type RepairedSummary, type SummarySource } from './repair.js';
import type { ValidationReport } from './validate.js';

export interface NotesInput {
  sections: NoteSection[];
  /** Extracted since the ledger last grew past the notes' thresholds. */
  fresh: boolean;
  /** Still the empty template. */
  empty: boolean;
}

export interface ProduceInput {
  ledger: Ledger;
  /** Size of the transcript compacted (the ratio's denominator). */
  originalChars: number;
  notes: NotesInput | null;
  llm: Llm | null;
  /** The session rendered for the model; called only when a model is used. */
  transcript: () => string;
  maxOutputTokens: number;
  /** The prompt's language (`[journal] language`). */
  language?: 'en' | 'zh';
  /** After each model call (usage recording). */
  onCall?: (r: LlmResult) => void;
}

export interface Produced extends RepairedSummary {
  /** Why a source was passed over, in order ("notes are not fresh", "model answered without a summary"…). */
  fallbacks: string[];
  model_calls: number;
  key: KeyInfo;
}

export async function produceSummary(input: ProduceInput): Promise<Produced> {
  const { ledger, llm } = input;
  const key = extractKeyInfo(ledger);
  const fallbacks: string[] = [];
  let calls = 0;
  let transcript: string | undefined;
  const ask = async (retry?: { summary: string; report: ValidationReport }): Promise<{ summary: string | null; note: string }> => {
    transcript ??= input.transcript();
    const missing = retry ? Object.values(retry.report.checks.key_info.details).flatMap((d) => d.missing).concat(retry.report.checks.sections.missing) : [];
    const req = compactRequest({
      transcript,
      key,
      maxOutputTokens: input.maxOutputTokens,
      ...(input.language ? { language: input.language } : {}),
      ...(retry ? { retry: { summary: retry.summary, missing, recommendations: retry.report.recommendations } } : {}),
    });
    try {
      calls++;
      const r = await llm!.complete(req);
      input.onCall?.(r);
      const summary = parseModelSummary(r.text);
      if (summary) return { summary, note: `${llm!.provider} ${llm!.model}` };
      return { summary: null, note: r.text.trim() ? 'the model answered without a usable <summary>' : 'the model answered nothing' };
    } catch (e) {
      return { summary: null, note: `the model call failed: ${(e as Error).message}` };
    }
  };

  let text: string | null = null;
  let modelFailed = false;
  let source: SummarySource = 'ledger';
  const notes = input.notes;
  if (notes && notes.fresh && !notes.empty) {
    text = notesSummary(notes.sections, ledger, key);
    source = 'notes';
  } else {
    fallbacks.push(!notes ? 'no session notes' : notes.empty ? 'the session notes are still the empty template' : 'the session notes are not fresh');
    if (llm) {
      const got = await ask();
      if (got.summary) {
        text = got.summary;
        source = 'model';
      } else {
        fallbacks.push(got.note);
        modelFailed = true;
      }
    } else fallbacks.push('no model (offline, or none configured)');
  }
  text ??= ledgerSummary(ledger, key);
  const repaired = await repairSummary(text, source, ledger, {
    key,
    originalChars: input.originalChars,
    ...(llm && !modelFailed ? { recompress: (summary: string, report: ValidationReport) => ask({ summary, report }) } : {}),
  });
  return { ...repaired, fallbacks, model_calls: calls, key };
}
