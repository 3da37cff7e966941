import { peekSpool } from '../../git/spool.js';
import { SecretFoundError } from '../../safety/guard.js';
import { open, type Ctx } from '../../commands/context.js';
import { checkSummary } from '../../memory/summary.js';
import { end, type EndData } from '../../commands/end.js';
import { claimFinalise, readAgentState, releaseFinalise } from './session-state.js';
import { firstUserPrompt } from '../../transcripts/first-prompt.js';

export interface FinaliseOptions {
  agent: string;
  sessionId: string;
  transcriptPath?: string;
}

export type FinaliseOutcome = { result: 'written'; data: EndData } | { result: 'nothing-pending' | 'already-finalised' };

/** The request line of a session the agent never summarised. */
export function fallbackRequest(sessionId: string): string {
  return `Session ${sessionId} (ended without a summary)`;
}

/**
 * Writes the journal entry of a session whose agent never ran `git memory end`, from what it queued
 * (`git memory log`, commits the post-commit hook recorded). Nothing queued: nothing is written.
 * The request is the transcript's first prompt when it can be read; a prompt the secret scan
 * refuses is replaced by the neutral line rather than losing the session.
 */
export async function finaliseSession(ctx: Ctx, opts: FinaliseOptions): Promise<FinaliseOutcome> {
  // Opened once: `end` and its steps reuse it (the repository used to be found three times here).
  const o = open(ctx);
  const { repo } = o;
  if (!peekSpool(repo.stateDir).length) return { result: 'nothing-pending' };
  if (!(await claimFinalise(repo.stateDir, opts.agent, opts.sessionId))) return { result: 'already-finalised' };
  const active = readAgentState(repo.stateDir).active;
  const transcript = opts.transcriptPath ?? (active?.sessionId === opts.sessionId ? active.transcriptPath : undefined);
  const fallback = fallbackRequest(opts.sessionId);
  // Checked as any summary is: a prompt with control characters is refused like a --summary would be.
  const run = (request: string) => end(o, { summary: checkSummary({ request }), agent: opts.agent });
  try {
    const request = firstUserPrompt(transcript) ?? fallback;
    try {
      return { result: 'written', data: (await run(request)).data };
    } catch (e) {
      if (!(e instanceof SecretFoundError) || request === fallback) throw e;
      return { result: 'written', data: (await run(fallback)).data };
    }
  } catch (e) {
    await releaseFinalise(repo.stateDir, opts.agent, opts.sessionId);
    throw e;
  }
}
