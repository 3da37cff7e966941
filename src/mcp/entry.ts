// The real MCP server (mcp.mjs): loaded by the front (front-entry.ts) at the first message it does
// not answer itself, and by the build for the listing the front answers from.
import { EXIT, type ExitCode } from '../errors.js';
import { serveMcp } from './server.js';

export { mcpListing } from './listing.js';
export { FRONT_SH_FILE, frontSh } from './front-sh.js';

/** Serves MCP on the process's stdio, or on the streams the front hands over. */
export async function runMcp(input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<ExitCode> {
  await serveMcp({ cwd: process.cwd(), env: process.env }, (t) => process.stderr.write(t), input, output);
  return EXIT.ok;
}
