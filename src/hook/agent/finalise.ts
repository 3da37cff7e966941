import { peekSpool } from '../../git/spool.js';
import { readSessionEnded } from '../../git/session-ended.js';
import { open, type Ctx, type Opened } from '../../commands/context.js';
import { checkSummary, type Summary } from '../../memory/summary.js';
import { end, type EndData } from '../../commands/end.js';
import { fallbackRequest, notesSummary } from '../../commands/steps/notes-summary.js';
import { redactSummary } from '../../commands/steps/redact-summary.js';
import { claimFinalise, readAgentState, releaseFinalise } from './session-state.js';
import { firstUserPrompt } from '../../transcripts/first-prompt.js';
import { isLedgerAgent } from './notes-check.js';

export interface FinaliseOptions {
  agent: string;
  sessionId: string;
  transcriptPath?: string;
}

export type FinaliseOutcome =
  | { result: 'written'; data: EndData; source: 'notes' | 'ledger' | 'spool' }
  | { result: 'nothing-pending' | 'already-finalised' };

/** `o` with secrets redacted on write: nobody is at a SessionEnd to fix one, and a session is never lost to the scanner. */
const redacting = (o: Opened): Opened => ({ ...o, config: { ...o.config, secrets: { ...o.config.secrets, mode: 'redact' } } });

/**
 * The summary of a session its agent never ended: its notes (or its ledger, when it never reached
 * the notes' first threshold) while `[session_memory]` is on and the session was not ended with
 * `end` already; otherwise, with something queued, the transcript's first prompt. Null: nothing to write.
 */
async function summaryOf(o: Opened, opts: FinaliseOptions, transcript: string | undefined, pending: boolean) {
  const { stateDir } = o.repo;
  if (o.config.session_memory.enabled && isLedgerAgent(opts.agent) && !readSessionEnded(stateDir, opts.sessionId)) {
    const got = await notesSummary(o, { sessionId: opts.sessionId, agent: opts.agent, transcript, extract: true });
    if (got) return { summary: got.summary, source: got.source };
  }
  if (!pending) return null;
  const prompt = firstUserPrompt(transcript);
  const summary: Summary = checkSummary({ request: fallbackRequest(opts.sessionId) });
  return { summary: prompt ? checkSummary(await redactSummary({ ...summary, request: prompt }, o.config.secrets.allowlist)) : summary, source: 'spool' as const };
}

/**
 * Writes the journal entry of a session whose agent never ran `git memory end` (the detached
 * worker SessionEnd starts): from its session notes, or from what it queued (`git memory log`,
 * commits the post-commit hook recorded) with the transcript's first prompt as the request.
 * Text from the transcript is redacted, never refused. Nothing to write: nothing is written.
 */
export async function finaliseSession(ctx: Ctx, opts: FinaliseOptions): Promise<FinaliseOutcome> {
  // Opened once: `end` and its steps reuse it (the repository used to be found three times here).
  const o = open(ctx);
  const { repo } = o;
  const pending = peekSpool(repo.stateDir).length > 0;
  if (!pending && !(o.config.session_memory.enabled && isLedgerAgent(opts.agent))) return { result: 'nothing-pending' };
  if (!(await claimFinalise(repo.stateDir, opts.agent, opts.sessionId))) return { result: 'already-finalised' };
  const active = readAgentState(repo.stateDir).active;
  const transcript = opts.transcriptPath ?? (active?.sessionId === opts.sessionId ? active.transcriptPath : undefined);
  try {
    const got = await summaryOf(o, opts, transcript, pending);
    if (!got) {
      await releaseFinalise(repo.stateDir, opts.agent, opts.sessionId);
      return { result: 'nothing-pending' };
    }
    const session = { id: opts.sessionId, by: 'auto' as const };
    const data = (await end(redacting(o), { summary: got.summary, agent: opts.agent, session })).data;
    return { result: 'written', data, source: got.source };
  } catch (e) {
    await releaseFinalise(repo.stateDir, opts.agent, opts.sessionId);
    throw e;
  }
}
