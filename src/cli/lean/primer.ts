import { createRequire } from 'node:module';
import { primerStart, refreshPrimerFile } from '../../commands/primer-start.js';
import { runPrimer, type PrimerArgs } from '../commands/primer.js';
import { defaultIo } from '../io.js';
import { backgroundNice } from '../../nice.js';
import { GLOBAL_OPTIONS } from '../options/global.js';
import { leanParse } from '../options/lean-parse.js';
import { PRIMER_OPTIONS } from '../options/primer.js';

const TABLE = { ...GLOBAL_OPTIONS, ...PRIMER_OPTIONS };

/** The primer's arguments read from the same table yargs reads; null when the full CLI must parse them. */
export function leanPrimerArgs(args: string[]): PrimerArgs | null {
  const parsed = leanParse(TABLE, args, false);
  return parsed && (parsed.values as unknown as PrimerArgs);
}

/**
 * `git memory primer` runs at every agent session start, so it skips the argument parser's load
 * time: the same flags (PRIMER_OPTIONS) are read with node's parseArgs. Returns null when the
 * arguments need the full CLI (help, or anything it does not recognise), which then reports them,
 * and for `--for resume|compact`, whose additions (the compaction steps, the transcript readers)
 * this bundle leaves out: a session's start never needs them.
 */
export async function leanPrimer(args: string[]): Promise<number | null> {
  const a = leanPrimerArgs(args);
  if (!a || a.for === 'resume' || a.for === 'compact') return null;
  const io = defaultIo();
  await runPrimer(io, a, primerStart);
  return io.exitCode;
}

/**
 * `git-memory hook refresh-primer`: the post-commit hook's refresh of PRIMER.md where Aider reads it
 * (git/hook-blocks.ts), detached from the commit and at the lowest priority. Prints nothing, exits 0:
 * whatever fails, the next session's start or end rebuilds the primer.
 */
export async function leanRefreshPrimer(): Promise<number> {
  try {
    const nice = backgroundNice();
    if (nice) (createRequire(import.meta.url)('node:os') as typeof import('node:os')).setPriority(nice);
  } catch {
    /* not allowed here: it runs at the priority it has */
  }
  try {
    await refreshPrimerFile({ cwd: process.cwd(), env: process.env });
  } catch {
    /* see above */
  }
  return 0;
}
