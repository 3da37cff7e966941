import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { decodeLine, type JsonRpcErrorAnswer } from './jsonrpc-line.js';

/** A line longer than this is answered with an error and skipped, not buffered without end. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** How long the end of stdin waits for the calls still running to be answered. */
const CLOSE_WAIT_MS = 30_000;

type Id = string | number;
const isId = (v: unknown): v is Id => typeof v === 'string' || typeof v === 'number';

/** How much of an oversized line's start and end is kept to find its id. */
const EDGE = 256;
const ID = String.raw`"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")`;
/** The id as a message's first member (`{"jsonrpc":"2.0","id":…` or `{"id":…`). */
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?${ID}\s*[,}]`);
/** The id as its last (the MCP SDK writes `{method, params, jsonrpc, id}`): the line's last `}` closes the message. */
const ID_LAST = new RegExp(String.raw`[{,]\s*${ID}\s*\}\s*$`);

/**
 * The id of a line too long to read, from its first and last bytes, or null: its answer names the
 * request, so a client waiting on that id is not left to its own timeout.
 */
export function oversizedId(head: Buffer, tail: Buffer): Id | null {
  const m = ID_FIRST.exec(head.toString('utf8')) ?? ID_LAST.exec(tail.toString('utf8'));
  if (!m) return null;
  try {
    const id: unknown = JSON.parse(m[1]!);
    return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : null;
  } catch {
    return null;
  }
}

/** The last `EDGE` bytes of `kept` followed by `part`. */
const lastBytes = (kept: Buffer, part: Buffer) => (part.length >= EDGE ? Buffer.from(part.subarray(part.length - EDGE)) : Buffer.concat([kept, part]).subarray(-EDGE));

/**
 * MCP's stdio transport (one JSON-RPC message per line), answering what the SDK's own transport
 * drops in silence: lines that are not JSON, batches, messages that are not JSON-RPC 2.0, params
 * that do not fit the method (see jsonrpc-line.ts). Every answer goes out as one line on stdout.
 *
 * When stdin ends (`printf … | git-memory mcp`, or a client that closes its end and waits), the
 * transport reads no more, but it closes (and the SDK, which drops the replies of the calls it
 * still runs once closed, with it) only when every request read has been answered and the answer
 * handed to stdout, or a request cancelled; at the latest after `closeWait` ms, so that a call that
 * never ends does not keep the connection open.
 */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private buffered: Buffer[] = [];
  private size = 0;
  /** Set while the rest of an oversized line is being skipped. */
  private skipping = false;
  /** An oversized line's first and (so far) last bytes: its id is answered at its end. */
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);
  private closed = false;
  /** Requests read and not answered yet (the answer not yet handed to stdout). */
  private readonly running = new Set<Id>();
  /** Lines written and not yet handed to stdout. */
  private writing = 0;
  /** Set once stdin ended: the close waits for `running` and `writing` to empty. */
  private ending: NodeJS.Timeout | null = null;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    private readonly closeWait = CLOSE_WAIT_MS,
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

  private readonly onEnd = () => {
    this.stopReading();
    if (this.closed || this.ending) return;
    // A last message without its newline (`printf '{…}' | git-memory mcp`) is a message too.
    if (this.buffered.length || this.skipping) this.line();
    this.ending = setTimeout(() => void this.close(), this.closeWait);
    this.ending.unref?.(); // a call still running keeps the process alive, not this wait
    this.closeIfDone();
  };

  private closeIfDone(): void {
    if (this.ending && !this.running.size && !this.writing) void this.close();
  }

  private take(part: Buffer): void {
    if (!part.length) return;
    if (this.skipping) {
      this.tail = lastBytes(this.tail, part);
      return;
    }
    this.size += part.length;
    if (this.size > MAX_LINE_BYTES) {
      // Skipped from here; answered at its end, when its last bytes (the SDK's id) are in.
      this.head = Buffer.concat([...this.buffered, part.subarray(0, EDGE)]).subarray(0, EDGE);
      this.tail = lastBytes(this.buffered.length ? this.buffered[this.buffered.length - 1]! : Buffer.alloc(0), part);
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
    if (wasSkipping) {
      const id = oversizedId(this.head, this.tail);
      this.head = this.tail = Buffer.alloc(0);
      this.reply({ jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidRequest, message: `Invalid Request: a message is limited to ${MAX_LINE_BYTES} bytes` } });
      return;
    }
    if (bytes[bytes.length - 1] === 13) bytes = bytes.subarray(0, -1);
    if (!bytes.toString('latin1').trim()) return; // blank lines are not messages
    const got = decodeLine(bytes);
    if ('answer' in got) return this.reply(got.answer);
    const m = got.message as { id?: unknown; method?: unknown; params?: { requestId?: unknown } };
    if (typeof m.method === 'string' && isId(m.id)) this.running.add(m.id);
    // The SDK answers nothing to a request the client cancelled.
    if (m.method === 'notifications/cancelled' && isId(m.params?.requestId)) this.running.delete(m.params.requestId);
    this.onmessage?.(got.message);
  }

  private reply(answer: JsonRpcErrorAnswer): void {
    void this.send(answer as unknown as JSONRPCMessage);
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onError);
    this.input.on('end', this.onEnd);
  }

  /** Resolves once the line is handed to stdout (or stdout failed): never waits on a reader that left. */
  send(message: JSONRPCMessage): Promise<void> {
    const m = message as { id?: unknown; result?: unknown; error?: unknown };
    const answers = isId(m.id) && ('result' in m || 'error' in m) ? m.id : null;
    this.writing++;
    return new Promise((resolve) => {
      this.output.write(`${JSON.stringify(message)}\n`, () => {
        this.writing--;
        if (answers !== null) this.running.delete(answers);
        this.closeIfDone();
        resolve();
      });
    });
  }

  private stopReading(): void {
    this.input.off('data', this.onData);
    this.input.off('error', this.onError);
    this.input.off('end', this.onEnd);
    this.input.pause(); // so stdin does not keep the process alive
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.ending) clearTimeout(this.ending);
    this.stopReading();
    this.onclose?.();
  }
}
