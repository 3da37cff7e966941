import { parseArgs } from 'node:util';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { START_CONTEXT_DIR } from '../../paths.js';
import { EXIT, UsageError, type ExitCode } from '../../errors.js';
import { agentHookFailure, agentHookUsage } from '../../cli/messages.js';
import { findRepo } from '../../git/repo.js';
import { peekSpool } from '../../git/spool.js';
import { sessionWork } from '../../git/session-commits.js';
import { readSessionStart } from '../../git/session-state.js';
import { ADAPTERS, HOOK_AGENT_NAMES, parseAgents, type AgentName } from '../../agents/registry.js';
import { normaliseEvent, parseHookInput, type HookEvent, type HookInput } from './input.js';
import { markFinalised, noteSessionEndSeen, readAgentState, readAwaitedEnd, sessionEndSeen, sessionKey, writeAwaitedEnd } from './session-state.js';
import { logFailure } from './hook-log.js';
import { runsBeside } from '../../agents/hook-command.js';
import { turnGated } from './turn-gate.js';
import type { AgentHookIo } from './process-io.js';
import type { Ledger } from '../../transcripts/ledger.js';

export type { AgentHookIo };

const USAGE = agentHookUsage(HOOK_AGENT_NAMES);


/** SessionStart's after-compaction computation when nothing prepared applies (session-start.ts). */
const fullAfterCompact = async () => (await import('../../commands/steps/compaction-hooks.js')).prepareAfterCompact;

/** PreCompact and PostCompact: the compaction hooks, which never block the agent. */
async function compactionHook(event: 'pre-compact' | 'post-compact', agent: AgentName, input: HookInput, io: AgentHookIo, cwd: string): Promise<void> {
  const [{ open }, hooks] = await Promise.all([import('../../commands/context.js'), import('./compact.js')]);
  const o = open({ cwd, env: io.env });
  if (event === 'pre-compact') await hooks.preCompact(agent, input, o, io);
  else await hooks.postCompact(agent, input, o);
}

/**
 * SessionEnd (Stop for Codex and Cursor): hands a session with queued items, or with something in
 * its transcript past what was recorded of it, to a detached worker. `ledger`: the session's
 * ledger, read up to now by the Stop hook.
 */
async function sessionEnd(agent: AgentName, input: HookInput, io: AgentHookIo, cwd: string, event: 'session-end' | 'stop', ledger?: Ledger): Promise<void> {
  if (!input.sessionId) throw new UsageError('hook input has no session_id; the session cannot be finalised');
  const repo = findRepo(cwd, io.env);
  const closing = event === 'session-end';
  // An agent whose Stop ends turns (Codex) and that fires SessionEnd too: from now on its sessions are recorded there.
  if (closing && ADAPTERS[agent].stopEndsSession) noteSessionEndSeen(repo.stateDir, agent);
  // A Gemini CLI session that ended before its first prompt leaves the start's output unread.
  if (closing && agent === 'gemini' && /^[\w-]+$/.test(input.sessionId)) rmSync(join(repo.stateDir, START_CONTEXT_DIR, `${input.sessionId}.json`), { force: true });
  // The cheap checks run here so that most session ends, and every Stop with nothing new, start no
  // process at all. A SessionEnd recorded already (a second hook for the same end) has nothing more.
  if (event === 'session-end' && readAgentState(repo.stateDir).finalised.includes(sessionKey(agent, input.sessionId))) return;
  // Work since the session's start (the spool, or the reflog where no post-commit hook ran), or its transcript.
  if (!sessionWork(repo, peekSpool(repo.stateDir), readSessionStart(repo.stateDir, input.sessionId), input.sessionId) && !(await import('./notes-check.js')).endsFromNotes(agent, input, repo, ledger)) {
    // Nothing to record, but the session is over: it is not the open one any more (`primer --for
    // compact`, a terminal's `end` beside an agent whose shells name no session read that).
    if (closing) await markFinalised(repo.stateDir, agent, input.sessionId).catch(() => undefined);
    return;
  }
  const transcript = input.transcriptPath ?? undefined;
  io.startWorker(['hook', 'agent-worker', 'finalise', '--agent', agent, '--session-id', input.sessionId, ...(transcript ? ['--transcript', transcript] : []), ...(closing ? ['--closing'] : [])], repo.root);
}

