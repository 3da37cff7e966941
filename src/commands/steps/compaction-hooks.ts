/**
 * The work behind the agent's compaction hooks (hook/agent/compact.ts), each bounded by what was
 * appended to the transcript since the ledger was last kept:
 * - before: what must survive, from the ledger and TASKS.md (printed into the agent's own
 *   compaction instructions);
 * - after: the agent's summary checked against the ledger, the report kept in the session's state;
 * - at the session's restart after compaction: what the summary dropped, the hot files, the notes.
 */
import { statSync } from 'node:fs';
import { hotLine, type AfterCompactInput } from '../../compact/after-compact.js';
import { scoreHotFiles, selectHotFiles, type GitFileFact } from '../../compact/hot-files.js';
import { extractKeyInfo } from '../../compact/key-info.js';
import { readCompactReport, writeCompactPrepared, writeCompactReport, type CompactReportRecord } from '../../compact/store.js';
import { missingOf, validateSummary } from '../../compact/validate.js';
import { advanceLedger, readKeptLedger } from '../../transcripts/index.js';
import { headHash } from '../../transcripts/lines.js';
import type { AgentName, Ledger } from '../../transcripts/ledger.js';
import type { Opened } from '../context.js';
import { compactionNotes } from './compact-notes.js';
import { hookLedger, LEDGER_AGENTS } from './compaction-pre.js';
import { APPENDING, redact, type HookSession } from './compaction-prepared.js';
import { fileSize, gitFileFacts } from './hot-file-facts.js';

export type { HookSession };
export { hookLedger, preCompactText } from './compaction-pre.js';

/** PostCompact: the agent's summary validated against the ledger; the report is kept and returned. */
export function checkAgentSummary(o: Opened, s: HookSession, summary: string, trigger: string): CompactReportRecord | null {
  const ledger = hookLedger(o, s);
  if (!ledger || !summary.trim()) return null;
  const size = statSync(s.transcriptPath, { throwIfNoEntry: false })?.size ?? 0;
  const report = validateSummary(summary, ledger, { originalChars: Math.max(1, size) });
  const record: CompactReportRecord = {
    session_id: s.sessionId,
    created: o.now.toISOString(),
    trigger,
    fidelity: report.fidelity,
    valid: report.valid,
    missing: missingOf(report),
    report,
    summary_chars: summary.length,
  };
  writeCompactReport(o.repo.stateDir, record);
  return record;
}

/** The hot files SessionStart shows: paths and reasons only; the ten best are what an agent can act on. */
async function hotFiles(o: Opened, ledger: Ledger, facts: Promise<GitFileFact[]>) {
  return selectHotFiles(scoreHotFiles(ledger, await facts, { now: o.now, sizeOf: fileSize(o.repo.root) })).files.slice(0, 10);
}

/**
 * PreCompact's worker: what SessionStart after the compaction needs that is costly then — git's
 * facts scored into the hot files, the ledger's key, the primer's git reads — computed now, while
 * the agent's model writes its summary (no tool runs meanwhile), and kept in the session's state
 * with the ledger's offset.
 */
export async function prepareForCompaction(o: Opened, s: HookSession): Promise<void> {
  if (!APPENDING.has(s.agent)) return;
  const facts = gitFileFacts(o.repo).catch(() => []);
  const { stateDir, root } = o.repo;
  // The ledger as PreCompact left it, not read on: what the compaction appends meanwhile (however
  // fast its model) stays after the offset, for SessionStart to read and check.
  const kept = readKeptLedger(stateDir, s.sessionId, { repoRoot: root });
  const { ledger, to } =
    kept && kept.transcript === s.transcriptPath ? { ledger: kept.ledger, to: kept.offset } : advanceLedger(stateDir, s.sessionId, s.transcriptPath, { agent: s.agent as AgentName, repoRoot: root });
  const head = headHash(s.transcriptPath, to);
  if (head === null) return;
  const key = extractKeyInfo(ledger);
  const hot = await hotFiles(o, ledger, facts);
  // Their lines checked for secrets now, not at SessionStart, which the agent waits for.
  const lines = redact(hot.map(hotLine).join('\n')).split('\n');
  const shown = hot.length && lines.length === hot.length ? { lines } : {};
  writeCompactPrepared(stateDir, { v: 2, session_id: s.sessionId, agent: s.agent, transcript: s.transcriptPath, offset: to, head, prepared: o.now.toISOString(), hot, ...shown }, key);
  // The primer SessionStart builds next reads git's log and MEMORY.md's staleness, each kept for one
  // HEAD: gathered now, a commit made during the session costs it no git process then.
  // Loaded here only: the PreCompact hook itself, which shares this module, does not build a primer.
  const [{ gatherPrimer }, { worktreeSource }] = await Promise.all([import('./gather-primer.js'), import('./worktree-source.js')]);
  await gatherPrimer(worktreeSource(o), o.now, o.config.primer.days).catch(() => undefined);
}

/**
 * SessionStart after a compaction when nothing prepared applies (compaction-prepared.ts): the
 * summary the transcript holds is checked (PostCompact runs later, so its report is used only when
 * the transcript has no summary yet), the hot files scored and the notes cut for compaction. Git's
 * status starts first, so it runs while the rest is read (and while the caller builds the primer).
 */
export async function prepareAfterCompact(o: Opened, s: HookSession): Promise<AfterCompactInput | null> {
  if (!LEDGER_AGENTS.has(s.agent)) return null;
  const facts = gitFileFacts(o.repo).catch(() => []);
  const ledger = hookLedger(o, s)!;
  const { stateDir } = o.repo;
  const last = ledger.compactions.at(-1);
  let dropped: Record<string, string[]> | null = null;
  if (last?.summary) {
    const size = statSync(s.transcriptPath, { throwIfNoEntry: false })?.size ?? 0;
    dropped = missingOf(validateSummary(last.summary, ledger, { originalChars: Math.max(1, size) }));
  } else dropped = readCompactReport(stateDir, s.sessionId)?.missing ?? null;
  const notes = compactionNotes(stateDir, s.sessionId, ledger, o.config.session_memory, o.env);
  return { dropped, hot: await hotFiles(o, ledger, facts), notes: notes.text, notesTruncated: notes.truncated };
}
