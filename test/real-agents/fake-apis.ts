// Fake model APIs on 127.0.0.1, one per vendor, each in the vendor's own streaming protocol, for the
// real agent CLIs: Anthropic Messages (SSE, plus count_tokens), OpenAI Responses (SSE) and Gemini
// streamGenerateContent (SSE, plus the routing generateContent call). A test scripts a queue of
// model turns; each model request takes the next one (an empty queue answers "Done."). Every
// request is recorded, with the time it arrived, so a test can read what reached the model.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tool call in the vendor-neutral script: the agent's own tool name and input. */
export interface ToolCall {
  name: string;
  input: Record<string, unknown> | string;
  /**
   * OpenAI Responses only: the output item to send as it is (an id and `status` are added), for a call
   * that is no plain function call: Codex's `tool_search_call`, or a `function_call` with a `namespace`.
   */
  item?: Record<string, unknown>;
}

/** One model turn: some text, tool calls, and the usage the API reports for it. */
export interface Turn {
  text?: string;
  tools?: ToolCall[];
  /** Input tokens reported (Claude Code's auto-compaction reads the context size from it). */
  inputTokens?: number;
  outputTokens?: number;
}

export interface Recorded {
  path: string;
  body: any;
  at: number;
  /** What kind of request the fake took it for. */
  kind: 'turn' | 'compact' | 'count' | 'route' | 'side' | 'other';
}

export interface FakeApi {
  url: string;
  requests: Recorded[];
  /** Turns not yet played. */
  queue: Turn[];
  /** Replaces the queue. */
  script(turns: Turn[]): void;
  /** The model requests (turns and compactions), in order. */
  turns(): Recorded[];
  close(): Promise<void>;
}

type Vendor = 'anthropic' | 'openai' | 'gemini';

let ids = 0;
const id = (p: string) => `${p}${Date.now().toString(36)}${++ids}`;

function sse(res: ServerResponse, events: [string | null, unknown][]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'close' });
  for (const [event, data] of events) res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  res.end();
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  res.end(JSON.stringify(body));
};

/** The text of every message in an Anthropic request, for telling a compaction request apart. */
const anthropicText = (body: any) => JSON.stringify(body?.messages ?? []);

export const COMPACT_SUMMARY = 'Summary of the scripted session: the user asked for files to be edited; the work is done.';

