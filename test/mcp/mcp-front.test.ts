// The front of `git-memory mcp` (src/mcp/front.ts, issue 24 section 3): `initialize` and
// `tools/list` answered without loading the MCP SDK, zod or the tools; the real server taking over
// at the first message the front leaves, with the session going on as with the real server alone.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { serveFront, REPLAYED_ID, type FrontCalls } from '../../src/mcp/front.js';
import { searchCall } from '../../src/mcp/search-args.js';
import { closeLeanMcpSearch, leanMcpSearch } from '../../src/mcp/search-entry.js';
import { mcpListing } from '../../src/mcp/listing.js';
import { serveMcp } from '../../src/mcp/server.js';
import { BIN, makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';

type Answer = { id?: unknown; result?: Record<string, any>; error?: { code: number; message: string } };
const initialize = (id: number | string, protocolVersion = '2025-06-18') => ({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: { roots: {} }, clientInfo: { name: 't', version: '1' } } });
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
const lines = (ms: unknown[]) => ms.map((m) => (typeof m === 'string' ? `${m}\n` : `${JSON.stringify(m)}\n`)).join('');

/**
 * The built server run as an agent starts it, with every ES module node loads logged (a resolve
 * hook): all of `messages` written at once and stdin closed, as `printf … | git-memory mcp` does.
 */
function serveBuilt(cwd: string, env: NodeJS.ProcessEnv, messages: unknown[]): Promise<{ answers: Answer[]; loaded: string[] }> {
  const dir = tempDir('gm-front-');
  const log = join(dir, 'loaded.log');
  writeFileSync(log, '');
  const hooks = `import { appendFileSync } from 'node:fs'; export async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(log)}, r.url + '\\n'); return r; }`;
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', register, BIN, 'mcp'], { cwd, env });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', reject);
    child.on('close', () => {
      resolve({ answers: out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Answer), loaded: readFileSync(log, 'utf8').split('\n').filter(Boolean) });
    });
    child.stdin.end(lines(messages));
  });
}

const realServer = (url: string) => /\/dist\/(mcp\.mjs|chunks\/)/.test(url);

describe('git-memory mcp: the front (built binary)', () => {
  it('answers server/discover, initialize, tools/list and ping without loading the real server (the SDK, zod, the tools)', async () => {
    const repo = makeRepo();
    // Claude Code 2.1.328's first message asks whether the server speaks a newer protocol.
    const discover = { jsonrpc: '2.0', id: 'server-discover-probe-1', method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } };
    const { answers, loaded } = await serveBuilt(repo.dir, repo.env, [discover, initialize(0), initialized, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { jsonrpc: '2.0', id: 2, method: 'ping' }]);
    expect(answers.shift()).toEqual({ jsonrpc: '2.0', id: 'server-discover-probe-1', error: { code: -32601, message: 'Method not found' } });
    expect(answers.map((a) => a.id)).toEqual([0, 1, 2]);
    expect(answers[0].result?.serverInfo?.name).toBe('git-memory');
    expect(answers[1].result?.tools.map((t: { name: string }) => t.name)).toContain('memory_primer');
    expect(answers[2].result).toEqual({});
    expect(loaded.filter(realServer)).toEqual([]);
  });

  it('a tool call loads the real server, which answers it after the initialize it was spared, whose answer the client never sees twice', async () => {
    const repo = makeRepo();
    const { answers, loaded } = await serveBuilt(repo.dir, repo.env, [initialize(0), initialized, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'memory_tasks', arguments: {} } }, { jsonrpc: '2.0', id: 3, method: 'tools/list' }]);
    // Each answered once (JSON-RPC answers need not come in order: the call takes longer than the list).
    const byId = (id: unknown) => answers.filter((a) => a.id === id);
    expect(answers.map((a) => a.id).sort()).toEqual([0, 1, 2, 3]);
    expect(byId(REPLAYED_ID)).toEqual([]);
    expect(byId(2)[0].result?.content?.[0]?.text).toBe('no tasks');
    expect(byId(3)[0].result).toEqual(byId(1)[0].result);
    expect(loaded.some(realServer)).toBe(true);
  });
});

/** Runs `serve` over in-memory streams with `messages`, stdin closed after them; the answers by order. */
async function exchange(serve: (input: PassThrough, output: PassThrough) => Promise<void>, messages: unknown[]): Promise<Answer[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  let out = '';
  output.on('data', (b: Buffer) => (out += b.toString()));
  const done = serve(input, output);
  input.end(lines(messages));
  await done;
  // JSON-RPC answers need not come in the order asked: compared by id (`null` ones in their order).
  const key = (a: Answer) => JSON.stringify(a.id ?? null);
  return out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Answer).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

