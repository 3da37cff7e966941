import { AGENT_SESSION_FILE as FILE } from '../../paths.js';
import { withLock } from '../../fs/lock.js';
import { isRecord, readState, writeState } from '../../fs/state.js';

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
  /** `agent:session_id` keys, newest last, so a session is never finalised twice. */
  finalised: string[];
}

/** Enough to cover any overlap of sessions; older keys cannot come back. */
const KEEP = 200;

const isActive = (v: unknown): v is ActiveSession =>
  isRecord(v) && typeof v.agent === 'string' && typeof v.sessionId === 'string' && typeof v.startedAt === 'string' && (v.transcriptPath === undefined || typeof v.transcriptPath === 'string');

export const sessionKey = (agent: string, sessionId: string) => `${agent}:${sessionId}`;

/** Reads the state; a missing or damaged file counts as empty (it only saves duplicate work). */
export function readAgentState(stateDir: string): AgentSessionState {
  const v = readState(stateDir, FILE, isRecord);
  const finalised = v && Array.isArray(v.finalised) ? v.finalised.filter((k): k is string => typeof k === 'string') : [];
  return { active: isActive(v?.active) ? v.active : null, finalised };
}

function update(stateDir: string, fn: (s: AgentSessionState) => AgentSessionState | null): Promise<boolean> {
  return withLock(
    stateDir,
    async () => {
      const next = fn(readAgentState(stateDir));
      if (!next) return false;
      writeState(stateDir, FILE, { ...next, finalised: next.finalised.slice(-KEEP) });
      return true;
    },
    { timeoutMs: 5_000 },
  );
}

/**
 * Records the session a SessionStart hook reported. A resumed session that was finalised earlier is
 * open again: what it logs from now on is recorded at its next end.
 */
export function recordActiveSession(stateDir: string, active: ActiveSession): Promise<boolean> {
  const key = sessionKey(active.agent, active.sessionId);
  return update(stateDir, (s) => ({ active, finalised: s.finalised.filter((k) => k !== key) }));
}

/**
 * Claims the right to finalise a session: true exactly once per session (until it is resumed), so
 * two hooks racing at the end (settings and plugin, SessionEnd twice) write one journal entry.
 */
export function claimFinalise(stateDir: string, agent: string, sessionId: string): Promise<boolean> {
  const key = sessionKey(agent, sessionId);
  return update(stateDir, (s) => (s.finalised.includes(key) ? null : { active: s.active, finalised: [...s.finalised, key] }));
}

/** Gives a claim back when finalising failed, so a later hook may try again. */
export function releaseFinalise(stateDir: string, agent: string, sessionId: string): Promise<boolean> {
  const key = sessionKey(agent, sessionId);
  return update(stateDir, (s) => ({ active: s.active, finalised: s.finalised.filter((k) => k !== key) }));
}