function anthropic(res: ServerResponse, path: string, body: any, next: () => Turn, rec: Recorded): void {
  if (path.startsWith('/v1/messages/count_tokens')) {
    rec.kind = 'count';
    return json(res, 200, { input_tokens: 1000 });
  }
  if (!path.startsWith('/v1/messages')) return json(res, 404, { type: 'error', error: { type: 'not_found_error', message: path } });
  // A helper request for structured output (Claude Code 2.1.337 names an interactive session from its
  // first prompt: `output_config.format` a JSON schema, no tools, beside the turn's own request): the
  // schema's string fields answered, no scripted turn taken.
  const schema = body?.output_config?.format?.type === 'json_schema' ? body.output_config.format.schema : null;
  if (schema) {
    rec.kind = 'side';
    const answer = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]: [string, any]) => [k, v?.type === 'string' ? 'Scripted session' : null]));
    return sse(res, [
      ['message_start', { type: 'message_start', message: { id: id('msg_fake_'), type: 'message', role: 'assistant', model: body?.model ?? 'claude', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 100, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } } }],
      ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: JSON.stringify(answer) } }],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } }],
      ['message_stop', { type: 'message_stop' }],
    ]);
  }
  // Claude Code's compaction request asks for a summary with no tools to call.
  const compact = /create a detailed summary of the conversation|summary of the conversation so far/i.test(anthropicText(body));
  rec.kind = compact ? 'compact' : 'turn';
  const turn = compact ? { text: `<summary>${COMPACT_SUMMARY}</summary>` } : next();
  const msgId = id('msg_fake_');
  const events: [string, unknown][] = [
    ['message_start', { type: 'message_start', message: { id: msgId, type: 'message', role: 'assistant', model: body?.model ?? 'claude', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: turn.inputTokens ?? 1000, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } } }],
  ];
  let index = 0;
  if (turn.text) {
    events.push(['content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }]);
    events.push(['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: turn.text } }]);
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
    index++;
  }
  for (const t of turn.tools ?? []) {
    events.push(['content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: id('toolu_fake_'), name: t.name, input: {} } }]);
    events.push(['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(t.input) } }]);
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
    index++;
  }
  events.push(['message_delta', { type: 'message_delta', delta: { stop_reason: turn.tools?.length ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: turn.outputTokens ?? 20 } }]);
  events.push(['message_stop', { type: 'message_stop' }]);
  sse(res, events);
}

function openai(res: ServerResponse, path: string, _body: unknown, next: () => Turn, rec: Recorded): void {
  if (!path.startsWith('/v1/responses')) return json(res, 404, { error: { message: `not found: ${path}`, type: 'invalid_request_error' } });
  rec.kind = 'turn';
  const turn = next();
  const respId = id('resp_');
  const output: any[] = [];
  const events: [string, unknown][] = [['response.created', { type: 'response.created', response: { id: respId, object: 'response', status: 'in_progress', output: [] } }]];
  if (turn.text) {
    const itemId = id('msg_');
    const item = { type: 'message', id: itemId, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: turn.text, annotations: [] }] };
    events.push(['response.output_item.added', { type: 'response.output_item.added', output_index: output.length, item: { ...item, status: 'in_progress', content: [] } }]);
    events.push(['response.output_text.delta', { type: 'response.output_text.delta', item_id: itemId, output_index: output.length, content_index: 0, delta: turn.text }]);
    events.push(['response.output_text.done', { type: 'response.output_text.done', item_id: itemId, output_index: output.length, content_index: 0, text: turn.text }]);
    events.push(['response.output_item.done', { type: 'response.output_item.done', output_index: output.length, item }]);
    output.push(item);
  }
  for (const t of turn.tools ?? []) {
    const item = t.item
      ? { id: id('it_'), status: 'completed', ...t.item }
      : typeof t.input === 'string'
        ? { type: 'custom_tool_call', id: id('ctc_'), call_id: id('call_'), name: t.name, input: t.input, status: 'completed' }
        : { type: 'function_call', id: id('fc_'), call_id: id('call_'), name: t.name, arguments: JSON.stringify(t.input), status: 'completed' };
    events.push(['response.output_item.added', { type: 'response.output_item.added', output_index: output.length, item }]);
    events.push(['response.output_item.done', { type: 'response.output_item.done', output_index: output.length, item }]);
    output.push(item);
  }
  const input = turn.inputTokens ?? 1000;
  const out = turn.outputTokens ?? 20;
  events.push(['response.completed', { type: 'response.completed', response: { id: respId, object: 'response', status: 'completed', output, usage: { input_tokens: input, input_tokens_details: { cached_tokens: 0 }, output_tokens: out, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: input + out } } }]);
  sse(res, events);
}

function gemini(res: ServerResponse, path: string, _body: any, next: () => Turn, rec: Recorded): void {
  const usage = (t: Turn) => ({ promptTokenCount: t.inputTokens ?? 1000, candidatesTokenCount: t.outputTokens ?? 20, totalTokenCount: (t.inputTokens ?? 1000) + (t.outputTokens ?? 20) });
  if (/:generateContent/.test(path)) {
    // The model router's call (and any other one-shot call): a routing answer that picks nothing special.
    rec.kind = 'route';
    const text = JSON.stringify({ complexity_reasoning: 'A simple scripted task.', complexity_score: 1 });
    return json(res, 200, { candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }], usageMetadata: usage({}) });
  }
  if (/:countTokens/.test(path)) {
    rec.kind = 'count';
    return json(res, 200, { totalTokens: 1000 });
  }
  if (!/:streamGenerateContent/.test(path)) return json(res, 404, { error: { code: 404, message: `not found: ${path}`, status: 'NOT_FOUND' } });
  rec.kind = 'turn';
  const turn = next();
  const parts: any[] = [];
  if (turn.text) parts.push({ text: turn.text });
  for (const t of turn.tools ?? []) parts.push({ functionCall: { name: t.name, args: t.input } });
  sse(res, [[null, { candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata: usage(turn), modelVersion: 'gemini-fake' }]]);
}

const HANDLERS: Record<Vendor, typeof anthropic> = { anthropic, openai, gemini };

/** Starts a fake API of one vendor on 127.0.0.1 with a free port. */
export async function startFakeApi(vendor: Vendor, turns: Turn[] = []): Promise<FakeApi> {
  const requests: Recorded[] = [];
  let queue = [...turns];
  const next = (): Turn => queue.shift() ?? { text: 'Done.' };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        /* not JSON: kept as text */
      }
      const rec: Recorded = { path: req.url ?? '', body, at: Date.now(), kind: 'other' };
      requests.push(rec);
      if (req.method !== 'POST') return json(res, 404, { error: { message: `${req.method} ${req.url}` } });
      try {
        HANDLERS[vendor](res, req.url ?? '', body, next, rec);
      } catch (e) {
        json(res, 500, { error: { message: String(e) } });
      }
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get queue() {
      return queue;
    },
    script(t: Turn[]) {
      queue = [...t];
    },
    turns: () => requests.filter((r) => r.kind === 'turn' || r.kind === 'compact'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
