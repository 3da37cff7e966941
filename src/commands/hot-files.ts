import { scoreHotFiles, selectHotFiles, type HotFile } from '../compact/hot-files.js';
import { redactQuick } from '../safety/quick-redact.js';
import { open, type Ctx, type Result } from './context.js';
import { fileSize, gitFileFacts } from './steps/hot-file-facts.js';
import { openSessionLedger, type SessionSelector } from './steps/session-ledger.js';

export interface HotFilesData {
  session_id: string;
  transcript: string;
  /** The files selected, best first, with their factors. */
  files: HotFile[];
  total_tokens: number;
  efficiency: number;
  /** Scored but left out by the limits, and why. */
  skipped: { path: string; reason: string }[];
  /** Files considered (ledger and git), after those that no longer exist were dropped. */
  considered: number;
}

/**
 * The files worth having at hand after a compaction (seed 004's restoration score) from the
 * session's ledger and git's uncommitted and recent changes, selected under the seed's limits.
 */
export async function hotFiles(ctx: Ctx, sel: SessionSelector): Promise<Result<HotFilesData>> {
  const o = open(ctx);
  const s = openSessionLedger(o, sel);
  const facts = await gitFileFacts(o.repo);
  const ranked = scoreHotFiles(s.ledger, facts, { now: o.now, sizeOf: fileSize(o.repo.root) });
  const chosen = selectHotFiles(ranked);
  // A file's name may hold a token (`src/npm_….json`): the list is read by the agent (its model) as
  // PreCompact's list is, and redacted as that one is.
  const files = chosen.files.map((f) => ({ ...f, path: redactQuick(f.path) }));
  const skipped = chosen.skipped.map((f) => ({ ...f, path: redactQuick(f.path) }));
  return {
    data: { session_id: s.sessionId, transcript: s.transcript, files, total_tokens: chosen.total_tokens, efficiency: chosen.efficiency, skipped, considered: ranked.length },
    warnings: o.warnings,
  };
}
