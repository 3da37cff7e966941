// The MCP tools an agent calls to write memory (memory_log, memory_session_end) take the user's
// words as arguments: a password told in German or Chinese, or a key's first half, is refused like
// any secret, through the built binary's stdio server.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, makeRepo } from '../helpers/repo.js';

const PW = ['Qv7#m', 'Lr2xZ', 'k9&Tp'].join('');
const KEY = [['-----BEGIN RSA', 'PRIVATE KEY-----'].join(' '), 'MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi6Z1YvGg0kXkG0Lm3vQ2tkfx5s'].join(' ');

const clients: Client[] = [];
afterEach(async () => {
  while (clients.length) await clients.pop()!.close();
});

const text = (r: unknown) => (r as { content: { type: string; text: string }[] }).content[0]!.text;

describe('MCP tool arguments with secrets told in words', () => {
  it('memory_log and memory_session_end refuse them; nothing reaches the journal', async () => {
    const repo = makeRepo();
    await repo.run(['init', '--no-hooks']);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      cwd: repo.dir,
      env: Object.fromEntries(Object.entries({ ...repo.env, GIT_MEMORY_NOW: '2026-03-04T10:00:00' }).filter((e): e is [string, string] => e[1] !== undefined)),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'git-memory-test', version: '0.0.0' });
    clients.push(client);
    await client.connect(transport);
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
