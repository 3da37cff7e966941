// `git-memory mcp` with no other argument (as every agent's configuration starts it): the front
// (front.ts) in its own small CommonJS file, with the real server's listing baked in by the build;
// the real server (mcp.mjs: the SDK, zod, the tools) is loaded by the first message the front does
// not answer itself. `memory_search` calls it answers through the lean search (mcp-search.js,
// search-entry.ts), loaded at the first one.
import { EXIT, type ExitCode } from '../errors.js';
import { serveFront, type FrontCalls, type McpListing, type ServeFull } from './front.js';
import { searchCall, type SearchToolArgs } from './search-args.js';

declare const __GIT_MEMORY_MCP_LISTING__: McpListing | undefined;

/** Set at build time (scripts/build.mjs): the real server's answers to `initialize` and `tools/list`. */
const LISTING = typeof __GIT_MEMORY_MCP_LISTING__ === 'object' ? __GIT_MEMORY_MCP_LISTING__ : null;

/** What mcp-search.js exports (search-entry.ts). */
export interface LeanMcpSearch {
  leanMcpSearch(args: SearchToolArgs): Promise<unknown>;
  closeLeanMcpSearch(): void;
}

/** The `memory_search` calls the front answers: loaded by `load` at the first, `loaded` told once it answered. */
function searchCalls(load: () => LeanMcpSearch, loaded: () => void): FrontCalls {
  let lean: LeanMcpSearch | null = null;
  return {
    take(params) {
      const args = searchCall(params);
      if (!args) return null;
      return async () => {
        const first = !lean;
        lean ??= load();
        const result = await lean.leanMcpSearch(args);
        // After the answer is out: the code cache of what the search compiled (code-cache.ts).
        if (first) setImmediate(loaded);
        return result;
      };
    },
    close: () => lean?.closeLeanMcpSearch(),
  };
}

/**
 * `loadFull` loads mcp.mjs and returns its serve function; `loadSearch` loads mcp-search.js (absent:
 * the real server answers every call), `searched` is told after the first search was answered.
 */
export async function runMcpFront(loadFull: () => Promise<ServeFull>, loadSearch?: () => LeanMcpSearch, searched: () => void = () => {}): Promise<ExitCode> {
  await serveFront(LISTING, async (input, output) => (await loadFull())(input, output), process.stdin, process.stdout, loadSearch && searchCalls(loadSearch, searched));
  return EXIT.ok;
}
