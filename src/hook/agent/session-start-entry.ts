// `git-memory hook agent session-start --agent NAME`, run at every start, resume and compaction of
// an agent session, from its own bundle (session-start.js, with a code cache): the primer and what
// a compaction needs, without the other agent hooks, their workers or node's argument parser.
import { parseAgents, type AgentName } from '../../agents/registry.js';
import { agentHookFailure } from '../../cli/messages.js';
import { EXIT, type ExitCode } from '../../errors.js';
import type { LoadFullAfterCompact } from './after-compact.js';
import { parseHookInput } from './input.js';
import { processHookIo } from './process-io.js';
import { sessionStart } from './session-start.js';

/**
 * The agent the arguments name, when they are the plain `session-start --agent NAME` (or
 * `--agent=NAME`) the installed hooks pass and NAME is known; null for anything else, which the
 * full agent hook parses and reports.
 */
export function sessionStartAgent(args: readonly string[]): AgentName | null {
  if (args[0] !== 'session-start') return null;
  const value = args.length === 3 && args[1] === '--agent' ? args[2] : args.length === 2 && args[1]!.startsWith('--agent=') ? args[1]!.slice(8) : undefined;
  if (!value || value.startsWith('-')) return null;
  try {
    return parseAgents([value])[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The SessionStart hook with the process's own streams: EXIT.ok always (a memory problem never
 * blocks a session; it is reported on stderr, as agentHook does). Null, before reading anything,
 * when the arguments are not the plain form: the caller hands them to agentHook (hook.ts).
 * `loadFull` loads the after-compaction computation this bundle leaves out (from agent-hooks.js).
 */
export async function runSessionStart(args: string[], loadFull: LoadFullAfterCompact): Promise<ExitCode | null> {
  const agent = sessionStartAgent(args);
  if (!agent) return null;
  const io = processHookIo();
  try {
    const input = parseHookInput(await io.readStdin());
    await sessionStart(agent, input, io, input.cwd ?? io.cwd, loadFull);
  } catch (e) {
    const err = e as Error & { hint?: string };
    io.err(`${agentHookFailure('session-start', err.message ?? String(e))}\n${err.hint ? `${err.hint}\n` : ''}`);
  }
  return EXIT.ok;
}
