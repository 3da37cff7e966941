// The agent-facing commands that run often and must start fast (every session start, every status
// line refresh) load this file instead of the full command line: no argument parser, and each
// command's code in its own chunk.
import { agentHook, processHookIo } from './hook.js';

/** `git-memory hook agent …` with the process's own streams. Always 0. */
export function runAgentHook(args: string[]): Promise<number> {
  return agentHook(args, processHookIo());
}