describe('serveFront: the same answers as the real server', async () => {
  const listing = await mcpListing();
  const ctx = () => ({ cwd: makeRepo().dir, env: process.env });
  const real = (input: PassThrough, output: PassThrough) => serveMcp(ctx(), () => {}, input, output);
  const front = (input: PassThrough, output: PassThrough) => serveFront(listing, (i, o) => serveMcp(ctx(), () => {}, i, o), input, output);

  it('for server/discover, initialize in every protocol version (and one it does not speak), tools/list and ping', async () => {
    for (const version of [...listing.versions, '1999-01-01']) {
      const session = [{ jsonrpc: '2.0', id: 'd', method: 'server/discover', params: { _meta: {} } }, initialize(7, version), initialized, { jsonrpc: '2.0', id: 'list', method: 'tools/list' }, { jsonrpc: '2.0', id: 9, method: 'ping' }];
      expect(await exchange(front, session)).toEqual(await exchange(real, session));
    }
  });

  it('for what it leaves to the real server: bad initialize params, a method before initialize, lines that are not messages', async () => {
    const sessions = [
      [{ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 5, capabilities: {}, clientInfo: { name: 't', version: '1' } } }],
      [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, initialize(2)],
      [initialize(0), initialized, '{not json', { jsonrpc: '2.0', id: 4, method: 'tools/list', params: { cursor: 3 } }, { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'memory_tasks', arguments: {} } }],
      [initialize(0), initialized, { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'memory_log', arguments: 'x' } }],
    ];
    for (const session of sessions) expect(await exchange(front, session)).toEqual(await exchange(real, session));
  });
});

/** A repository with three sessions in the journal, committed (as `end` writes them). */
function searchRepo(): TestRepo {
  const repo = makeRepo();
  const session = (day: string, hhmm: string, who: string, branch: string, request: string, learned: string) =>
    repo.write(
      `.openclaw_memory/journal/${day}/${hhmm.replace(':', '')}-claude-${who}.md`,
      `---\nsession: "${day.replace(/-/g, '')}-${hhmm.replace(':', '')}-${who}"\ndate: ${day}\ntime: "${hhmm}"\nagent: claude\nauthor: ${who} <${who}@example.com>\nbranch: ${branch}\n---\n\n## Session ${hhmm}\n\n### Request\n${request}\n\n### Learned\n- ${learned}\n`,
    );
  session('2026-03-02', '09:15', 'jane', 'main', 'Fix the webhook retry loop', 'Stripe webhooks retry for three days; make the handler idempotent');
  session('2026-03-04', '14:40', 'omar', 'feature/billing', 'Proration on plan change', 'Proration is computed per second, the webhook sends the total');
  session('2026-03-05', '11:05', 'jane', 'main', 'Webhook signatures', 'Check the webhook signature before parsing the body');
  repo.git('add', '.');
  repo.git('commit', '-q', '-m', 'sessions');
  // The index stored, as after any first search: how much of the journal a first search reads
  // before it answers depends on time (search/live.ts), not what these tests compare.
  expect(repo.exec(['search', 'webhook']).code).toBe(0);
  return repo;
}

/** Answers without the line a first search adds where git's check of the stored index took longer than it waits (search/live.ts). */
const unchecked = /\(the search index was searched as stored while it is checked[^\n]*\)\n/;
const checked = (answers: Answer[]) => answers.map((a) => (typeof a.result?.content?.[0]?.text === 'string' ? { ...a, result: { ...a.result, content: [{ ...a.result.content[0], text: a.result.content[0].text.replace(unchecked, '') }] } } : a));

const call = (id: number | string, name: string, args: unknown, extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...extra } });

describe('git-memory mcp: memory_search answered by the front (issue 28 item 5b)', () => {
  it('a first memory_search is answered without loading the real server; a later tool call still loads it, and searches after it are answered the same', async () => {
    const repo = searchRepo();
    const first = await serveBuilt(repo.dir, repo.env, [initialize(0), initialized, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, call(2, 'memory_search', { query: 'webhook retry' })]);
    expect(first.answers.map((a) => a.id)).toEqual([0, 1, 2]);
    expect(first.answers[2].result?.content[0].text).toContain('Fix the webhook retry loop');
    expect(first.answers[2].result?.structuredContent?.total).toBe(1);
    expect(first.loaded.filter(realServer)).toEqual([]);

    const mixed = await serveBuilt(repo.dir, repo.env, [initialize(0), initialized, call(1, 'memory_search', { query: 'proration' }), call(2, 'memory_tasks', {}), call(3, 'memory_search', { query: 'proration' })]);
    const byId = (id: unknown) => mixed.answers.filter((a) => a.id === id);
    expect(mixed.answers.map((a) => a.id).sort()).toEqual([0, 1, 2, 3]);
    expect(byId(2)[0].result?.content?.[0]?.text).toBe('no tasks');
    expect(checked(byId(3))[0].result).toEqual(checked(byId(1))[0].result);
    expect(mixed.loaded.some(realServer)).toBe(true);
  });
});

