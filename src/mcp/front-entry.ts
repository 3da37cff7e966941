// `git-memory mcp` with no other argument (as every agent's configuration starts it): the front
// (front.ts) in its own small CommonJS file, with the real server's listing baked in by the build;
// the real server (mcp.mjs: the SDK, zod, the tools) is loaded by the first message the front does
// not answer itself.
import { EXIT, type ExitCode } from '../errors.js';
import { serveFront, type McpListing, type ServeFull } from './front.js';

declare const __GIT_MEMORY_MCP_LISTING__: McpListing | undefined;

/** Set at build time (scripts/build.mjs): the real server's answers to `initialize` and `tools/list`. */
const LISTING = typeof __GIT_MEMORY_MCP_LISTING__ === 'object' ? __GIT_MEMORY_MCP_LISTING__ : null;

/** `loadFull` loads mcp.mjs and returns its serve function. */
export async function runMcpFront(loadFull: () => Promise<ServeFull>): Promise<ExitCode> {
  await serveFront(LISTING, async (input, output) => (await loadFull())(input, output));
  return EXIT.ok;
}
