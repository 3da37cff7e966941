import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { decodeLine, type JsonRpcErrorAnswer } from './jsonrpc-line.js';

/** A line longer than this is answered with an error and skipped, not buffered without end. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/**
 * MCP's stdio transport (one JSON-RPC message per line), answering what the SDK's own transport
 * drops in silence: lines that are not JSON, batches, messages that are not JSON-RPC 2.0, params
 * that do not fit the method (see jsonrpc-line.ts). Every answer goes out as one line on stdout.
 */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private buffered: Buffer[] = [];
  private size = 0;
  /** Set while the rest of an oversized line is being skipped. */
  private skipping = false;
  private closed = false;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
  ) {}

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, nl));
      this.line();
      start = nl + 1;
    }
    this.take(chunk.subarray(start));
  };

  private readonly onError = (e: Error) => this.onerror?.(e);

  private readonly onEnd = () => void this.close();

  private take(part: Buffer): void {
    if (this.skipping || !part.length) return;
    this.size += part.length;
    if (this.size > MAX_LINE_BYTES) {
      this.reply({ jsonrpc: '2.0', id: null, error: { code: ErrorCode.InvalidRequest, message: `Invalid Request: a message is limited to ${MAX_LINE_BYTES} bytes` } });
      this.buffered = [];
      this.size = 0;
      this.skipping = true;
      return;
    }
    this.buffered.push(Buffer.from(part));
  }

  private line(): void {
    const wasSkipping = this.skipping;
    this.skipping = false;
    let bytes = Buffer.concat(this.buffered);
    this.buffered = [];
    this.size = 0;
    if (wasSkipping) return;
    if (bytes[bytes.length - 1] === 13) bytes = bytes.subarray(0, -1);
    if (!bytes.toString('latin1').trim()) return; // blank lines are not messages
    const got = decodeLine(bytes);
    if ('answer' in got) this.reply(got.answer);
    else this.onmessage?.(got.message);
  }

  private reply(answer: JsonRpcErrorAnswer): void {
    void this.send(answer as unknown as JSONRPCMessage);
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onError);
    this.input.on('end', this.onEnd);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onError);
    this.input.off('end', this.onEnd);
    this.input.pause(); // so stdin does not keep the process alive
    this.onclose?.();
  }
}
