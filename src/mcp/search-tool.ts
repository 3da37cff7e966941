// What `memory_search` does, shared by the real server's tool (tools.ts) and the lean search the
// MCP front answers the call with (search-entry.ts): one code path, whichever process part runs it.
import type { Ctx, Result } from '../commands/context.js';
import { search } from '../commands/search.js';
import { renderSearch } from '../cli/commands/search.js';
import { liveIndex } from '../search/live.js';
import { estimateTokens } from '../memory/tokens.js';
import type { ToolAnswer } from './define-tool.js';
import type { SearchToolArgs } from './search-args.js';

/**
 * Searches the journal for the tool's arguments; the text is the command line's, cut to `max_tokens`.
 * `arrived`: when the call arrived (performance.now()), which a first search's answer is timed from.
 */
export async function runSearchTool(ctx: Ctx, a: SearchToolArgs, arrived = performance.now()): Promise<Result<ToolAnswer>> {
  // The index stays open between calls, checked by lstat, not git (see search/live.ts).
  const r = await search(ctx, { query: a.query, since: a.since, until: a.until, author: a.author, branch: a.branch, limit: a.limit }, { open: (repo) => liveIndex(repo).open(arrived) });
  const { scope } = a;
  // OpenClaw memory also searched its user and agent files; here memory is the journal alone.
  if (scope && !['journal', 'project'].includes(scope)) r.warnings.push(`scope "${scope}": git-memory searches this repository's journal only, which is what was searched`);
  const cap = a.max_tokens;
  const d = r.data;
  let shown = d.results;
  while (cap && shown.length > 1 && estimateTokens(renderSearch({ ...d, results: shown })) > cap) shown = shown.slice(0, -1);
  const more = d.results.length - shown.length;
  const text = `${renderSearch({ ...d, results: shown })}${more ? `\n(${more} more result(s) left out to fit max_tokens ${cap})` : ''}`;
  return { data: { text, data: { results: shown, total: d.total } }, warnings: r.warnings };
}
