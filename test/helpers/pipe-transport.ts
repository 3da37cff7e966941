// An MCP client's side of the server's stdio transport, over two in-process pipes: the tests that
// drive serveMcp in-process (mcp-live, search live-first) connect a real SDK Client through it.
import type { PassThrough } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

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
