// `git-memory hook agent session-start --agent NAME`, run at every start, resume and compaction of
// an agent session, from its own bundle (session-start.js, with a code cache): the primer and what
// a compaction needs, without the other agent hooks, their workers or node's argument parser.
import { parseAgents, type AgentName } from '../../agents/registry.js';
import { agentHookFailure } from '../../cli/messages.js';
import { EXIT, type ExitCode } from '../../errors.js';
import { backgroundNice } from '../../nice.js';
import type { LoadFullAfterCompact } from './after-compact.js';
import { parseHookInput } from './input.js';
import { plainAgentArg } from './session-start-args.js';
import type { AgentHookIo } from './process-io.js';
import { sessionStart } from './session-start.js';
import { keepAfterCommit } from './kept-start.js';
import { createRequire } from 'node:module';

/**
 * The agent the arguments name, when they are the plain `session-start --agent NAME` (or
 * `--agent=NAME`) the installed hooks pass and NAME is known; null for anything else, which the
 * full agent hook parses and reports.
 */
export function sessionStartAgent(args: readonly string[]): AgentName | null {
  const value = plainAgentArg(args);
  if (!value) return null;
  try {
    return parseAgents([value])[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The SessionStart hook with `io` (process-io.ts routeAgentHook): EXIT.ok always (a memory problem
 * never blocks a session; it is reported on stderr, as agentHook does). Null, before reading
 * anything, when the arguments are not the plain form: the caller hands them to agentHook (hook.ts).
 * `loadFull` loads the after-compaction computation this bundle leaves out (from agent-hooks.js).
 */
export async function runSessionStart(args: string[], loadFull: LoadFullAfterCompact, io: AgentHookIo): Promise<ExitCode | null> {
  const agent = sessionStartAgent(args);
  if (!agent) return null;
  try {
    const input = parseHookInput(await io.readStdin());
    await sessionStart(agent, input, io, input.cwd ?? io.cwd, loadFull);
  } catch (e) {
    const err = e as Error & { hint?: string };
    io.err(`${agentHookFailure('session-start', err.message ?? String(e))}\n${err.hint ? `${err.hint}\n` : ''}`);
  }
  return EXIT.ok;
}

/**
 * `git-memory hook keep-start`: run by the post-commit hook in the background after `init` asked for
 * it (kept-start.ts keepAfterCommit), at the lowest priority, detached from the commit. Prints
 * nothing, exits 0: whatever fails, the next start runs node.
 */
export async function runKeepStart(): Promise<ExitCode> {
  try {
    const nice = backgroundNice();
    if (nice) (createRequire(import.meta.url)('node:os') as typeof import('node:os')).setPriority(nice);
  } catch {
    /* not allowed here: it runs at the priority it has */
  }
  await keepAfterCommit({ cwd: process.cwd(), env: process.env });
  return EXIT.ok;
}
