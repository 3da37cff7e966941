// `git-memory hook agent EVENT` run in the caller's process with the caller's io: the command line's
// `hook agent` (an in-process `main`, as the tests run it) and test/helpers/agent-hook.ts. The same
// route as the binary's (process-io.ts routeAgentHook); each route's code is the module itself
// rather than its bundle, and nothing bin.ts does for the process (its priority, the primer's early
// git calls, the code caches) is done here.
import type { ExitCode } from '../../errors.js';
import { routeAgentHook, type AgentHookEntries, type AgentHookIo } from './process-io.js';

const IN_PROCESS: AgentHookEntries = {
  detached: async (args, io) => (await import('./worker.js')).runDetachedHook(args, io),
  toolUse: async (args, io) => (await import('./tool-use-entry.js')).runToolUseHook(args, io),
  sessionStart: async (args, io) => {
    const { prepareAfterCompact } = await import('./entry.js');
    return (await import('./session-start-entry.js')).runSessionStart(args, async () => prepareAfterCompact, io);
  },
  agentHook: async (args, io) => (await import('./hook.js')).agentHook(args, io),
};

/** `hook agent <args>` (args start with the event) with `io`. Always EXIT.ok, as the binary's. */
export function runAgentHookIn(args: string[], io: AgentHookIo): Promise<ExitCode> {
  return routeAgentHook(args, io, IN_PROCESS);
}
