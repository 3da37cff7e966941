// dist/mcp-search.js: `memory_search` as the MCP front answers it (front.ts), CommonJS with a code
// cache, without the MCP SDK, zod or the other tools (issue 28 item 5b). An agent's first search
// then costs the search, not the loading of the real server; every search of the session comes
// here, so one live index (search/live.ts) serves them all.
import type { Ctx } from '../commands/context.js';
import { closeLiveIndexes } from '../search/live.js';
import { serverDir } from './project-dir.js';
import type { SearchToolArgs } from './search-args.js';
import { SEARCH_TOOL } from './search-args.js';
import { runSearchTool } from './search-tool.js';
import { toolResult, type ToolResult } from './tool-result.js';

/** The context of each working directory served (one, in a server), found at its first search. */
const contexts = new Map<string, Ctx>();
let quiet = false;

/**
 * The result of `memory_search` for arguments the front checked (search-args.ts), exactly as the
 * real server gives it (server.ts), for the repository it would serve from `cwd` (project-dir.ts).
 * `arrived`: when the front read the call (performance.now()): the first answer is timed from it, so
 * loading this file is part of its time, not added to it.
 */
export function leanMcpSearch(args: SearchToolArgs, cwd = process.cwd(), env = process.env, log: (t: string) => void = (t) => void process.stderr.write(t), arrived = performance.now()): Promise<ToolResult> {
  if (!quiet) {
    // As the real server does: nothing but protocol messages on stdout.
    for (const k of ['log', 'info', 'debug', 'warn'] as const) console[k] = (...a: unknown[]) => console.error(...a);
    quiet = true;
  }
  let ctx = contexts.get(cwd);
  if (!ctx) {
    const { dir, from } = serverDir(cwd, env);
    if (from) log(`git-memory mcp: serving ${dir} (${from}); the working directory ${cwd} is not in a git work tree\n`);
    contexts.set(cwd, (ctx = { cwd: dir, env }));
  }
  const given = ctx;
  return toolResult(SEARCH_TOOL, () => runSearchTool(given, args, arrived), log);
}

/** Lets go of the live index (and stops its background build): the session is over. */
export function closeLeanMcpSearch(): void {
  contexts.clear();
  closeLiveIndexes();
}
