import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parseArgs } from 'node:util';
import { localIso, now } from '../../clock.js';
import { childProcess } from '../../child-process.js';
import { EXIT, UsageError, type ExitCode } from '../../errors.js';
import { agentHookFailure, agentHookUsage, agentHookWarning } from '../../cli/messages.js';
import { readHookStdin } from '../../fs/stdin.js';
import { writeStdout } from '../../fs/stdout.js';
import { findRepo } from '../../git/repo.js';
import { readSessionStart } from '../../git/session-state.js';
import { peekSpool, type SpoolEntry } from '../../git/spool.js';
import { ADAPTERS, HOOK_AGENT_NAMES, parseAgents, type AgentName } from '../../agents/registry.js';
import { normaliseEvent, parseHookInput, type HookEvent, type HookInput } from './input.js';
import { sessionStartOutput } from './output.js';
import type { Opened } from '../../commands/context.js';
import { readAgentState, recordActiveSession, sessionKey } from './session-state.js';
import { logFailure } from './hook-log.js';

/** Where the agent hook reads and writes; the lean entry passes the process's own. */
export interface AgentHookIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  readStdin(): Promise<Buffer>;
  out(text: string): void;
  err(text: string): void;
  /**
   * Starts `git-memory <args>` detached in `cwd`, so the agent does not wait for it; `low` runs it
   * at the lowest priority (work for a later hook, which must not slow the agent's own).
   */
  startWorker(args: string[], cwd: string, opts?: { low?: boolean }): void;
}

const USAGE = agentHookUsage(HOOK_AGENT_NAMES);

/** What the session logged so far: after a resume or a compaction the agent no longer sees it. */
function pendingSection(entries: SpoolEntry[]): string {
  const items = entries.flatMap((e) => (e.type === 'log' ? [`- (${e.kind.replace('_', ' ')}) ${e.text}`] : []));
  const commits = entries.filter((e) => e.type === 'commit').length;
  if (!items.length && !commits) return '';
  if (commits) items.push(`- ${commits} commit${commits === 1 ? '' : 's'} recorded by the post-commit hook`);
  return `\n\n## Logged in this session, not yet in the journal\n${items.join('\n')}\n`;
}

/** Whether `a` is the active session already (same agent, id and transcript), and not finalised. */
function stillActive(stateDir: string, a: { agent: string; sessionId: string; transcriptPath?: string }): boolean {
  const s = readAgentState(stateDir);
  return !!s.active && s.active.agent === a.agent && s.active.sessionId === a.sessionId && s.active.transcriptPath === a.transcriptPath && !s.finalised.includes(sessionKey(a.agent, a.sessionId));
}

async function sessionStart(agent: AgentName, input: HookInput, io: AgentHookIo, cwd: string): Promise<void> {
  const [{ open }, { rebuildPrimer }] = await Promise.all([import('../../commands/context.js'), import('../../commands/steps/rebuild-primer.js')]);
  // Opened once: the primer and the session record below use the same repository.
  const o = open({ cwd, env: io.env });
  const after = input.source === 'compact' ? await startAfterCompact(agent, input, o, io) : null;
  // A compaction goes on with the session: its base commit (session-start.json, for `end`) stays the
  // one its start recorded, not HEAD now.
  const goesOn = input.source === 'compact' && readSessionStart(o.repo.stateDir) !== null;
  const built = await rebuildPrimer(o, { write: true, ...(goesOn ? { recordStart: false } : {}) });
  for (const w of [...o.warnings, ...built.warnings]) io.err(agentHookWarning(w));
  const { repo } = o;
  let text = built.data.markdown;
  if (input.source === 'resume' || input.source === 'compact') text += pendingSection(peekSpool(repo.stateDir));
  if (after) text = await withAfterCompact(after, text, io);
  if (input.sessionId) {
    const active = { agent, sessionId: input.sessionId, ...(input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}), startedAt: localIso(now(io.env)) };
    // A compaction goes on with the session the agent is in: recorded already, it is left as it is (no lock, no write).
    if (!(input.source === 'compact' && stillActive(repo.stateDir, active))) {
      await recordActiveSession(repo.stateDir, active).catch((e: Error) => io.err(`git-memory: session not recorded: ${e.message}\n`));
    }
  }
  io.out(sessionStartOutput(agent, text));
  // Long-term memory: a due dream runs in the background, never in the agent's way.
  const { dreamToStart } = await import('./dream-trigger.js');
  const worker = dreamToStart(o);
  if (worker) io.startWorker(worker, repo.root);
}

/** After a compaction: its additions are prepared while the primer is built (hook/agent/compact.ts). */
async function startAfterCompact(agent: AgentName, input: HookInput, o: Opened, io: AgentHookIo): Promise<{ render(primer: string): Promise<string> } | null> {
  try {
    return (await import('./compact.js')).startAfterCompact(agent, input, o);
  } catch (e) {
    io.err(agentHookWarning(`after compaction: ${(e as Error).message}`));
    return null;
  }
}

/** The compaction's additions after the primer; the primer alone when they fail. */
async function withAfterCompact(after: { render(primer: string): Promise<string> }, text: string, io: AgentHookIo): Promise<string> {
  try {
    const extra = await after.render(text);
    return extra ? `${text}\n\n${extra}` : text;
  } catch (e) {
    io.err(agentHookWarning(`after compaction: ${(e as Error).message}`));
    return text;
  }
}

