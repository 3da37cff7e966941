import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_SESSION_FILE as FILE, AGENT_SESSION_SERVED_FILE as SERVED, TMP_DIR } from '../../paths.js';
import { withLock } from '../../fs/lock.js';
import { readState, writeState } from '../../fs/state.js';
import { isActive, readAgentFile, readAgentState, sessionKey, withServed, type ActiveSession, type AgentSessionState } from '../../git/agent-session.js';

// The reader lives below the commands (git/agent-session.ts), which read it too; the writers are here.
export { readAgentState, sessionKey, type ActiveSession, type AgentSessionState };

/** Enough to cover any overlap of sessions; older keys cannot come back. */
const KEEP = 200;

/**
 * The start a served start's script recorded (AGENT_SESSION_SERVED_FILE), taken for folding in: renamed
 * away first, so that a start the script records meanwhile makes a new file, which is not lost. Null
 * when there is none; throws where it is there and cannot be taken (else it would stay the newest).
 */
function claimServed(stateDir: string): { served: ActiveSession | null; path: string } | null {
  const dir = join(stateDir, TMP_DIR);
  const name = `served-${process.pid}-${Date.now().toString(36)}.json`;
  try {
    mkdirSync(dir, { recursive: true });
    renameSync(join(stateDir, SERVED), join(dir, name));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' && !existsSync(join(stateDir, SERVED))) return null;
    throw e;
  }
  return { served: readState(dir, name, isActive), path: join(dir, name) };
}

function update(stateDir: string, fn: (s: AgentSessionState) => AgentSessionState | null): Promise<boolean> {
  return withLock(
    stateDir,
    async () => {
      const claimed = claimServed(stateDir);
      const base = withServed(readAgentFile(stateDir), claimed?.served ?? null);
      const next = fn(base);
      try {
        // A claimed start is written even where `fn` changes nothing: its file is gone.
        const write = next ?? (claimed?.served ? base : null);
        if (write) writeState(stateDir, FILE, { ...write, finalised: write.finalised.slice(-KEEP) });
      } catch (e) {
        // Back where it was, unless the script recorded a newer start meanwhile (a link never replaces one).
        if (claimed) {
          try {
            linkSync(claimed.path, join(stateDir, SERVED));
          } catch {
            /* a newer one is there */
          }
        }
        throw e;
      } finally {
        if (claimed) rmSync(claimed.path, { force: true });
      }
      return next !== null;
    },
    { timeoutMs: 5_000 },
  );
}

/**
 * Records the session a SessionStart hook reported. A resumed session that was finalised earlier is
 * open again: its new turns and what it logs from now on are recorded at its next end.
 */
export function recordActiveSession(stateDir: string, active: ActiveSession): Promise<boolean> {
  const key = sessionKey(active.agent, active.sessionId);
  return update(stateDir, (s) => ({ active, finalised: s.finalised.filter((k) => k !== key) }));
}

/**
 * Records that a session's end was written by its SessionEnd (Claude Code, Gemini CLI): it is not
 * the open session any more, and a second hook for the same end starts no worker. A Stop that
 * records a Codex or Cursor session does not close it: the session goes on with its next turn.
 */
export function markFinalised(stateDir: string, agent: string, sessionId: string): Promise<boolean> {
  const key = sessionKey(agent, sessionId);
  return update(stateDir, (s) => (s.finalised.includes(key) ? null : { active: s.active, finalised: [...s.finalised, key] }));
}

/** The marker of an agent whose SessionEnd has fired in this worktree (Codex 0.171 on), before the agent's name. */
export const END_SEEN_PREFIX = 'session-end-seen-';
const endSeenFile = (stateDir: string, agent: string) => join(stateDir, `${END_SEEN_PREFIX}${agent}`);

/**
 * Whether `agent` fires SessionEnd here: for an agent whose Stop otherwise ends the session (Codex
 * before 0.171 has no SessionEnd), Stop then only pauses and the session is recorded once, at its end.
 */
export const sessionEndSeen = (stateDir: string, agent: string) => existsSync(endSeenFile(stateDir, agent));

export function noteSessionEndSeen(stateDir: string, agent: string): void {
  try {
    if (!sessionEndSeen(stateDir, agent)) writeFileSync(endSeenFile(stateDir, agent), '');
  } catch {
    /* a read-only state directory: Stop goes on ending turns */
  }
}

/** The first session of an agent that waited for its SessionEnd here, before any was seen (Codex 0.171 on). */
export interface AwaitedEnd {
  sessionId: string;
  transcriptPath?: string;
  /** The session was recorded after all, its SessionEnd having never come. */
  recorded?: boolean;
}

/** The file of an agent's session that waits for its SessionEnd, before the agent's name (and `.json`); the served start's script writes it too (kept-start.ts). */
export const AWAITED_PREFIX = 'session-end-awaited-';
const awaitedFile = (stateDir: string, agent: string) => join(stateDir, `${AWAITED_PREFIX}${agent}.json`);

export function readAwaitedEnd(stateDir: string, agent: string): AwaitedEnd | null {
  try {
    const v = JSON.parse(readFileSync(awaitedFile(stateDir, agent), 'utf8')) as AwaitedEnd;
    return typeof v?.sessionId === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** False when it could not be written (a read-only state directory): then nothing waits, Stop goes on ending turns. */
export function writeAwaitedEnd(stateDir: string, agent: string, v: AwaitedEnd): boolean {
  try {
    writeFileSync(awaitedFile(stateDir, agent), `${JSON.stringify(v)}\n`);
    return true;
  } catch {
    return false;
  }
}
