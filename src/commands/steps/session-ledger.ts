/**
 * Which agent session a command is about, and its ledger: `--transcript PATH` (any transcript),
 * `--session ID` (a session whose ledger the hooks keep), or by default the session whose kept
 * ledger was updated last in this worktree. The ledger is advanced incrementally, so a command on a
 * long session reads only what was appended since the hooks last read it.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import { LEDGER_STATE_FILE, SESSIONS_DIR } from '../../paths.js';
import { advanceLedger, detectAgent, readKeptLedger } from '../../transcripts/index.js';
import type { AgentName, Ledger } from '../../transcripts/ledger.js';
import type { Opened } from '../context.js';

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

/** The session directory with the most recently written ledger. */
function latestSession(stateDir: string): string | null {
  let best: { id: string; at: number } | null = null;
  let names: string[];
  try {
    names = readdirSync(join(stateDir, SESSIONS_DIR));
  } catch {
    return null;
  }
  for (const id of names) {
    const at = statSync(join(stateDir, SESSIONS_DIR, id, LEDGER_STATE_FILE), { throwIfNoEntry: false })?.mtimeMs;
    if (at !== undefined && (!best || at > best.at)) best = { id, at };
  }
  return best?.id ?? null;
}

export function openSessionLedger(o: Opened, sel: SessionSelector): SessionLedger {
  const { stateDir, root } = o.repo;
  let path: string;
  let sessionId: string;
  let agent: AgentName | null = null;
  if (sel.transcript) {
    path = resolve(o.cwd, sel.transcript);
    sessionId = sel.session ?? basename(path).replace(/\.(jsonl|json)$/, '');
  } else {
    const id = sel.session ?? latestSession(stateDir);
    if (!id) throw new UsageError('no agent session is known in this worktree', HINT);
    const kept = readKeptLedger(stateDir, id);
    if (!kept) throw new UsageError(`no ledger is kept for session ${JSON.stringify(id)}`, HINT);
    path = kept.transcript;
    sessionId = id;
    agent = kept.ledger.agent;
  }
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st?.isFile()) throw new UsageError(`transcript not found: ${path}`, HINT);
  agent ??= detectAgent(path);
  if (!agent) throw new UsageError(`not a Claude Code, Codex or Gemini CLI transcript: ${path}`);
  const { ledger } = advanceLedger(stateDir, sessionId, path, { agent, repoRoot: root });
  return { sessionId, transcript: path, agent, ledger, size: st.size };
}
