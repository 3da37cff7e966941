import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { McpListing } from './front.js';
import { memoryServer } from './server.js';

/**
 * What the MCP server answers to `initialize` and `tools/list`, asked of the real server (the SDK,
 * the tools' zod schemas) once: the build bakes it into the front (front.ts), which answers both
 * without loading any of that. Nothing in it depends on the repository or the run.
 */
export async function mcpListing(): Promise<McpListing> {
  const server = memoryServer({ cwd: process.cwd(), env: process.env }, () => {});
  const [client, side] = InMemoryTransport.createLinkedPair();
  const answers = new Map<unknown, { result?: Record<string, unknown>; error?: { code: number; message: string } }>();
  const all = new Promise<void>((resolve) => {
    client.onmessage = (m: JSONRPCMessage) => {
      const a = m as { id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } };
      answers.set(a.id, a);
      if (answers.size === 3) resolve();
    };
  });
  await server.connect(side);
  await client.start();
  await client.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'git-memory build', version: '0' } } });
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await client.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  // Claude Code asks first whether the server speaks a newer protocol (answered with an error by this SDK).
  await client.send({ jsonrpc: '2.0', id: 3, method: 'server/discover', params: {} });
  await all;
  await server.close();
  const [init, tools, discover] = [answers.get(1), answers.get(2), answers.get(3)];
  if (!init?.result || !tools?.result) throw new Error(`the MCP server answered ${JSON.stringify([init, tools])}`);
  return { versions: [...SUPPORTED_PROTOCOL_VERSIONS], latest: LATEST_PROTOCOL_VERSION, initialize: init.result, tools: tools.result, discoverError: discover?.error ?? null };
}
