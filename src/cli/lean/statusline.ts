// `git memory statusline` without the argument parser (dist/statusline.mjs): Claude Code refreshes
// the status line many times a session. An ESM entry beside cli.mjs, sharing its chunks; the
// handler loads lazily, as in the full command line.
import { runStatusline } from '../commands/statusline.js';
import { defaultIo } from '../io.js';
import { GLOBAL_OPTIONS } from '../options/global.js';
import { leanParse } from '../options/lean-parse.js';

/** `git memory statusline [--json]`; null sends anything else to the full command line. */
export async function leanStatusline(args: string[]): Promise<number | null> {
  const parsed = leanParse(GLOBAL_OPTIONS, args, false);
  if (!parsed) return null;
  const io = defaultIo();
  await runStatusline(io, { json: parsed.values.json as boolean | undefined });
  return io.exitCode;
}
