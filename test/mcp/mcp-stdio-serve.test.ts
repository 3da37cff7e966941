import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_BYTES, StdioTransport } from '../../src/mcp/stdio-transport.js';
import { BIN, makeMemoryRepo, makeRepo, tempDir } from '../helpers/repo.js';

type Answer = { id?: unknown; result?: { content?: { text: string }[]; isError?: boolean }; error?: unknown };

const init = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/**
 * Runs the built server as an agent starts it (`git-memory mcp`, in `cwd` with `env`), writes every
 * message at once and closes stdin straight after, as `printf … | git-memory mcp` does; returns what
 * came back on stdout, by id, once the process has exited.
 */
function serve(cwd: string, env: NodeJS.ProcessEnv, messages: unknown[], opts: { lastNewline?: boolean } = {}): Promise<{ answers: Map<unknown, Answer>; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'mcp'], { cwd, env });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const answers = new Map<unknown, Answer>();
      for (const l of out.split('\n').filter(Boolean)) {
        const a = JSON.parse(l) as Answer;
        answers.set(a.id, a);
      }
      resolve({ answers, stderr: err, code });
    });
    const lines = [init, { jsonrpc: '2.0', method: 'notifications/initialized' }, ...messages].map((m) => `${JSON.stringify(m)}\n`).join('');
    child.stdin.end(opts.lastNewline === false ? lines.slice(0, -1) : lines);
  });
}

const text = (a: Answer | undefined) => a?.result?.content?.[0]?.text ?? '';
const without = (env: NodeJS.ProcessEnv, ...names: string[]) => Object.fromEntries(Object.entries(env).filter(([k]) => !names.includes(k)));

describe('git memory mcp: which repository it serves (built binary, stdio)', () => {
  it('started outside any repository, it serves the one CLAUDE_PROJECT_DIR names', async () => {
    const repo = await makeMemoryRepo({ now: '2026-03-04T10:00:00' });
    const outside = tempDir('gm-outside-');
    const env = { ...repo.env, CLAUDE_PROJECT_DIR: repo.dir };
    const { answers, stderr } = await serve(outside, env, [call(1, 'memory_update_tasks', { tasks: [{ task: 'Retry failed webhooks', status: 'pending' }] })]);
    expect(answers.get(1)?.result?.isError).toBeFalsy();
    expect(repo.read('.openclaw_memory/TASKS.md')).toContain('Retry failed webhooks');
    expect(stderr).toContain(`serving ${repo.dir} (CLAUDE_PROJECT_DIR)`);
    const listed = await serve(outside, env, [call(2, 'memory_tasks', {})]);
    expect(text(listed.answers.get(2))).toMatch(/\[todo\] Retry failed webhooks \(t-[0-9a-z]+\)/);
    expect(existsSync(join(outside, '.openclaw_memory'))).toBe(false);
  });

  it('a working directory inside a git work tree wins over CLAUDE_PROJECT_DIR', async () => {
    const here = await makeMemoryRepo();
    const other = await makeMemoryRepo();
    const sub = join(here.dir, 'src');
    mkdirSync(sub);
    const { answers } = await serve(sub, { ...here.env, CLAUDE_PROJECT_DIR: other.dir }, [call(1, 'memory_update_tasks', { tasks: [{ task: 'Only here', status: 'pending' }] })]);
    expect(answers.get(1)?.result?.isError).toBeFalsy();
    expect(here.read('.openclaw_memory/TASKS.md')).toContain('Only here');
    expect(other.read('.openclaw_memory/TASKS.md')).not.toContain('Only here');
  });

  it('neither in a repository nor given one, a call says the working directory is not a git repository', async () => {
    const repo = makeRepo();
    const outside = tempDir('gm-outside-');
    const notRepo = tempDir('gm-not-repo-');
    for (const env of [without(repo.env, 'CLAUDE_PROJECT_DIR'), { ...repo.env, CLAUDE_PROJECT_DIR: notRepo }]) {
      const { answers } = await serve(outside, env, [call(1, 'memory_tasks', {})]);
      expect(answers.get(1)?.result?.isError).toBe(true);
      expect(text(answers.get(1))).toContain(`not a git repository: ${outside}`);
    }
  });
});

