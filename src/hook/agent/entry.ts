// Agent hooks load this file instead of the full command line: no argument parser, and each
// command's code in its own chunk.

import type { Opened } from '../../commands/context.js';
import type { HookSession } from '../../commands/steps/compaction-prepared.js';
import type { ExitCode } from '../../errors.js';
import type { AgentHookIo } from './process-io.js';

/** `git-memory hook agent …` with `io` (process-io.ts routeAgentHook). Always EXIT.ok. */
export async function runAgentHook(args: string[], io: AgentHookIo): Promise<ExitCode> {
  return (await import('./hook.js')).agentHook(args, io);
}

/** `git-memory hook agent-worker compact-prepare …`: PreCompact's worker (compact-worker.ts). Always EXIT.ok. */
export async function runCompactPrepare(args: string[]): Promise<ExitCode> {
  return (await import('./compact-worker.js')).runCompactPrepare(args);
}

/**
 * SessionStart's after-compaction computation when nothing PreCompact's worker prepared applies:
 * session-start.js, which leaves the ledger and git's facts out, loads it from this bundle.
 */
export async function prepareAfterCompact(o: Opened, s: HookSession) {
  return (await import('../../commands/steps/compaction-hooks.js')).prepareAfterCompact(o, s);
}
