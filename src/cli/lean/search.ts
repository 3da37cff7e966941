// `git memory search` without the argument parser, bundled into one file (dist/search.js): agents
// search mid-session, and loading one file costs far less than resolving a graph of chunks.
import { parseArgs } from 'node:util';
import { defaultIo } from '../io.js';
import { runSearch } from '../commands/search.js';
import { findRepo } from '../../git/repo.js';
import { startJournalKey } from '../../search/key.js';

/**
 * Runs a search from raw arguments. Returns null when they need the full command line (help, an
 * unknown flag, a malformed number, no query), which then parses and reports them.
 */
export async function leanSearch(args: string[]): Promise<number | null> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, since: { type: 'string' }, until: { type: 'string' }, author: { type: 'string' }, branch: { type: 'string' }, limit: { type: 'string' } },
    });
  } catch {
    return null;
  }
  const { values, positionals } = parsed;
  const limit = values.limit === undefined ? 10 : Number(values.limit);
  if (!positionals.length || Number.isNaN(limit)) return null;
  const io = defaultIo();
  try {
    startJournalKey(findRepo(io.cwd, io.env).root, io.cwd);
  } catch {
    /* not a repository: the search itself reports it */
  }
  await runSearch(io, { ...values, limit, query: positionals });
  return io.exitCode;
}