describe('git memory mcp: stdin closing while a call runs (built binary, stdio)', () => {
  it('the call finishes and its reply is written before the server exits', async () => {
    const repo = await makeMemoryRepo({ now: '2026-03-04T10:00:00' });
    const { answers, code } = await serve(repo.dir, repo.env, [call(1, 'memory_session_end', { request: 'Close-race end', agent: 'claude' })]);
    expect(repo.git('log', '-1', '--format=%s').trim()).toBe('memory: Close-race end');
    expect(answers.get(1)?.result?.isError).toBeFalsy();
    expect(text(answers.get(1))).toMatch(/session written to .*; memory committed as [0-9a-f]{7}/);
    expect(code).toBe(0);
  });

  it('a last message without its newline is answered too', async () => {
    const repo = await makeMemoryRepo({ now: '2026-03-04T10:00:00' });
    const { answers, code } = await serve(repo.dir, repo.env, [call(1, 'memory_tasks', {})], { lastNewline: false });
    expect(answers.get(1)?.result).toBeDefined();
    expect(answers.get(1)?.result?.isError).toBeFalsy();
    expect(code).toBe(0);
  });

  it('every call in flight gets its reply, in whatever order they finish', async () => {
    const repo = await makeMemoryRepo({ now: '2026-03-04T10:00:00' });
    const { answers } = await serve(repo.dir, repo.env, [
      call(1, 'memory_log', { text: 'Webhook retries use exponential backoff', kind: 'decision' }),
      call(2, 'memory_primer', {}),
      call(3, 'memory_tasks', {}),
      { jsonrpc: '2.0', id: 4, method: 'tools/list' },
    ]);
    expect([...answers.keys()].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(text(answers.get(1))).toContain('queued (decision)');
    expect(text(answers.get(2))).toContain('# Project memory');
  });
});

describe('StdioTransport: the wait for running calls at the end of stdin is bounded', () => {
  const request = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' })}\n`;

  it('closes once the last running request is answered, with the answer written first', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.on('data', (b: Buffer) => (written += b.toString()));
    const t = new StdioTransport(input, output, 60_000);
    const closed = new Promise<string>((resolve) => (t.onclose = () => resolve(written)));
    t.onmessage = (m) => void setTimeout(() => void t.send({ jsonrpc: '2.0', id: (m as { id: number }).id, result: {} }), 50);
    await t.start();
    input.end(request(1) + request(2));
    const before = await closed;
    expect(before.split('\n').filter(Boolean).map((l) => JSON.parse(l).id)).toEqual([1, 2]);
  });

  it('a request never answered holds the close for the bound only; a cancelled one not at all', async () => {
    // Bounds far from what a loaded machine adds: the unanswered one waits its 200 ms bound (a timer
    // never fires early), the cancelled one is given a bound of 60 s and closes long before it.
    for (const [lines, bound, min, max] of [[request(1), 200, 150, 30_000], [request(1) + `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } })}\n`, 60_000, 0, 30_000]] as const) {
      const input = new PassThrough();
      const t = new StdioTransport(input, new PassThrough(), bound);
      const start = Date.now();
      const closed = new Promise<number>((resolve) => (t.onclose = () => resolve(Date.now() - start)));
      t.onmessage = () => {};
      await t.start();
      input.end(lines);
      const took = await closed;
      expect(took).toBeGreaterThanOrEqual(min);
      expect(took).toBeLessThan(max);
    }
  });
});

describe('StdioTransport: a line over the limit is answered with its own id', () => {
  const big = 'x'.repeat(MAX_LINE_BYTES);
  // The MCP SDK's client writes `{ ...request, jsonrpc, id }`: the id comes after the params.
  const sdkOrder = (id: unknown) => `${JSON.stringify({ method: 'tools/call', params: { name: 'memory_search', arguments: { query: big } }, jsonrpc: '2.0', id })}\n`;
  const idFirst = (id: unknown) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'memory_search', arguments: { query: big } } })}\n`;
  const small = `${JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' })}\n`;

  async function answers(text: string, chunk: number): Promise<{ id: unknown; error?: { code: number } }[]> {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.on('data', (b: Buffer) => (written += b.toString()));
    const t = new StdioTransport(input, output, 200);
    const closed = new Promise<void>((resolve) => (t.onclose = () => resolve()));
    t.onmessage = (m) => void t.send({ jsonrpc: '2.0', id: (m as { id: number }).id, result: {} });
    await t.start();
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; at += chunk) input.write(bytes.subarray(at, at + chunk));
    input.end();
    await closed;
    return written.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  }

  it('its id after the params (as the SDK writes) or first, in any chunking; the next line is read as usual', async () => {
    for (const chunk of [65_536, 1_000_003]) {
      const got = await answers(sdkOrder(41) + idFirst('req-"7"') + small + sdkOrder('last'), chunk);
      expect(got.map((a) => [a.id, a.error?.code ?? 'ok'])).toEqual([[41, -32600], ['req-"7"', -32600], [9, 'ok'], ['last', -32600]]);
    }
  });

  it('an id it cannot tell (nested, or the line cut short) is null', async () => {
    const nested = `${JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', params: { arguments: { query: big, id: 5 } } })}\n`;
    const got = await answers(nested + big, 65_536);
    expect(got.map((a) => a.id)).toEqual([null, null]);
  });
});
