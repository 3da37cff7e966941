import { produceSummary } from '../compact/produce.js';
import { writeCompact, type CompactRecord } from '../compact/store.js';
import { missingOf, validateSummary, type ValidationReport } from '../compact/validate.js';
import { EXIT } from '../errors.js';
import { openLlm, recordUsage } from '../llm/index.js';
import { redactOutgoing } from '../safety/outgoing.js';
import { renderTranscript } from '../transcripts/index.js';
import { open, type Ctx, type Result } from './context.js';
import { compactionNotes } from './steps/compact-notes.js';
import { redactStrings } from './steps/redact-summary.js';
import { openSessionLedger, type SessionSelector } from './steps/session-ledger.js';

export interface CompactOptions extends SessionSelector {
  offline?: boolean;
}

export interface CompactData extends CompactRecord {
  transcript: string;
  model_calls: number;
}

/** Characters of the request that are not the transcript: the prompt, the must-keep list, a retry's summary. */
const REQUEST_OVERHEAD_CHARS = 60_000;

/**
 * `git memory compact`: the session's 8-section summary from fresh notes, a model or the ledger,
 * validated and repaired (seed 004), stored in the session's state (compact.json) and returned.
 */
export async function compact(ctx: Ctx, opts: CompactOptions): Promise<Result<CompactData>> {
  const o = open(ctx);
  const s = openSessionLedger(o, opts);
  const { stateDir } = o.repo;
  const notes = compactionNotes(stateDir, s.sessionId, s.ledger, o.config.session_memory, o.env);
  const llm = opts.offline ? null : await openLlm(o.config.llm, o.env, { allowlist: o.config.secrets.allowlist });
  const maxChars = Math.max(8000, o.config.llm.max_input_tokens * 4 - REQUEST_OVERHEAD_CHARS);
  const warnings = [...o.warnings];
  const p = await produceSummary({
    ledger: s.ledger,
    originalChars: s.size,
    notes: notes.input,
    llm,
    transcript: () => renderTranscript(s.transcript, { agent: s.agent, from: 0, maxChars, repoRoot: o.repo.root }),
    maxOutputTokens: o.config.llm.max_output_tokens,
    language: o.config.journal.language,
    onCall: (r) => {
      try {
        recordUsage(stateDir, s.sessionId, 'compact', r);
      } catch (e) {
        warnings.push(`model usage not recorded: ${(e as Error).message}`);
      }
    },
  });
  const allowlist = o.config.secrets.allowlist;
  // Both are stored and printed. The report quotes the ledger's key terms: the full scanner runs over
  // it. The summary flattens and cuts what it quotes, as a model's rendering does: it passes the gate
  // for text sent to a model (the full scanner, then private keys without their END line, long base64).
  const kept = await redactStrings(
    { session_id: s.sessionId, created: o.now.toISOString(), source: p.source, strategy: p.strategy, fidelity: p.report.fidelity, valid: p.report.valid, steps: p.steps, fallbacks: p.fallbacks, report: p.report },
    allowlist,
  );
  const record: CompactRecord = { ...kept, summary: (await redactOutgoing(p.summary, allowlist)).text };
  writeCompact(stateDir, record);
  return { data: { ...record, transcript: s.transcript, model_calls: p.model_calls }, warnings };
}

export interface ValidateOptions extends SessionSelector {
  /** The summary to check, as read by the front door. */
  summary: string;
  /** Where it came from, for the report. */
  file: string;
}

export interface ValidateData {
  session_id: string;
  transcript: string;
  file: string;
  valid: boolean;
  fidelity: number;
  /** Lost items by kind (and missing sections). */
  missing: Record<string, string[]>;
  report: ValidationReport;
}

/**
 * `git memory compact --validate FILE`: checks any summary (Claude Code's own, say) against the
 * session's ledger without producing one; writes nothing. A summary that fails is exit 1.
 */
export async function validateCompaction(ctx: Ctx, opts: ValidateOptions): Promise<Result<ValidateData>> {
  const o = open(ctx);
  const s = openSessionLedger(o, opts);
  const report = validateSummary(opts.summary, s.ledger, { originalChars: s.size });
  return {
    data: { session_id: s.sessionId, transcript: s.transcript, file: opts.file, valid: report.valid, fidelity: report.fidelity, missing: missingOf(report), report },
    warnings: o.warnings,
    ...(report.valid ? {} : { exit: EXIT.error }),
  };
}
