// Agent hooks load this file instead of the full command line: no argument parser, and each
// command's code in its own chunk.

import type { ExitCode } from '../../errors.js';

/** `git-memory hook agent …` with the process's own streams. Always EXIT.ok. */
export async function runAgentHook(args: string[]): Promise<ExitCode> {
  const { agentHook, processHookIo } = await import('./hook.js');
  return agentHook(args, processHookIo());
}

/** `git-memory hook agent-worker compact-prepare …`: PreCompact's worker (compact-worker.ts). Always EXIT.ok. */
export async function runCompactPrepare(args: string[]): Promise<ExitCode> {
  return (await import('./compact-worker.js')).runCompactPrepare(args);
}
