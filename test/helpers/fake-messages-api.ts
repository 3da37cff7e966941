// A local stand-in for the Anthropic Messages API on 127.0.0.1: tests run the real @anthropic-ai/sdk
// (and git-memory's binary) against it, never the network. Only POST /v1/messages is answered; each
// request's JSON body is recorded, and the test's handler decides the reply (a message, an error with
// the API's status and error shape, or a stall to exercise timeouts).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { perFile } from './cleanup.js';

export interface FakeReply {
  status?: number;
  /** The response body; JSON-encoded. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (a value beyond the client's timeout makes it time out). */
  delayMs?: number;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** Bytes of the request body as sent. */
  bytes: number;
  /** The request body as sent, as text: what tests check for secrets and frames. */
  raw: string;
}

export interface FakeMessagesApi {
  /** Base URL for the SDK's `baseURL` or ANTHROPIC_BASE_URL: `http://127.0.0.1:<port>`. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

type Usage = Partial<{ input_tokens: number; output_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number }>;

const usageOf = (u: Usage = {}) => ({
  input_tokens: u.input_tokens ?? 100,
  output_tokens: u.output_tokens ?? 50,
  cache_creation_input_tokens: u.cache_creation_input_tokens ?? 0,
  cache_read_input_tokens: u.cache_read_input_tokens ?? 0,
});

let ids = 0;
perFile(() => void (ids = 0));
const message = (content: unknown[], stop: string, usage?: Usage, model = 'claude-haiku-4-5') => ({
  id: `msg_fake_${++ids}`,
  type: 'message',
  role: 'assistant',
  model,
  content,
  stop_reason: stop,
  stop_sequence: null,
  usage: usageOf(usage),
});

/** A message whose content is one text block. */
export function textReply(text: string, usage?: Usage): FakeReply {
  return { body: message([{ type: 'text', text }], 'end_turn', usage) };
}

/** A message that calls tools (`stop_reason: "tool_use"`), optionally after some text. */
export function toolUseReply(calls: { name: string; input: unknown }[], opts: { text?: string; usage?: Usage } = {}): FakeReply {
  const blocks: unknown[] = opts.text ? [{ type: 'text', text: opts.text }] : [];
  for (const c of calls) blocks.push({ type: 'tool_use', id: `toolu_fake_${++ids}`, name: c.name, input: c.input });
  return { body: message(blocks, 'tool_use', opts.usage) };
}

/** An API error in the documented shape: 529 overloaded_error, 429 rate_limit_error, 500 api_error… */
export function errorReply(status: number, type: string, text = type): FakeReply {
  return { status, body: { type: 'error', error: { type, message: text }, request_id: `req_fake_${++ids}` }, headers: { 'x-should-retry': 'false' } };
}

/**
 * Starts the fake. `handler` gets each request (and its 0-based number) and returns the reply; by
 * default every request gets a short text reply.
 */
export async function startFakeMessagesApi(
  handler: (req: RecordedRequest, n: number) => FakeReply | Promise<FakeReply> = () => textReply('ok'),
): Promise<FakeMessagesApi> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: `${req.method} ${req.url}` } }));
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        /* recorded as empty: the test sees it */
      }
      const rec: RecordedRequest = { path: req.url, headers: req.headers, body, bytes: raw.length, raw: raw.toString('utf8') };
      requests.push(rec);
      let reply: FakeReply;
      try {
        reply = await handler(rec, requests.length - 1);
      } catch (e) {
        reply = errorReply(500, 'api_error', String(e));
      }
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', 'request-id': `req_fake_${ids}`, ...reply.headers });
        res.end(JSON.stringify(reply.body ?? {}));
      };
      if (reply.delayMs) {
        const t = setTimeout(() => {
          timers.delete(t);
          send();
        }, reply.delayMs);
        timers.add(t);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
