// An MCP client's side of the server's stdio transport, over two in-process pipes: the tests that
// drive serveMcp in-process (mcp-live, search live-first) connect a real SDK Client through it.
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { serveMcp } from '../../src/mcp/server.js';
import type { TestRepo } from './repo.js';

/** The client's side of the server's stdio transport, over two in-process pipes. */
export class PipeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  constructor(
    private readonly toServer: PassThrough,
    private readonly fromServer: PassThrough,
  ) {}

  async start(): Promise<void> {
    let buf = '';
    this.fromServer.on('data', (b: Buffer) => {
      buf += b.toString();
      for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.trim()) this.onmessage?.(JSON.parse(line) as JSONRPCMessage);
      }
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.toServer.write(`${JSON.stringify(message)}\n`);
  }

  async close(): Promise<void> {
    this.toServer.end();
    this.onclose?.();
  }
}

const servers: { client: Client; done: Promise<void> }[] = [];

/** The server in this process on pipes, as `git memory mcp` serves it on stdio, and an SDK client. */
export async function connectInProcess(repo: TestRepo): Promise<Client> {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const done = serveMcp({ cwd: repo.dir, env: repo.env }, () => {}, toServer, fromServer);
  const client = new Client({ name: 'in-process-test', version: '0.0.0' });
  await client.connect(new PipeTransport(toServer, fromServer));
  servers.push({ client, done });
  return client;
}

/** Closes every client {@link connectInProcess} opened and waits for its server (a file's afterEach). */
export async function closeInProcess(): Promise<void> {
  while (servers.length) {
    const s = servers.pop()!;
    await s.client.close();
    await s.done;
  }
}
