/**
 * Which agent session a command is about, and its ledger, found as `git memory notes` finds it. The
 * ledger is advanced incrementally, so a command on a long session reads only what was appended
 * since the hooks last read it.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import { advanceLedger, detectAgent } from '../../transcripts/index.js';
import type { AgentName, Ledger } from '../../transcripts/ledger.js';
import type { Opened } from '../context.js';
import { resolveNotesSession } from './notes-session.js';

export interface SessionSelector {
  session?: string;
  transcript?: string;
}

export interface SessionLedger {
  sessionId: string;
  transcript: string;
  agent: AgentName;
  ledger: Ledger;
  /** The transcript's size in bytes: what a compaction of it shrinks (seed 004's original length). */
  size: number;
}

const HINT = 'pass --transcript PATH (an agent transcript), or --session ID for a session the hooks follow';

/**
 * The session as `git memory notes` finds it (steps/notes-session.ts): `--session`, else the active
 * one its SessionStart hook recorded, else the latest; `--transcript` alone names the session by
 * the id inside the transcript, as the hooks do.
 */
export function openSessionLedger(o: Opened, sel: SessionSelector): SessionLedger {
  const { stateDir, root } = o.repo;
  const transcript = sel.transcript ? resolve(o.cwd, sel.transcript) : undefined;
  if (transcript && !statSync(transcript, { throwIfNoEntry: false })?.isFile()) throw new UsageError(`transcript not found: ${transcript}`, HINT);
  let s;
  try {
    s = resolveNotesSession(stateDir, { ...(sel.session ? { session: sel.session } : {}), ...(transcript ? { transcript } : {}) });
  } catch (e) {
    if (e instanceof UsageError) throw new UsageError('no agent session is known in this worktree', HINT);
    throw e;
  }
  const path = s.transcript;
  if (!path) throw new UsageError(`no transcript is known for session ${JSON.stringify(s.id)}`, HINT);
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st?.isFile()) throw new UsageError(`transcript not found: ${path}`, HINT);
  const agent = s.agent ?? detectAgent(path);
  if (!agent) throw new UsageError(`not a Claude Code, Codex or Gemini CLI transcript: ${path}`);
  const { ledger } = advanceLedger(stateDir, s.id, path, { agent, repoRoot: root });
  return { sessionId: s.id, transcript: path, agent, ledger, size: st.size };
}
