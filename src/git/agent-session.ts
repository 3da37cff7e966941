import { AGENT_SESSION_FILE as FILE, AGENT_SESSION_SERVED_FILE as SERVED } from '../paths.js';
import { isRecord, readState } from '../fs/state.js';

/** The agent session this worktree is in, as its SessionStart hook reported it. */
export interface ActiveSession {
  agent: string;
  sessionId: string;
  transcriptPath?: string;
  startedAt: string;
}

/** `<stateDir>/agent-session.json`: the active agent session and the sessions already finalised. */
export interface AgentSessionState {
  active: ActiveSession | null;
  /**
   * `agent:session_id` keys, newest last: sessions whose SessionEnd was recorded (closed until a
   * resume). A Codex or Cursor session recorded at a Stop goes on, and is never listed.
   */
  finalised: string[];
}

export const isActive = (v: unknown): v is ActiveSession =>
  isRecord(v) && typeof v.agent === 'string' && typeof v.sessionId === 'string' && typeof v.startedAt === 'string' && (v.transcriptPath === undefined || typeof v.transcriptPath === 'string');

export const sessionKey = (agent: string, sessionId: string) => `${agent}:${sessionId}`;

/**
 * `state` with a start recorded as `served` (the served start's script, no node: the newest start
 * there is while its file is there) as node records one (hook/agent/session-state.ts
 * recordActiveSession): the active session, open again if it was finalised.
 */
export function withServed(state: AgentSessionState, served: ActiveSession | null): AgentSessionState {
  if (!served) return state;
  const key = sessionKey(served.agent, served.sessionId);
  return { active: served, finalised: state.finalised.filter((k) => k !== key) };
}

/** AGENT_SESSION_FILE alone, without a served start's record. */
export function readAgentFile(stateDir: string): AgentSessionState {
  const v = readState(stateDir, FILE, isRecord);
  const finalised = v && Array.isArray(v.finalised) ? v.finalised.filter((k): k is string => typeof k === 'string') : [];
  return { active: isActive(v?.active) ? v.active : null, finalised };
}

/**
 * Reads the state the agent hooks keep (written by hook/agent/session-state.ts), with the start a
 * served start's script recorded since (AGENT_SESSION_SERVED_FILE); a missing or damaged file counts
 * as empty (it only saves duplicate work). Here, below the hooks, so that `end` can tell which agent
 * session it ends. The served record is read first: a writer folding it in (claimed, then written
 * here) leaves the newer state in one of the two files at every moment but its rename's.
 */
export function readAgentState(stateDir: string): AgentSessionState {
  const served = readState(stateDir, SERVED, isActive);
  return withServed(readAgentFile(stateDir), served);
}

/** The agent session still open in this worktree (started and not finalised), or null. */
export function openAgentSession(stateDir: string): ActiveSession | null {
  const { active, finalised } = readAgentState(stateDir);
  return active && !finalised.includes(sessionKey(active.agent, active.sessionId)) ? active : null;
}
