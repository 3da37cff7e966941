import { ClientRequestSchema, ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC error answer (`id` null when the message's own id could not be read). */
export interface JsonRpcErrorAnswer {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

/** One stdio line decoded: a message for the server, or the error to answer in its place. */
export type DecodedLine = { message: JSONRPCMessage } | { answer: JsonRpcErrorAnswer };

const strict = new TextDecoder('utf-8', { fatal: true });

// The SDK checks a request's params only inside its handler and answers a mismatch with -32603
// (internal error) and a raw zod dump; checked here, it is -32602 (invalid params) in plain words.
const REQUEST_SCHEMAS = new Map(ClientRequestSchema.options.map((s) => [s.shape.method.value as string, s]));

const answer = (id: unknown, code: number, message: string): DecodedLine => ({
  answer: { jsonrpc: '2.0', id: typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null, error: { code, message } },
});

/** `params.arguments: expected record, received string` — one line per problem, joined. */
function describeIssues(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${i.path.length ? `${i.path.map(String).join('.')}: ` : ''}${i.message.replace(/^Invalid input: /, '')}`).join('; ');
}

/**
 * Decodes one line of MCP's stdio transport as JSON-RPC 2.0 requires: bytes that are not UTF-8 or
 * text that is not JSON get -32700 (parse error); a batch, or an object that is not a JSON-RPC 2.0
 * message (no `"jsonrpc": "2.0"`, no method, a bad id), gets -32600 (invalid request); a request
 * whose params do not fit its method gets -32602 (invalid params). MCP (since 2025-06-18) sends one
 * message per line and no batches.
 */
export function decodeLine(bytes: Buffer): DecodedLine {
  let value: unknown;
  try {
    value = JSON.parse(strict.decode(bytes));
  } catch (e) {
    const why = e instanceof SyntaxError ? e.message : 'the bytes are not valid UTF-8';
    return answer(null, ErrorCode.ParseError, `Parse error: ${why}`);
  }
  if (Array.isArray(value)) return answer(null, ErrorCode.InvalidRequest, 'Invalid Request: batches are not supported; MCP sends one JSON-RPC message per line');
  if (typeof value !== 'object' || value === null) return answer(null, ErrorCode.InvalidRequest, 'Invalid Request: a JSON-RPC message is a JSON object');
  const o = value as Record<string, unknown>;
  if (o.jsonrpc !== '2.0') return answer(o.id, ErrorCode.InvalidRequest, `Invalid Request: "jsonrpc" must be "2.0", found ${JSON.stringify(o.jsonrpc) ?? 'nothing'}`);
  if ('id' in o && !(typeof o.id === 'string' || (typeof o.id === 'number' && Number.isInteger(o.id)))) {
    return answer(null, ErrorCode.InvalidRequest, `Invalid Request: "id" must be a string or an integer, found ${JSON.stringify(o.id)}`);
  }
  if ('method' in o ? typeof o.method !== 'string' : !('result' in o || 'error' in o)) {
    return answer(o.id, ErrorCode.InvalidRequest, 'Invalid Request: "method" must be a string (a request or notification), or the message a response with "result" or "error"');
  }
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (!parsed.success) return answer(o.id, ErrorCode.InvalidRequest, `Invalid Request: ${describeIssues(parsed.error.issues)}`);
  const schema = 'id' in o && typeof o.method === 'string' ? REQUEST_SCHEMAS.get(o.method) : undefined;
  if (schema) {
    const params = schema.safeParse(value);
    if (!params.success) return answer(o.id, ErrorCode.InvalidParams, `Invalid params for ${o.method}: ${describeIssues(params.error.issues)}`);
  }
  return { message: parsed.data };
}
