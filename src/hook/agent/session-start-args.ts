// What the entry point (bin.ts) reads of a SessionStart before loading its bundle: whether the
// arguments are the plain ones session-start.js takes, and which code cache the run should use.

/** The agent name of `session-start --agent NAME` (or `--agent=NAME`), unchecked; undefined for any other shape. */
export function plainAgentArg(args: readonly string[]): string | undefined {
  if (args[0] !== 'session-start') return undefined;
  const value = args.length === 3 && args[1] === '--agent' ? args[2] : args.length === 2 && args[1]!.startsWith('--agent=') ? args[1]!.slice(8) : undefined;
  return value && !value.startsWith('-') ? value : undefined;
}

/**
 * A compaction's SessionStart runs code a start does not (the after-compaction path), and the
 * other way round: each gets its own code cache, which holds what the run that made it compiled.
 * From the hook's input as bytes, before anything is parsed: the JSON string "compact" is the
 * source's value (a miss would only cost the cache's fit).
 */
export const sessionStartCache = (input: Buffer): string => (input.includes('"compact"') ? 'session-start-compact' : 'session-start');
