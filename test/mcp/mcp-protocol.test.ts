import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { decodeLine } from '../../src/mcp/jsonrpc-line.js';
import { inMcpTerms } from '../../src/mcp/mcp-terms.js';
import { BIN, makeRepo, type TestRepo } from '../helpers/repo.js';

const line = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));
const errorOf = (v: unknown) => {
  const got = decodeLine(line(v));
  return 'answer' in got ? [got.answer.id, got.answer.error.code, got.answer.error.message] : null;
};

describe('decodeLine: JSON-RPC 2.0 errors for what is not a message', () => {
  it('answers -32700 for text that is not JSON or bytes that are not UTF-8', () => {
    expect(errorOf('{"jsonrpc": "2.0", "id": 1,')).toEqual([null, -32700, expect.stringMatching(/^Parse error: /)]);
    expect(decodeLine(Buffer.concat([line('{"jsonrpc":"2.0","id":1,"method":"ping","x":"'), Buffer.from([0xc3, 0x28]), line('"}')]))).toEqual({
      answer: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the bytes are not valid UTF-8' } },
    });
  });

  it('answers -32600 for batches, non-objects, a missing or wrong jsonrpc, a bad id or no method', () => {
    expect(errorOf([{ jsonrpc: '2.0', id: 1, method: 'ping' }])).toEqual([null, -32600, expect.stringContaining('batches are not supported')]);
    expect(errorOf([])).toEqual([null, -32600, expect.stringContaining('batches')]);
    expect(errorOf(42)).toEqual([null, -32600, 'Invalid Request: a JSON-RPC message is a JSON object']);
    expect(errorOf({ id: 7, method: 'ping' })).toEqual([7, -32600, 'Invalid Request: "jsonrpc" must be "2.0", found nothing']);
    expect(errorOf({ jsonrpc: '1.0', id: 'a', method: 'ping' })).toEqual(['a', -32600, 'Invalid Request: "jsonrpc" must be "2.0", found "1.0"']);
    expect(errorOf({ jsonrpc: '2.0', id: { x: 1 }, method: 'ping' })).toEqual([null, -32600, expect.stringContaining('"id" must be a string or an integer')]);
    expect(errorOf({ jsonrpc: '2.0', id: 3, method: 5 })).toEqual([3, -32600, expect.stringContaining('"method" must be a string')]);
  });

  it('answers -32602 in plain words when params do not fit the method, and passes good messages through', () => {
    expect(errorOf({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'memory_log', arguments: 'x' } })).toEqual([
      4,
      -32602,
      'Invalid params for tools/call: params.arguments: expected record, received string',
    ]);
    expect(errorOf({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: {} })).toEqual([5, -32602, expect.stringContaining('params.name:')]);
    for (const ok of [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 2, method: 'no/such/method' }, { jsonrpc: '2.0', id: 3, result: {} }]) {
      expect(decodeLine(line(ok))).toEqual({ message: ok });
    }
  });
});

/** Sends raw lines to the built server; closes its stdin once every id in `ids` is answered. */
function exchange(repo: TestRepo, lines: (string | Buffer)[], ids: unknown[]): Promise<{ answers: Record<string, unknown>[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'mcp'], { cwd: repo.dir, env: repo.env });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('close', () => resolve({ answers: out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>), stderr: err }));
    const init = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    child.stdin.write(`${JSON.stringify(init)}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    for (const l of lines) child.stdin.write(Buffer.concat([Buffer.from(l), Buffer.from('\n')]));
    const wait = setInterval(() => {
      const got = new Set(out.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { id: unknown }).id));
      if (ids.every((id) => got.has(id))) {
        clearInterval(wait);
        child.stdin.end();
      }
    }, 20);
  });
}

describe('git memory mcp answers every malformed message and keeps serving (built binary)', () => {
  it('parse errors, batches, missing jsonrpc, bad params, and a size error in MCP terms', async () => {
    const repo = makeRepo();
    const big = 'x'.repeat(70 * 1024);
    const { answers } = await exchange(repo, [
      '{not json',
      JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }]),
      JSON.stringify({ id: 2, method: 'tools/list' }),
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'memory_log', arguments: 'text' } }),
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'memory_session_end', arguments: { request: big } } }),
      JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }),
      JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'memory_session_end', arguments: { request: 'x', agent: '!!' } } }),
    ], [null, 2, 3, 4, 5, 6]);
    const byId = (id: unknown) => answers.filter((a) => a.id === id);
    const errors = answers.filter((a) => a.id === null).map((a) => (a.error as { code: number }).code);
    expect(errors).toEqual([-32700, -32600]);
    expect(byId(2)).toEqual([{ jsonrpc: '2.0', id: 2, error: { code: -32600, message: 'Invalid Request: "jsonrpc" must be "2.0", found nothing' } }]);
    expect(byId(3)).toEqual([{ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Invalid params for tools/call: params.arguments: expected record, received string' } }]);
    const size = byId(4)[0]!.result as { isError: boolean; content: { text: string }[] };
    expect(size.isError).toBe(true);
    expect(size.content[0]!.text).toMatch(/^the summary given to memory_session_end is \d+ bytes; the limit is 65536/);
    expect(size.content[0]!.text).not.toContain('--summary');
    expect((byId(5)[0]!.result as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
    expect((byId(6)[0]!.result as { content: { text: string }[] }).content[0]!.text).toBe('`agent` must contain letters or digits, found "!!"');
  });
});

describe('inMcpTerms: handler errors named as tool arguments', () => {
  it('turns flags into argument names and leaves out command-line usage', () => {
    expect(inMcpTerms('--agent must contain letters or digits, found "!!"')).toBe('`agent` must contain letters or digits, found "!!"');
    expect(inMcpTerms('--max-tokens must be a positive whole number (see --days)')).toBe('`max_tokens` must be a positive whole number (see `days`)');
    expect(inMcpTerms('the log text is empty', 'usage: git memory log "what you learned"')).toBe('the log text is empty');
    expect(inMcpTerms('no task with id t-1', 'see `git memory tasks list --all` for the ids')).toBe('no task with id t-1');
    expect(inMcpTerms('summary does not have the expected shape', 'expected:\n{"request": "…"}')).toBe('summary does not have the expected shape\nexpected:\n{"request": "…"}');
    expect(inMcpTerms('a-b -- c --')).toBe('a-b -- c --');
  });
});
