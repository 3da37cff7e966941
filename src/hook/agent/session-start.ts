// SessionStart, whatever its source (startup, resume, fork, clear, compact): the primer as the agent's
// context, the session recorded as active, and a due dream started in the background. Its own
// module, without the other events' code: the lean entry (session-start-entry.ts) loads only this.
import { localIso, now } from '../../clock.js';
import { agentHookWarning } from '../../cli/messages.js';
import { openAnyConfig, type Opened } from '../../commands/context.js';
import { AGENT_HOOKS_SEEN_FILE, CONFIG_FILE } from '../../paths.js';
import { rebuildPrimer } from '../../commands/steps/rebuild-primer.js';
import { readSessionStart, recordSessionStart } from '../../git/session-state.js';
import { splitMarked } from '../../git/session-marks.js';
import { peekSpool } from '../../git/spool.js';
import { pendingSection } from '../../commands/steps/pending-section.js';
import type { AgentName } from '../../agents/registry.js';
import { startAfterCompact, type AfterCompact, type LoadFullAfterCompact } from './after-compact.js';
import { dreamToStart } from './dream-trigger.js';
import type { AgentHookIo } from './process-io.js';
import type { HookInput } from './input.js';
import { MAX_CONTEXT_CHARS, sessionStartOutput } from './output.js';
import { isRecord, readState, removeState, writeState } from '../../fs/state.js';
import { readAgentState, recordActiveSession, sessionKey } from './session-state.js';
import { gateNewSession } from './turn-gate.js';
import { BESIDE_ENV, beginKeep, ensureStartScript, keepStart, NEW_SESSION_SOURCES } from './kept-start.js';
import { logFailure } from './hook-log.js';

/** Whether `a` is the active session already (same agent, id and transcript), and not finalised. */
function stillActive(stateDir: string, a: { agent: string; sessionId: string; transcriptPath?: string }): boolean {
  const s = readAgentState(stateDir);
  return !!s.active && s.active.agent === a.agent && s.active.sessionId === a.sessionId && s.active.transcriptPath === a.transcriptPath && !s.finalised.includes(sessionKey(a.agent, a.sessionId));
}

/**
 * One line inside the primer where config values were wrong and their defaults used: the agent
 * (and the user reading along) learns why the memory behaves as it does. The details are on stderr.
 */
export function configNote(o: Opened): string {
  const keys = o.configDefaulted;
  if (!keys.length) return '';
  const which = keys.includes('*') ? 'could not be read: every setting has its default' : `has a wrong value for ${keys.join(', ')}: ${keys.length === 1 ? 'its default is' : 'their defaults are'} used`;
  return `> git-memory: ${CONFIG_FILE} ${which} (\`git memory doctor\` says more).`;
}

/** The compaction's additions after the primer ('' when they fail, said on stderr). */
async function afterCompactText(after: AfterCompact, text: string, io: AgentHookIo): Promise<string> {
  try {
    return await after.render(text);
  } catch (e) {
    io.err(agentHookWarning(`after compaction: ${(e as Error).message}`));
    return '';
  }
}

const isSeen = (v: unknown): v is Record<string, string> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Notes that this agent's hooks ran here (for `doctor`); a failure to write it only warns. */
function markHooksRan(stateDir: string, agent: AgentName, at: string, io: AgentHookIo): void {
  try {
    writeState(stateDir, AGENT_HOOKS_SEEN_FILE, { ...readState(stateDir, AGENT_HOOKS_SEEN_FILE, isSeen), [agent]: at });
  } catch (e) {
    io.err(agentHookWarning(`could not note that the hooks ran: ${(e as Error).message}`));
  }
}

/**
 * What SessionStart(compact) added after the primer, kept for the session's next resume: a
 * compaction run as its own process (`claude -p /compact`) ends before any request, and the next
 * process (`--continue`) replays that context as an empty system message. Only the last one is kept.
 */
const CARRIED_FILE = 'compact-context.json';
interface Carried {
  agent: string;
  sessionId: string;
  text: string;
}
const isCarried = (v: unknown): v is Carried => isRecord(v) && typeof v.agent === 'string' && typeof v.sessionId === 'string' && typeof v.text === 'string';

/** The context a compaction of this session left for its first resume, taken once. */
function takeCarried(stateDir: string, agent: string, sessionId: string | undefined): string {
  const c = readState(stateDir, CARRIED_FILE, isCarried);
  if (!c || !sessionId || c.agent !== agent || c.sessionId !== sessionId) return '';
  removeState(stateDir, CARRIED_FILE);
  return c.text;
}

