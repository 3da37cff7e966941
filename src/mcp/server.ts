import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Ctx } from '../commands/context.js';
import { VERSION } from '../version.js';
import { serverDir } from './project-dir.js';
import { StdioTransport } from './stdio-transport.js';
import { TOOLS, type ToolSpec } from './tools.js';
import { toolResult } from './tool-result.js';

function register(server: McpServer, ctx: Ctx, tool: ToolSpec, log: (t: string) => void): void {
  server.registerTool(
    tool.name,
    { title: tool.title, description: tool.description, inputSchema: tool.input, annotations: { readOnlyHint: tool.readOnly, openWorldHint: false } },
    async (args: Record<string, unknown>) => toolResult(tool.name, () => tool.run(ctx, args), log),
  );
}

/** The MCP server with the memory tools registered, serving `ctx`'s repository. */
export function memoryServer(ctx: Ctx, log: (t: string) => void): McpServer {
  const server = new McpServer({ name: 'git-memory', version: VERSION }, { instructions: 'Memory of earlier sessions on this repository, kept in git. Read memory_primer at the start, log what is worth keeping with memory_log, and end with memory_session_end.' });
  for (const tool of TOOLS) register(server, ctx, tool, log);
  return server;
}

/**
 * Serves the memory tools over MCP on stdin/stdout until the client goes away, for the repository
 * around `ctx.cwd` or, when that is none, the one the agent names (project-dir.ts). The MCP spec
 * allows nothing but protocol messages on stdout, so anything a library prints through `console`
 * goes to stderr instead.
 */
export async function serveMcp(
  given: Ctx,
  log: (t: string) => void = (t) => void process.stderr.write(t),
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  for (const k of ['log', 'info', 'debug', 'warn'] as const) console[k] = (...a: unknown[]) => console.error(...a);
  const { dir, from } = serverDir(given.cwd, given.env);
  if (from) log(`git-memory mcp: serving ${dir} (${from}); the working directory ${given.cwd} is not in a git work tree\n`);
  const server = memoryServer({ ...given, cwd: dir }, log);
  const transport = new StdioTransport(input, output);
  // The transport closes once stdin ended and the calls still running are answered (stdio-transport.ts).
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  await closed;
  await server.close();
  // What the tools kept between calls (search/live.ts, live-primer.ts) goes with the server.
  const [{ closeLiveIndexes }, { forgetLivePrimers }] = await Promise.all([import('../search/live.js'), import('./live-primer.js')]);
  closeLiveIndexes();
  forgetLivePrimers();
}
