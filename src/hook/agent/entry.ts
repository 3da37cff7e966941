// Agent hooks and the status line (refreshed many times a session) load this file instead of the
// full command line: no argument parser, and each command's code in its own chunk.

import type { ExitCode } from '../../errors.js';

/** `git-memory hook agent …` with the process's own streams. Always EXIT.ok. */
export async function runAgentHook(args: string[]): Promise<ExitCode> {
  const { agentHook, processHookIo } = await import('./hook.js');
  return agentHook(args, processHookIo());
}

/** `git memory statusline [--json]` without the argument parser; null sends anything else to the full command line. */
export async function leanStatusline(args: string[]): Promise<number | null> {
  if (args.some((a) => a !== '--json')) return null;
  const [{ runStatusline }, { defaultIo }] = await Promise.all([import('../../cli/commands/statusline.js'), import('../../cli/io.js')]);
  const io = defaultIo();
  await runStatusline(io, { json: args.includes('--json') });
  return io.exitCode;
}
