// `git-memory mcp` with no other argument (as every agent's configuration starts it): the front
// (front.ts) in its own small CommonJS file, with the real server's listing baked in by the build;
// the real server (mcp.mjs: the SDK, zod, the tools) is loaded by the first message the front does
// not answer itself. `memory_search` calls it answers through the lean search (mcp-search.js,
// search-entry.ts), loaded at the first one.
import { closeSync, readFileSync } from 'node:fs';
import { EXIT, type ExitCode } from '../errors.js';
import { serveFront, type FrontCalls, type McpListing, type ServeFull, type Spared } from './front.js';
import { SPARED_ENV, SPARED_FD, parseSpared } from './front-spared.js';
import { searchCall, type SearchToolArgs } from './search-args.js';

declare const __GIT_MEMORY_MCP_LISTING__: McpListing | undefined;

/** Set at build time (scripts/build.mjs): the real server's answers to `initialize` and `tools/list`. */
const LISTING = typeof __GIT_MEMORY_MCP_LISTING__ === 'object' ? __GIT_MEMORY_MCP_LISTING__ : null;

/** What mcp-search.js exports (search-entry.ts). */
export interface LeanMcpSearch {
  leanMcpSearch(args: SearchToolArgs, cwd?: string, env?: NodeJS.ProcessEnv, log?: (t: string) => void, arrived?: number): Promise<unknown>;
  closeLeanMcpSearch(): void;
}

/** The `memory_search` calls the front answers: loaded by `load` at the first, `loaded` told once it answered. */
function searchCalls(load: () => LeanMcpSearch, loaded: () => void): FrontCalls {
  let lean: LeanMcpSearch | null = null;
  return {
    take(params) {
      const args = searchCall(params);
      if (!args) return null;
      // The answer is timed from here: loading the search's code is part of its time.
      const arrived = performance.now();
      return async () => {
        const first = !lean;
        lean ??= load();
        const result = await lean.leanMcpSearch(args, undefined, undefined, undefined, arrived);
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
  await serveFront(LISTING, async (input, output) => (await loadFull())(input, output), process.stdin, process.stdout, loadSearch && searchCalls(loadSearch, searched), takeSpared());
  return EXIT.ok;
}

/**
 * What the sh front (front-sh.ts) read before it exec'd this process, on fd SPARED_FD (a here-document)
 * when SPARED_ENV says so; neither goes on to the processes the server starts.
 */
function takeSpared(): Spared | undefined {
  if (process.env[SPARED_ENV] !== String(SPARED_FD)) return undefined;
  delete process.env[SPARED_ENV];
  try {
    return parseSpared(readFileSync(SPARED_FD));
  } catch {
    return undefined;
  } finally {
    try {
      closeSync(SPARED_FD);
    } catch {
      /* not open */
    }
  }
}