describe('serveFront with the lean search: the same answers as the real server', () => {
  /** The queries the front answered itself. */
  let taken: string[] = [];
  const leanCalls = (cwd: string): FrontCalls => ({
    take: (params) => {
      const args = searchCall(params);
      if (args) taken.push(args.query);
      return args ? () => leanMcpSearch(args, cwd, process.env, () => {}) : null;
    },
    close: closeLeanMcpSearch,
  });
  const sessions = [
    // Results, filters, a cap, OpenClaw's names, a progress token, a name the tool does not have.
    [initialize(0), initialized, call(1, 'memory_search', { query: 'webhook' }), call(2, 'memory_search', { query: 'webhook', author: 'JANE', branch: 'main', since: '2026-03-03', limit: 1 }), call(3, 'memory_search', { query: 'webhook', max_tokens: 40 })],
    [initialize(0), initialized, call(4, 'memory_search', { query: 'proration', scope: 'user', detail: true }, { _meta: { progressToken: 7 } }), call(5, 'memory_search', { query: 'signature', color: 'red' }), call(6, 'memory_search', { query: 'nothing like it' })],
    // A date the pattern lets through and the command refuses; arguments zod refuses (left to the real server).
    [initialize(0), initialized, call(7, 'memory_search', { query: 'webhook', since: '2026-02-30' }), call(8, 'memory_search', { query: '' }), call(9, 'memory_search', { query: 'x', limit: 0 }), call(10, 'memory_search', { query: 'x', until: 5 }), call(11, 'memory_search', 'webhook')],
    // Between other tools' calls (the real server's), and one the client cancelled at once (answered by neither).
    [initialize(0), initialized, call(12, 'memory_tasks', {}), call(13, 'memory_search', { query: 'webhook retry' }), call(14, 'memory_search', { query: 'proration' }), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 14 } }, call(15, 'memory_tasks', { all: true })],
    // Before initialize: the real server's as before.
    [call(16, 'memory_search', { query: 'webhook' }), initialize(0)],
  ];

  it('for memory_search calls: results, filters, caps, warnings, errors, arguments it leaves to the real server, a cancelled call', async () => {
    const listing = await mcpListing();
    const repo = searchRepo();
    const real = (input: PassThrough, output: PassThrough) => serveMcp({ cwd: repo.dir, env: process.env }, () => {}, input, output);
    const front = (input: PassThrough, output: PassThrough) => serveFront(listing, (i, o) => serveMcp({ cwd: repo.dir, env: process.env }, () => {}, i, o), input, output, leanCalls(repo.dir));
    for (const session of sessions) {
      const mine = await exchange(front, session);
      expect(checked(mine)).toEqual(checked(await exchange(real, session)));
    }
    // The front took the calls it can answer as the real server does, and left the rest to it.
    expect(taken).toEqual(['webhook', 'webhook', 'webhook', 'proration', 'signature', 'nothing like it', 'webhook', 'webhook retry', 'proration']);
    taken = [];
    // Answered at all (not two empty lists alike): a search with results, the refused date as a tool error.
    const answers = await exchange(front, [...sessions[0]!, ...sessions[2]!.slice(2)]);
    expect(answers.find((a) => a.id === 1)?.result?.structuredContent?.total).toBe(3);
    expect(answers.find((a) => a.id === 7)?.result).toMatchObject({ isError: true });
  });

  it('outside a git work tree, as the real server', async () => {
    const listing = await mcpListing();
    const dir = tempDir('gm-front-norepo-');
    const session = [initialize(0), initialized, call(1, 'memory_search', { query: 'webhook' })];
    const front = (input: PassThrough, output: PassThrough) => serveFront(listing, (i, o) => serveMcp({ cwd: dir, env: process.env }, () => {}, i, o), input, output, leanCalls(dir));
    const real = (input: PassThrough, output: PassThrough) => serveMcp({ cwd: dir, env: process.env }, () => {}, input, output);
    const mine = await exchange(front, session);
    expect(mine[1]?.result).toMatchObject({ isError: true });
    expect(mine).toEqual(await exchange(real, session));
  });
});