/**
 * Whether this Stop of an agent whose Stop ends the session (Codex) records the turn. Not once a
 * SessionEnd was seen in the worktree: the session is recorded there, once. Before that, a session
 * whose version fires SessionEnd (Codex 0.171 on, from its rollout) waits for it too, so that the
 * first session is one record and one commit as well. Should a later session find that the one that
 * waited never got its SessionEnd (its hook not reviewed, or the process killed), SessionEnd does not
 * fire here: Stops record again, and the session that waited is recorded now, by a worker of its own.
 */
function stopRecordsTurn(agent: AgentName, input: HookInput, io: AgentHookIo, cwd: string): boolean {
  if (!ADAPTERS[agent].stopEndsSession) return false;
  const repo = findRepo(cwd, io.env);
  if (sessionEndSeen(repo.stateDir, agent)) return false;
  if (!input.sessionId || !input.transcriptPath || !ADAPTERS[agent].firesSessionEnd?.(input.transcriptPath)) return true;
  const awaited = readAwaitedEnd(repo.stateDir, agent);
  if (!awaited) return !writeAwaitedEnd(repo.stateDir, agent, { sessionId: input.sessionId, transcriptPath: input.transcriptPath });
  if (awaited.sessionId === input.sessionId) return false;
  if (!awaited.recorded && writeAwaitedEnd(repo.stateDir, agent, { ...awaited, recorded: true })) {
    io.startWorker(['hook', 'agent-worker', 'finalise', '--agent', agent, '--session-id', awaited.sessionId, ...(awaited.transcriptPath ? ['--transcript', awaited.transcriptPath] : []), '--closing'], repo.root);
  }
  return true;
}

/**
 * `git-memory hook agent <event> --agent NAME [--detached]`, called by an agent with its hook JSON on stdin.
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
      options: { agent: { type: 'string' }, detached: { type: 'boolean' } },
    });
    // Run in the background by the hook command (Codex's SessionEnd, agents/hook-command.ts), from the
    // workers' bundle (worker.ts runDetachedHook): nobody reads what it prints.
    eventName = positionals[0];
    if (!values.agent) throw new UsageError('--agent is required', USAGE);
    const [agent] = parseAgents([values.agent]);
    if (!agent) throw new UsageError('--agent is required', USAGE);
    let input: HookInput | undefined;
    // …and so do those whose command runs them beside the agent (agents/hook-command.ts): nobody reads their output.
    const duringSession = (e: HookEvent | null) => e === 'tool-use' || (e === 'stop' && (!ADAPTERS[agent].stopEndsSession || runsBeside(agent, e)));
    quiet = duringSession(normaliseEvent(eventName)) || values.detached === true;
    input = parseHookInput(await io.readStdin());
    const event = normaliseEvent(eventName ?? input.event);
    quiet = duringSession(event) || values.detached === true;
    const cwd = input.cwd ?? io.cwd;
    // The notes first: a Stop that ends a turn (Codex) then finds the ledger read up to now. Their
    // failure is reported after the session's end had its chance.
    let ledger: Ledger | null = null;
    let notesFailed: unknown = null;
    // A turn's end that only applies the thresholds leaves a gate for the next one (turn-gate.ts).
    const gate = event === 'stop' && (agent === 'claude' || agent === 'codex' || agent === 'gemini') && turnGated(agent, findRepo(cwd, io.env).stateDir, input.sessionId);
    if (event === 'tool-use' || event === 'stop') ledger = await (await import('./notes-check.js')).keepNotes(agent, input, io, cwd, { gate, lean: event === 'tool-use' }).catch((e: unknown) => ((notesFailed = e), null));
    if (event === 'session-start') await (await import('./session-start.js')).sessionStart(agent, input, io, cwd, fullAfterCompact);
    else if (event === 'session-end' || (event === 'stop' && stopRecordsTurn(agent, input, io, cwd))) await sessionEnd(agent, input, io, cwd, event, ledger ?? undefined);
    else if (event === 'pre-compact' || event === 'post-compact') await compactionHook(event, agent, input, io, cwd);
    else if (!eventName && !input.event) throw new UsageError('name the hook event', USAGE);
    if (notesFailed) throw notesFailed;
  } catch (e) {
    const err = e as Error & { hint?: string };
    const message = agentHookFailure(eventName ?? '', err.message ?? String(e));
    // SessionEnd's too: Claude Code's runs beside it, its output going nowhere (agents/hook-command.ts).
    if (quiet || normaliseEvent(eventName) === 'session-end') logFailure(io.cwd, io.env, message);
    if (!quiet) io.err(`${message}\n${err.hint ? `${err.hint}\n` : ''}`);
  }
  return EXIT.ok;
}
