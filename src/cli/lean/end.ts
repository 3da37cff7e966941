import { checkArgvBytes } from '../argv-bytes.js';
import { runEnd, type EndArgs } from '../commands/end.js';
import { defaultIo } from '../io.js';
import { maskSecrets } from '../mask-secrets.js';
import { GLOBAL_OPTIONS } from '../options/global.js';
import { leanParse } from '../options/lean-parse.js';
import { END_OPTIONS } from '../options/end.js';

const TABLE = { ...GLOBAL_OPTIONS, ...END_OPTIONS };

/** `end`'s arguments read from the same table yargs reads; null when the full CLI must parse them. */
export function leanEndArgs(args: string[]): EndArgs | null {
  // Text that starts with a dash, `--`, anything parseArgs and yargs might read apart: the full CLI.
  if (args.some((a) => a === '--' || a === '-h' || a === '--help')) return null;
  const parsed = leanParse(TABLE, args, false);
  return parsed && (parsed.values as unknown as EndArgs);
}

/**
 * `git memory end` runs at every session end, so it skips the argument parser's load and compile
 * time and is loaded through the code cache (see bin.ts, code-cache.ts): its flags are read with
 * node's parseArgs from END_OPTIONS. Returns null when the arguments need the full CLI (help, or
 * anything it does not recognise), which then reports them. Errors are masked with the whole
 * secret scan, as the full CLI masks them.
 */
export async function leanEnd(args: string[]): Promise<number | null> {
  const a = leanEndArgs(args);
  if (!a) return null;
  try {
    checkArgvBytes(args);
  } catch {
    return null; // the full CLI says what is wrong with them
  }
  const io = { ...defaultIo(), mask: maskSecrets };
  await runEnd(io, a);
  return io.exitCode;
}
