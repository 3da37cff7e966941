// Which agent session `git memory notes` means: `--session`, else the active one its SessionStart
// hook recorded (agent-session.json), else the session whose state changed last.
import { readdirSync, statSync } from 'node:fs';
import { readRange } from '../../fs/read-file.js';
import { basename, join } from 'node:path';
import { UsageError } from '../../errors.js';
import { SESSIONS_DIR, sessionDirName } from '../../paths.js';
import { readAgentState } from '../../git/agent-session.js';
import { detectAgent, readKeptLedger } from '../../transcripts/index.js';
import type { AgentName } from '../../transcripts/ledger.js';

export interface NotesSession {
  id: string;
  /** How it was chosen, for the output. */
  from: 'option' | 'active' | 'recent' | 'transcript';
  /** Its transcript and agent, when known. */
  transcript: string | null;
  agent: AgentName | null;
}

const AGENTS: readonly string[] = ['claude', 'codex', 'gemini'];
const asAgent = (v: unknown): AgentName | null => (typeof v === 'string' && AGENTS.includes(v) ? (v as AgentName) : null);

/** The active session as the agent hooks recorded it (see hook/agent/session-state.ts, which writes it). */
function activeSession(stateDir: string): { sessionId: string; agent: string; transcriptPath?: string } | null {
  // With a start a served start's script recorded since (git/agent-session.ts).
  const a = readAgentState(stateDir).active;
  if (!a) return null;
  return { sessionId: a.sessionId, agent: a.agent, ...(a.transcriptPath !== undefined ? { transcriptPath: a.transcriptPath } : {}) };
}

/**
 * The session directory modified last, or null when there is none; only a folder named by its id
 * as it is (paths.ts sessionDirName): another's name is no id, and as one it names no folder.
 */
function mostRecent(stateDir: string): string | null {
  let best: { name: string; mtime: number } | null = null;
  let names: string[];
  try {
    names = readdirSync(join(stateDir, SESSIONS_DIR));
  } catch {
    return null;
  }
  for (const name of names) {
    if (sessionDirName(name) !== name) continue;
    try {
      const st = statSync(join(stateDir, SESSIONS_DIR, name));
      if (st.isDirectory() && (!best || st.mtimeMs > best.mtime)) best = { name, mtime: st.mtimeMs };
    } catch {
      /* removed meanwhile */
    }
  }
  return best?.name ?? null;
}

/**
 * The session id a transcript names near its start: Claude Code's `sessionId` on every record,
 * Codex's `session_meta` id, Gemini CLI's `sessionId`; null when none is found in its first 64 KiB.
 */
export function transcriptSessionId(path: string): string | null {
  let text = '';
  try {
    text = readRange(path, 0, 64 * 1024)?.text ?? '';
  } catch {
    return null;
  }
  const codex = /"type"\s*:\s*"session_meta"\s*,\s*"payload"\s*:\s*\{\s*"id"\s*:\s*"([^"]+)"/.exec(text);
  return codex?.[1] ?? /"sessionId"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? null;
}

/** Fills in transcript and agent from what is known of the session. */
function complete(stateDir: string, id: string, from: NotesSession['from'], transcript: string | null, agent: AgentName | null): NotesSession {
  const kept = !transcript || !agent ? readKeptLedger(stateDir, id) : null;
  const path = transcript ?? kept?.transcript ?? null;
  return { id, from, transcript: path, agent: agent ?? kept?.ledger.agent ?? (path ? detectAgent(path) : null) };
}

/**
 * The session to show or update. With only `transcript`, the session is the active one when it has
 * that transcript, else the transcript's file name (agents name their files by session id).
 */
export function resolveNotesSession(stateDir: string, opts: { session?: string; transcript?: string }): NotesSession {
  const active = activeSession(stateDir);
  const activeAgent = asAgent(active?.agent);
  if (opts.session) {
    const isActive = active && sessionDirName(active.sessionId) === sessionDirName(opts.session);
    return complete(stateDir, opts.session, 'option', opts.transcript ?? (isActive ? (active.transcriptPath ?? null) : null), isActive ? activeAgent : null);
  }
  if (opts.transcript) {
    if (active && active.transcriptPath === opts.transcript) return complete(stateDir, active.sessionId, 'active', opts.transcript, activeAgent);
    const id = transcriptSessionId(opts.transcript) ?? basename(opts.transcript).replace(/\.(jsonl|json)$/, '');
    return complete(stateDir, id, 'transcript', opts.transcript, null);
  }
  if (active) return complete(stateDir, active.sessionId, 'active', active.transcriptPath ?? null, activeAgent);
  const recent = mostRecent(stateDir);
  if (recent) return complete(stateDir, recent, 'recent', null, null);
  throw new UsageError(
    'no agent session found in this worktree',
    'name one with --session ID, or give its transcript with `git memory notes update --transcript PATH`; sessions are recorded by the agent hooks (`git memory init --agent claude`)',
  );
}