/** PreCompact and PostCompact: the compaction hooks, which never block the agent. */
async function compactionHook(event: 'pre-compact' | 'post-compact', agent: AgentName, input: HookInput, io: AgentHookIo, cwd: string): Promise<void> {
  const [{ open }, hooks] = await Promise.all([import('../../commands/context.js'), import('./compact.js')]);
  const o = open({ cwd, env: io.env });
  if (event === 'pre-compact') await hooks.preCompact(agent, input, o, io);
  else await hooks.postCompact(agent, input, o);
}

/**
 * SessionEnd (Stop for Codex and Cursor): hands a session with queued items, or with session notes
 * to end from, to a detached worker.
 */
async function sessionEnd(agent: AgentName, input: HookInput, io: AgentHookIo, cwd: string): Promise<void> {
  if (!input.sessionId) throw new UsageError('hook input has no session_id; the session cannot be finalised');
  const repo = findRepo(cwd, io.env);
  // The cheap checks run here so that most session ends start no process at all.
  if (readAgentState(repo.stateDir).finalised.includes(sessionKey(agent, input.sessionId))) return;
  if (!peekSpool(repo.stateDir).length && !(await import('./notes-check.js')).endsFromNotes(agent, input, repo)) return;
  const transcript = input.transcriptPath ?? undefined;
  io.startWorker(['hook', 'agent-worker', 'finalise', '--agent', agent, '--session-id', input.sessionId, ...(transcript ? ['--transcript', transcript] : [])], repo.root);
}

/**
 * `git-memory hook agent <event> --agent NAME`, called by an agent with its hook JSON on stdin.
 * Always returns EXIT.ok: a memory problem must never block an agent session, so failures are
 * reported on stderr (which the agents show to the user, or log) and nothing else happens; those
 * of the hooks that run during the session (tool use, a pause) go to the log only.
 */
export async function agentHook(args: string[], io: AgentHookIo): Promise<ExitCode> {
  let eventName: string | undefined;
  // Hooks that run during the session (tool use, a pause) print nothing at all:
  // whatever goes wrong goes to the log, never to the agent.
  let quiet = false;
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { agent: { type: 'string' } },
    });
    eventName = positionals[0];
    if (!values.agent) throw new UsageError('--agent is required', USAGE);
    const [agent] = parseAgents([values.agent]);
    if (!agent) throw new UsageError('--agent is required', USAGE);
    const duringSession = (e: HookEvent | null) => e === 'tool-use' || (e === 'stop' && !ADAPTERS[agent].stopEndsSession);
    quiet = duringSession(normaliseEvent(eventName));
    const input = parseHookInput(await io.readStdin());
    const event = normaliseEvent(eventName ?? input.event);
    quiet = duringSession(event);
    const cwd = input.cwd ?? io.cwd;
    if (event === 'session-start') await sessionStart(agent, input, io, cwd);
    else if (event === 'session-end' || (event === 'stop' && ADAPTERS[agent].stopEndsSession)) await sessionEnd(agent, input, io, cwd);
    else if (event === 'pre-compact' || event === 'post-compact') await compactionHook(event, agent, input, io, cwd);
    else if (!eventName && !input.event) throw new UsageError('name the hook event', USAGE);
    if (event === 'tool-use' || event === 'stop') await (await import('./notes-check.js')).keepNotes(agent, input, io, cwd);
  } catch (e) {
    const err = e as Error & { hint?: string };
    const message = agentHookFailure(eventName ?? '', err.message ?? String(e));
    if (quiet) logFailure(io.cwd, io.env, message);
    if (!quiet) io.err(`${message}\n${err.hint ? `${err.hint}\n` : ''}`);
  }
  return EXIT.ok;
}

/**
 * The lowest priority for a detached worker. On Linux a detached process leads a session of its
 * own, and with autogroup scheduling (the desktop default) its nice value counts only within that
 * session: its group's nice is lowered too, or it would take a full share of the processor beside
 * the agent and its hooks.
 */
function lowerPriority(pid: number): void {
  try {
    setPriority(pid, 19);
  } catch {
    /* not allowed here (or already gone): it runs at the same priority */
  }
  if (process.platform !== 'linux') return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, '19');
  } catch {
    /* no autogroup scheduling here */
  }
}

/** The process's own streams, and a detached `git-memory` for the end-of-session work. */
export function processHookIo(): AgentHookIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    readStdin: () => readHookStdin(),
    out: (t) => writeStdout(t),
    err: (t) => void process.stderr.write(t),
    startWorker: (args, cwd, opts) => {
      // Claude Code gives all SessionEnd hooks 1.5 s together, and Gemini CLI does not wait at all:
      // the journal entry, primer and commit are written by a process that outlives the hook.
      // child_process (with net and the streams it loads) only when a worker starts.
      const child = childProcess().spawn(process.execPath, [process.argv[1]!, ...args], { cwd, env: process.env, detached: true, stdio: 'ignore' });
      child.unref();
      // Lowered from here, so that its start-up yields too, not only its work.
      if (opts?.low && child.pid) lowerPriority(child.pid);
    },
  };
}
