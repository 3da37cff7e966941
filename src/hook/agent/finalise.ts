import { peekSpool } from '../../git/spool.js';
import { sessionWork } from '../../git/session-commits.js';
import { readSessionStart } from '../../git/session-state.js';
import { readSessionEnded, type Covered, type SessionEnded } from '../../git/session-ended.js';
import { open, type Ctx, type Opened } from '../../commands/context.js';
import { checkSummary, type Summary } from '../../memory/summary.js';
import { end, type EndData } from '../../commands/end.js';
import { keepAfterEnd } from './kept-start.js';
import { fallbackRequest, notesSummary } from '../../commands/steps/notes-summary.js';
import { redactSummary } from '../../commands/steps/redact-summary.js';
import { ADAPTERS, type AgentName } from '../../agents/registry.js';
import { withSessionLock } from '../../notes/lock.js';
import { SESSION_END_LOCK_FILE } from '../../paths.js';
import { markFinalised, readAgentState } from './session-state.js';
import { firstUserPrompt } from '../../transcripts/first-prompt.js';
import { commandDirs } from '../../transcripts/command-dirs.js';
import { workedIn } from '../../transcripts/ledger.js';
import { isLedgerAgent } from './notes-check.js';

export interface FinaliseOptions {
  agent: AgentName;
  sessionId: string;
  transcriptPath?: string;
  /** Started by a SessionEnd (Codex's too), not by a Stop that ends a turn: the session is closed. */
  closing?: boolean;
}

export type FinaliseOutcome =
  | { result: 'written'; data: EndData; source: 'notes' | 'ledger' | 'spool' }
  | { result: 'nothing-pending' | 'busy' };

/** `o` with secrets redacted on write: nobody is at a SessionEnd to fix one, and a session is never lost to the scanner. */
const redacting = (o: Opened): Opened => ({ ...o, config: { ...o.config, secrets: { ...o.config.secrets, mode: 'redact' } } });

/** Another worker of the session (a second hook, the previous turn's Stop) may be writing it, a model call included. */
const END_WAIT_MS = 120_000;
const END_STALE_MS = 10 * 60_000;

interface Got {
  summary: Summary;
  source: 'notes' | 'ledger' | 'spool';
  /** How far into the transcript the session file reaches, when it was written from it. */
  covered?: Covered;
  /** The folders its transcript worked in (ledger.ts workedIn): its commits in other worktrees are looked for there. */
  dirs?: { dir: string; at: string }[];
}

/**
 * The summary of a session its agent never ended: its notes (or its ledger, when it never reached
 * the notes' first threshold) while `[session_memory]` is on and the session was not ended with
 * `end` already; otherwise, with something queued, the transcript's first prompt. A session the
 * automatic end wrote already that went on (`ended.covered`) gets a follow-up of only its new turns.
 * Null: nothing to write.
 */
async function summaryOf(o: Opened, opts: FinaliseOptions, transcript: string | undefined, pending: boolean, ended: SessionEnded | null): Promise<Got | null> {
  const agent = o.config.session_memory.enabled && isLedgerAgent(opts.agent) ? opts.agent : null;
  const notesOn = agent !== null;
  // After an explicit `end` the notes are not used again: only what is logged later is recorded.
  const after = ended?.by === 'auto' ? ended.covered : undefined;
  if (agent && (!ended || after)) {
    const got = await notesSummary(o, { sessionId: opts.sessionId, agent, transcript, extract: !ended, after });
    // Prompts that got no answer (every model call failed) and no work of the session: nothing happened.
    const answered = got && (got.source === 'notes' || got.ledger.tool_calls > 0 || got.ledger.turns.some((t) => t.reply));
    if (got && (answered || pending)) return { summary: got.summary, source: got.source, covered: got.covered, dirs: [...workedIn(got.ledger), ...commandDirs(got.ledger.cwd, got.ledger.commands)] };
    if (got) return null;
  }
  if (!pending) return null;
  // Logged items alone: the request is the transcript's first prompt, the session's (a follow-up's too).
  const prompt = firstUserPrompt(transcript);
  const summary: Summary = checkSummary({ request: fallbackRequest(opts.sessionId, ended !== null) });
  return {
    summary: prompt ? checkSummary(await redactSummary({ ...summary, request: prompt }, o.config.secrets.allowlist)) : summary,
    source: 'spool',
    // Nothing new in the transcript: the next follow-up starts where the last one did.
    ...(notesOn && (after || !ended) ? { covered: after ?? { messages: 0, last: '' } } : {}),
  };
}

/**
 * Writes the journal entry of a session whose agent never ran `git memory end` (the detached
 * worker SessionEnd, or Codex's and Cursor's Stop, starts): from its session notes, or from what it
 * queued (`git memory log`, commits the post-commit hook recorded) with the transcript's first
 * prompt as the request. A session written already that went on (a later turn, a resume) gets a
 * follow-up: a new session file with its new turns and what was logged since; nothing new, nothing
 * written. One worker at a time per session: the next waits and then finds what this one left.
 * Text from the transcript is redacted, never refused.
 */
export async function finaliseSession(ctx: Ctx, opts: FinaliseOptions): Promise<FinaliseOutcome> {
  // Opened once: `end` and its steps reuse it (the repository used to be found three times here).
  const o = open(ctx);
  const { repo } = o;
  // Work of the session: what it logged, its commits (the spool's, or the reflog's when no hook ran).
  const work = () => sessionWork(repo, peekSpool(repo.stateDir), readSessionStart(repo.stateDir, opts.sessionId), opts.sessionId);
  /** What a SessionEnd that found nothing to write returns, the session marked closed (`primer --for compact` and a terminal's `end` read it). */
  const closed = async (r: FinaliseOutcome): Promise<FinaliseOutcome> => {
    if (opts.closing) await markFinalised(repo.stateDir, opts.agent, opts.sessionId).catch(() => undefined);
    return r;
  };
  if (!(o.config.session_memory.enabled && isLedgerAgent(opts.agent)) && !work()) return closed({ result: 'nothing-pending' });
  const outcome = await withSessionLock(
    repo.stateDir,
    opts.sessionId,
    async (): Promise<FinaliseOutcome> => {
      const ended = readSessionEnded(repo.stateDir, opts.sessionId);
      const pending = work();
      const active = readAgentState(repo.stateDir).active;
      const transcript = opts.transcriptPath ?? (active?.sessionId === opts.sessionId ? active.transcriptPath : undefined);
      const got = await summaryOf(o, opts, transcript, pending, ended);
      // Nothing to write, and a SessionEnd closed the session: it is not the open one any more.
      if (!got) return closed({ result: 'nothing-pending' });
      const session = { id: opts.sessionId, by: 'auto' as const, ...(got.covered ? { covered: got.covered } : {}), ...(got.dirs?.length ? { dirs: got.dirs } : {}) };
      const data = (await end(redacting(o), { summary: got.summary, agent: opts.agent, session })).data;
      // A SessionEnd closes the session; a Stop (Codex before 0.171, Cursor) ends a turn of one that goes on.
      if (!ADAPTERS[opts.agent].stopEndsSession || opts.closing) await markFinalised(repo.stateDir, opts.agent, opts.sessionId).catch(() => undefined);
      return { result: 'written', data, source: got.source };
    },
    { file: SESSION_END_LOCK_FILE, waitMs: END_WAIT_MS, staleMs: END_STALE_MS },
  );
  // The session's memory commit moved HEAD: the next start finds its primer kept (kept-start.ts).
  if (outcome?.result === 'written') await keepAfterEnd(o, opts.agent);
  return outcome ?? { result: 'busy' };
}
