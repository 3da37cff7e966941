import { AGENT_SESSION_FILE as FILE } from '../paths.js';
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

const isActive = (v: unknown): v is ActiveSession =>
  isRecord(v) && typeof v.agent === 'string' && typeof v.sessionId === 'string' && typeof v.startedAt === 'string' && (v.transcriptPath === undefined || typeof v.transcriptPath === 'string');

export const sessionKey = (agent: string, sessionId: string) => `${agent}:${sessionId}`;

/**
 * Reads the state the agent hooks keep (written by hook/agent/session-state.ts); a missing or
 * damaged file counts as empty (it only saves duplicate work). Here, below the hooks, so that
 * `end` can tell which agent session it ends.
 */
export function readAgentState(stateDir: string): AgentSessionState {
  const v = readState(stateDir, FILE, isRecord);
  const finalised = v && Array.isArray(v.finalised) ? v.finalised.filter((k): k is string => typeof k === 'string') : [];
  return { active: isActive(v?.active) ? v.active : null, finalised };
}

/** The agent session still open in this worktree (started and not finalised), or null. */
export function openAgentSession(stateDir: string): ActiveSession | null {
  const { active, finalised } = readAgentState(stateDir);
  return active && !finalised.includes(sessionKey(active.agent, active.sessionId)) ? active : null;
}