/** SessionStart; `loadFull` gives the after-compaction computation for when nothing prepared applies. */
export async function sessionStart(agent: AgentName, input: HookInput, given: AgentHookIo, cwd: string, loadFull: LoadFullAfterCompact): Promise<void> {
  // Before anything the primer is made of is read: the time a kept primer's inputs are checked against (kept-start.ts).
  const t0 = Date.now();
  // Run beside the agent by the start script, which printed the kept primer: HEAD's commit it printed for.
  const beside = given.env[BESIDE_ENV] || null;
  // Whether anything was said on stderr: a start that warned is not kept (the script would not say it).
  let said = false;
  const io: AgentHookIo = {
    ...given,
    out: (t) => (beside ? undefined : given.out(t)),
    err: (t) => {
      said = true;
      if (beside) logFailure(cwd, given.env, t.trimEnd());
      else given.err(t);
    },
  };
  // Opened once: the primer and the session record below use the same repository.
  const o = openAnyConfig({ cwd, env: io.env });
  const keeping = NEW_SESSION_SOURCES.has(input.source) && (agent === 'claude' || agent === 'codex' || agent === 'gemini');
  if (keeping) o.existsSeen = new Map();
  const begun = keeping ? beginKeep(o, t0) : null;
  // After a compaction, its additions are prepared while the primer is built.
  const after = input.source === 'compact' ? startAfterCompact(agent, input, o, loadFull) : null;
  // A compaction goes on with the session: its base commit (session-start.json, for `end`) stays the
  // one its start recorded, not HEAD now; and PRIMER.md, written at that start and rewritten by every
  // `end`, is left as it is (~0.4 ms).
  const goesOn = input.source === 'compact' && readSessionStart(o.repo.stateDir, input.sessionId) !== null;
  // The start is recorded as this session's: the end of another (Claude Code's `/clear` runs the old
  // session's end while the new one starts) leaves it (git/session-state.ts).
  const session = input.sessionId;
  const built = await rebuildPrimer(o, { write: !goesOn, ...(session ? { session } : {}) });
  // The script printed for the HEAD it saw: where HEAD moved since (a commit in the agent's first
  // moments), the session's base is that one, found in the reflog after it (session-commits.ts).
  if (beside && !goesOn && readSessionStart(o.repo.stateDir, session)?.head !== beside && built.data.path) recordSessionStart(o.repo.stateDir, { head: beside, at: built.data.provenance.generatedAt, ...(session ? { session } : {}) });
  for (const w of [...o.warnings, ...built.warnings]) io.err(agentHookWarning(w));
  const { repo } = o;
  const note = configNote(o);
  let text = note ? `${built.data.markdown.replace(/\n+$/, '')}\n\n${note}\n` : built.data.markdown;
  // A fork (Claude Code 2.1.214 and later; earlier versions report it as a resume) goes on with the
  // conversation's context under a new session id: what is logged is pending for it as for a resume.
  // Another agent session running beside this one keeps what its shell logged (git/session-marks.ts).
  if (input.source === 'resume' || input.source === 'fork' || input.source === 'compact') text += pendingSection(splitMarked(repo.stateDir, peekSpool(repo.stateDir), input.sessionId).mine);
  if (after) {
    const extra = await afterCompactText(after, text, io);
    if (extra) text = `${text}\n\n${extra}`;
    if (extra && input.sessionId) {
      try {
        writeState(repo.stateDir, CARRIED_FILE, { agent, sessionId: input.sessionId, text: extra });
      } catch {
        /* a read-only state directory: the resume goes without */
      }
    }
  } else if (input.source === 'resume') {
    // The first resume after a compaction git-memory prepared: its context, where the cap leaves room.
    const carried = takeCarried(repo.stateDir, agent, input.sessionId);
    if (carried && text.length + carried.length + 2 <= MAX_CONTEXT_CHARS) text = `${text}\n\n${carried}`;
  }
  if (input.sessionId) {
    const active = { agent, sessionId: input.sessionId, ...(input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}), startedAt: localIso(now(io.env)) };
    // A compaction goes on with the session the agent is in: recorded already, it is left as it is (no lock, no write).
    if (!(input.source === 'compact' && stillActive(repo.stateDir, active))) {
      await recordActiveSession(repo.stateDir, active).catch((e: Error) => io.err(`git-memory: session not recorded: ${e.message}\n`));
    }
  }
  const output = sessionStartOutput(agent, text);
  io.out(output);
  if (begun) {
    keepStart(o, agent, begun, { text, output, render: (t) => sessionStartOutput(agent, t), markdown: built.data.path ? built.data.markdown : '' }, !said && !o.warnings.length && !built.warnings.length);
    ensureStartScript(repo.stateDir);
  }
  markHooksRan(repo.stateDir, agent, localIso(now(io.env)), io);
  // A new session's first turn's end decides without node while no threshold can be met (turn-gate.ts).
  if (input.sessionId && input.transcriptPath && input.source !== 'compact') gateNewSession(agent, repo, o.config.session_memory, input.sessionId, input.transcriptPath);
  // Long-term memory: a due dream runs in the background, never in the agent's way. Not after a
  // compaction: the session goes on, its start checked already, and only an ended session makes a
  // dream due.
  if (input.source === 'compact') return;
  const worker = dreamToStart(o);
  if (worker) io.startWorker(worker, repo.root);
}
