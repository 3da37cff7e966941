// `git memory search` without the argument parser, bundled into one file (dist/search.js): agents
// search mid-session, and loading one file costs far less than resolving a graph of chunks.
import { defaultIo } from '../io.js';
import { BUILD_INDEX_ARG, runSearch, type SearchArgs } from '../commands/search.js';
import { buildSearchIndex } from '../../search/background.js';
import { EXIT } from '../../errors.js';
import { GLOBAL_OPTIONS } from '../options/global.js';
import { leanParse } from '../options/lean-parse.js';
import { SEARCH_OPTIONS } from '../options/search.js';
import { findRepo } from '../../git/repo.js';

const TABLE = { ...GLOBAL_OPTIONS, ...SEARCH_OPTIONS };

/** The search's arguments read from the same table yargs reads; null when the full CLI must parse them (no query included). */
export function leanSearchArgs(args: string[]): SearchArgs | null {
  const parsed = leanParse(TABLE, args, true);
  if (!parsed?.positionals.length) return null;
  return { ...(parsed.values as unknown as Omit<SearchArgs, 'query'>), query: parsed.positionals };
}

/**
 * Runs a search from raw arguments. Returns null when they need the full command line (help, an
 * unknown flag, a malformed number, no query), which then parses and reports them.
 */
export async function leanSearch(args: string[]): Promise<number | null> {
  // The detached build a first search in a fresh clone started (cli/commands/search.ts): no output, exit 0.
  if (args.length === 1 && args[0] === BUILD_INDEX_ARG) {
    try {
      await buildSearchIndex(findRepo(process.cwd(), process.env));
    } catch {
      /* the next search builds it in place */
    }
    return EXIT.ok;
  }
  const a = leanSearchArgs(args);
  if (!a) return null;
  const io = defaultIo();
  await runSearch(io, a);
  return io.exitCode;
}
