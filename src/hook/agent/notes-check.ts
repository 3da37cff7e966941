import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Repo } from '../../git/repo.js';
import { findRepo } from '../../git/repo.js';
import { readSessionEnded } from '../../git/session-ended.js';
import { loadConfig } from '../../memory/config.js';
import { shouldExtract } from '../../notes/thresholds.js';
import { readNotesState } from '../../notes/store.js';
import { LEDGER_STATE_FILE, SESSION_LOCK_FILE, SESSIONS_DIR, sessionDirName } from '../../paths.js';
import { advanceLedger } from '../../transcripts/advance.js';
import type { Ledger, AgentName as LedgerAgent } from '../../transcripts/ledger.js';
import { firstNewMessage } from '../../transcripts/since.js';
import type { HookInput } from './input.js';
import { turnGateNeed, writeTurnGate } from './turn-gate.js';

/** The agents whose transcripts git-memory reads into a ledger (transcripts/). */
export const isLedgerAgent = (agent: string): agent is LedgerAgent => agent === 'claude' || agent === 'codex' || agent === 'gemini';

/** An extraction holds the session's lock for at most this long before it counts as stale (DESIGN §13). */
const EXTRACTION_STALE_MS = 60_000;

const sessionFile = (repo: Repo, sessionId: string, name: string) => join(repo.stateDir, SESSIONS_DIR, sessionDirName(sessionId), name);

/** True while another worker extracts this session's notes: no second one is started. */
function extracting(repo: Repo, sessionId: string): boolean {
  const st = statSync(sessionFile(repo, sessionId, SESSION_LOCK_FILE), { throwIfNoEntry: false });
  return !!st && Date.now() - st.mtimeMs < EXTRACTION_STALE_MS;
}

/**
 * PostToolUse / AfterTool / Stop: reads what the transcript gained since the last call into the
 * ledger, checks the notes' thresholds and, when they are met, starts a detached worker that
 * extracts under the session's lock. Never waits for a model; `[session_memory] enabled = false`
 * makes it a no-op.
 */
/** What keepNotes needs of its caller: the environment, and a way to start a detached worker. */
export interface NotesHookIo {
  env: NodeJS.ProcessEnv;
  startWorker(args: string[], cwd: string): void | Promise<void>;
}

/**
 * The session's ledger as far as the transcript goes now (null: notes are off, or not a ledger
 * agent). `gate`: this is a turn's end that only applies the thresholds, so the next one may be
 * decided without node (turn-gate.ts): the gate is written for it. `lean`: a tool call's hook, which
 * reads nothing of the ledger but the thresholds' figures: the ledger is read on from the hot state
 * (transcripts/advance.ts), and only its counts and last entries may be read.
 */
export async function keepNotes(agent: string, input: HookInput, io: NotesHookIo, cwd: string, opts: { gate?: boolean; lean?: boolean } = {}): Promise<Ledger | null> {
  if (!isLedgerAgent(agent) || !input.sessionId || !input.transcriptPath) return null;
  const repo = findRepo(cwd, io.env);
  const { config } = loadConfig(repo.root, repo.stateDir);
  if (!config.session_memory.enabled) return null;
  const { ledger, to } = advanceLedger(repo.stateDir, input.sessionId, input.transcriptPath, { agent, repoRoot: repo.root, lean: opts.lean && !opts.gate });
  const state = readNotesState(repo.stateDir, input.sessionId);
  if (shouldExtract(ledger, state, config.session_memory) && !extracting(repo, input.sessionId)) {
    await io.startWorker(['hook', 'agent-worker', 'notes', '--agent', agent, '--session-id', input.sessionId, '--transcript', input.transcriptPath], repo.root);
  }
  // Written last: anything the run wrote in the session's state dir is older than the gate.
  if (opts.gate) writeTurnGate(repo, input.sessionId, input.transcriptPath, to, turnGateNeed(ledger, state, config.session_memory));
  return ledger;
}

/**
 * SessionEnd (a Stop for Codex) with nothing queued: whether the transcript has something to end
 * from. Never ended: notes, or a transcript to fill them from. Written by the automatic end
 * already: a user message past what it covered (a later turn, a resume), in `ledger` (read up to
 * now by the Stop hook) or else in the ledger read on now. Ended by the agent itself: no.
 */
export function endsFromNotes(agent: string, input: HookInput, repo: Repo, ledger?: Ledger): boolean {
  if (!isLedgerAgent(agent) || !input.sessionId) return false;
  // A ledger from the Stop hook means the notes are on: its config was read already.
  if (!ledger && !loadConfig(repo.root, repo.stateDir).config.session_memory.enabled) return false;
  const ended = readSessionEnded(repo.stateDir, input.sessionId);
  if (!ended) return (!!input.transcriptPath && existsSync(input.transcriptPath)) || existsSync(sessionFile(repo, input.sessionId, LEDGER_STATE_FILE));
  if (ended.by !== 'auto' || !ended.covered || !input.transcriptPath || !existsSync(input.transcriptPath)) return false;
  const now = ledger ?? advanceLedger(repo.stateDir, input.sessionId, input.transcriptPath, { agent, repoRoot: repo.root }).ledger;
  return firstNewMessage(now, ended.covered) < now.user_messages.length;
}
