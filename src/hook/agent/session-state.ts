import { AGENT_SESSION_FILE as FILE } from '../../paths.js';
import { withLock } from '../../fs/lock.js';
import { writeState } from '../../fs/state.js';
import { readAgentState, sessionKey, type ActiveSession, type AgentSessionState } from '../../git/agent-session.js';

// The reader lives below the commands (git/agent-session.ts), which read it too; the writers are here.
export { readAgentState, sessionKey, type ActiveSession, type AgentSessionState };

/** Enough to cover any overlap of sessions; older keys cannot come back. */
const KEEP = 200;

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
