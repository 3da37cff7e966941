import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, makeRepo, type TestRepo } from '../helpers/repo.js';

const clients: Client[] = [];
const protocolErrors: Error[] = [];
afterEach(async () => {
  while (clients.length) await clients.pop()!.close();
  // Anything on stdout that is not an MCP message shows up here as a parse error.
  expect(protocolErrors).toEqual([]);
  protocolErrors.length = 0;
});

/** The SDK's own client, talking over stdio to the built binary in a real repository. */
async function connect(repo: TestRepo): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    cwd: repo.dir,
    env: Object.fromEntries(Object.entries({ ...repo.env, GIT_MEMORY_NOW: '2026-03-04T10:00:00' }).filter((e): e is [string, string] => e[1] !== undefined)),
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (b: Buffer) => (err += b.toString()));
  const client = new Client({ name: 'git-memory-test', version: '0.0.0' });
  client.onerror = (e) => protocolErrors.push(e);
  clients.push(client);
  await client.connect(transport); // fails on anything on stdout that is not protocol
  return { client, stderr: () => err };
}

const text = (r: unknown) => ((r as { content: { type: string; text: string }[] }).content[0]!.text);

describe('git memory mcp (stdio, built binary, SDK client)', () => {
  it('lists the tools, each with an input schema', async () => {
    const repo = makeRepo();
    await repo.run(['init', '--no-hooks']);
    const { client } = await connect(repo);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['memory_dream', 'memory_log', 'memory_primer', 'memory_search', 'memory_session_end', 'memory_tasks', 'memory_update_tasks']);
    for (const t of tools) expect(t.inputSchema.type).toBe('object');
    // `text` or OpenClaw memory's `content` (item 35 of issue 10): neither alone is required by the schema.
    const logSchema = tools.find((t) => t.name === 'memory_log')!.inputSchema;
    expect(Object.keys(logSchema.properties ?? {})).toEqual(expect.arrayContaining(['text', 'content']));
    expect(logSchema.required ?? []).toEqual([]);
  });

  it('runs a whole session: primer, log, tasks, end, then search finds it', async () => {
    const repo = makeRepo();
    await repo.run(['init', '--no-hooks']);
    const { client } = await connect(repo);

    const primer = await client.callTool({ name: 'memory_primer', arguments: {} });
    expect(text(primer)).toContain('# Project memory');
    // No structured answer: Claude Code gives the model that in place of the text (2.1.332: the model
    // got '{"tokens":156,"path":".openclaw_memory/PRIMER.md"}' and no briefing; gemini54).
    expect(primer.structuredContent).toBeUndefined();
    const logged = await client.callTool({ name: 'memory_log', arguments: { text: 'Webhook retries use exponential backoff', kind: 'decision' } });
    expect(logged.isError).toBeFalsy();
    expect(text(logged)).toContain('queued (decision)');

    const updated = await client.callTool({ name: 'memory_update_tasks', arguments: { tasks: [{ task: 'Retry failed webhooks', status: 'in_progress', next_step: 'Add jitter' }] } });
    expect(text(updated)).toMatch(/added t-[0-9a-z]+: Retry failed webhooks/);
    const listed = await client.callTool({ name: 'memory_tasks', arguments: {} });
    expect(text(listed)).toMatch(/\[in_progress\] Retry failed webhooks \(t-[0-9a-z]+\) next: Add jitter/);

    const ended = await client.callTool({ name: 'memory_session_end', arguments: { request: 'Make webhook delivery reliable', completed: ['Retry loop'], agent: 'claude' } });
    expect(ended.isError).toBeFalsy();
    expect(text(ended)).toMatch(/session written to \.openclaw_memory\/journal\/2026-03-04\/1000-claude-[0-9a-f]{6}\.md; memory committed as [0-9a-f]{7}/);
    expect(repo.git('log', '-1', '--format=%s').trim()).toBe('memory: Make webhook delivery reliable');
    const journal = repo.git('show', 'HEAD', '--format=', '--name-only');
    expect(journal).toMatch(/journal\/2026-03-04\/1000-claude-/);

    const found = await client.callTool({ name: 'memory_search', arguments: { query: 'exponential backoff' } });
    expect(text(found)).toContain('decisions: Webhook retries use exponential backoff');
    expect((found.structuredContent as { total: number }).total).toBe(1);
  });

  it('reports failures as isError results, and the server keeps serving', async () => {
    const repo = makeRepo();
    const { client, stderr } = await connect(repo);
    const bad = await client.callTool({ name: 'memory_log', arguments: { text: 'x', kind: 'gossip' } });
    expect(bad.isError).toBe(true);
    const empty = await client.callTool({ name: 'memory_search', arguments: { query: '  ' } });
    expect(empty.isError).toBe(true);
    expect(text(empty)).toMatch(/query is empty/);
    const secret = await client.callTool({ name: 'memory_log', arguments: { text: `deploy key AKIA${'Q'.repeat(16)} for prod` } });
    expect(secret.isError).toBe(true);
    expect(text(secret)).toMatch(/refused to write/);
    expect(stderr()).toMatch(/memory_log/);
    const ok = await client.callTool({ name: 'memory_log', arguments: { text: 'still serving' } });
    expect(ok.isError).toBeFalsy();
  });
});

// The tools an agent calls to write memory take the user's words as arguments: a password told in
// German or Chinese, or a key's first half, is refused like any secret.
describe('MCP tool arguments with secrets told in words', () => {
  const PW = ['Qv7#m', 'Lr2xZ', 'k9&Tp'].join('');
  const KEY = [['-----BEGIN RSA', 'PRIVATE KEY-----'].join(' '), 'MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi6Z1YvGg0kXkG0Lm3vQ2tkfx5s'].join(' ');

  it('memory_log and memory_session_end refuse them; nothing reaches the journal', async () => {
    const repo = makeRepo();
    await repo.run(['init', '--no-hooks']);
    const { client } = await connect(repo);
    const calls = [
      { name: 'memory_log', arguments: { text: `Das Passwort für die Staging-Datenbank lautet ${PW}` } },
      { name: 'memory_log', arguments: { text: `user asked to remember: 数据库密码是 ${PW}` } },
      { name: 'memory_session_end', arguments: { request: 'Rotate the deploy key', learned: [`first half: ${KEY}`], agent: 'claude' } },
    ];
    for (const call of calls) {
      const r = await client.callTool(call);
      expect(r.isError, `${call.name} accepted: ${JSON.stringify(call.arguments)}`).toBe(true);
      expect(text(r)).toMatch(/refused to write/);
    }
    // git grep prints the files that hold either (and exits 1 when none does).
    const found = spawnSync('git', ['grep', '-I', '-F', '-e', PW.slice(0, 8), '-e', 'MIIEpAIBAAKCAQEA3Tz2', '--untracked', '--', '.openclaw_memory'], { cwd: repo.dir, encoding: 'utf8', env: repo.env });
    expect(found.stdout, 'memory files that hold the secret').toBe('');
  });
});
