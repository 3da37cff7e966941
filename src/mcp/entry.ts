// `git-memory mcp` with no other argument (as every agent's configuration starts it): its own
// bundle (mcp.mjs), without the command line's argument parser and command modules, so the agent's
// first model request, which waits for its MCP servers to connect, waits less (issue 24, section 3).
import { EXIT, type ExitCode } from '../errors.js';
import { serveMcp } from './server.js';

export async function runMcp(): Promise<ExitCode> {
  await serveMcp({ cwd: process.cwd(), env: process.env }, (t) => process.stderr.write(t));
  return EXIT.ok;
}
