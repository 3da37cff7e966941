// Agent hooks load this file instead of the full command line: no argument parser, and each
// command's code in its own chunk.

/** `git-memory hook agent …` with the process's own streams. Always 0. */
export async function runAgentHook(args: string[]): Promise<number> {
  const { agentHook, processHookIo } = await import('./hook.js');
  return agentHook(args, processHookIo());
}
