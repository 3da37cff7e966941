// Issue 24: the MCP server entries init writes (.mcp.json, .codex/config.toml, .gemini/settings.json,
// .cursor/mcp.json) are committed, so a teammate without git-memory starts them too. They ran
// `git-memory mcp` unguarded: the agent showed a server that failed to start. Guarded, the entry
// answers the MCP handshake itself (one resource saying git-memory is not installed, no tools), which
// the real agents take as a connected server (test/real-agents/teammate-trust.test.ts); with
// git-memory on PATH it is git-memory's own server.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import parseToml from '@iarna/toml/parse-string.js';
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { MCP_SCRIPT, isOurMcpServer } from '../../src/agents/config/mcp-servers.js';
import { pathWithBin, makeRepo, type TestRepo } from '../helpers/repo.js';

type Server = { command: string; args: string[]; env?: Record<string, string> };

const SERVERS: Record<string, (repo: TestRepo) => Server> = {
  '.mcp.json': (repo) => JSON.parse(repo.read('.mcp.json')).mcpServers['git-memory'],
  '.gemini/settings.json': (repo) => JSON.parse(repo.read('.gemini/settings.json')).mcpServers['git-memory'],
  '.cursor/mcp.json': (repo) => JSON.parse(repo.read('.cursor/mcp.json')).mcpServers['git-memory'],
  '.codex/config.toml': (repo) => (parseToml(repo.read('.codex/config.toml')) as any).mcp_servers['git-memory'],
};

/** Starts the server an entry names, as an agent does, and lists what it offers. */
async function connect(server: Server, cwd: string, env: NodeJS.ProcessEnv) {
  const client = new Client({ name: 'test', version: '1' });
  const transport = new StdioClientTransport({ command: server.command, args: server.args, cwd, env: env as Record<string, string>, stderr: 'pipe' });
  await client.connect(transport);
  try {
    const caps = client.getServerCapabilities() ?? {};
    const tools = caps.tools ? (await client.listTools()).tools.map((t) => t.name) : [];
    const resources = caps.resources ? (await client.listResources()).resources : [];
    const read = resources[0] ? await client.readResource({ uri: resources[0].uri }) : null;
    await client.ping();
    return { tools, resources, read };
  } finally {
    await client.close();
  }
}

describe('committed MCP server entries for a teammate without git-memory', () => {
  it('each one connects without git-memory (one "not installed" resource, no tools), and is git-memory\'s server with it', async () => {
    const repo = makeRepo();
    const r = await repo.run(['init', '--no-hooks', '--agent', 'all', '--mcp']);
    expect(r.code, r.stderr).toBe(0);
    const withTool = pathWithBin();
    for (const [file, entry] of Object.entries(SERVERS)) {
      const server = entry(repo);
      // repo.env has no git-memory on PATH (clean-env.mjs takes an installed one off it).
      const teammate = await connect(server, repo.dir, repo.env);
      expect({ file, tools: teammate.tools, resources: teammate.resources.map((x) => x.uri) }).toEqual({ file, tools: [], resources: ['git-memory://not-installed'] });
      expect(JSON.stringify(teammate.read)).toMatch(/git-memory is not installed here/);
      const user = await connect(server, repo.dir, { ...repo.env, PATH: withTool });
      expect(user.tools, file).toContain('memory_search');
    }
  }, 60_000);

  it('init over entries an older version wrote (unguarded) guards them in place, keeping what else they hold; uninstall takes out both forms', async () => {
    const repo = makeRepo();
    const old = {
      '.mcp.json': '{\n  "mcpServers": {\n    "other": { "command": "npx", "args": ["other-mcp"] },\n    "git-memory": { "type": "stdio", "command": "git-memory", "args": ["mcp"], "env": { "GIT_MEMORY_X": "1" } }\n  }\n}\n',
      '.gemini/settings.json': '{\n  "mcpServers": {\n    "git-memory": { "command": "git-memory", "args": ["mcp"] }\n  }\n}\n',
      '.codex/config.toml': 'model = "o4-mini"\n\n# >>> git-memory >>>\n[mcp_servers.git-memory]\ncommand = "git-memory"\nargs = ["mcp"]\n# <<< git-memory <<<\n',
    };
    for (const [f, t] of Object.entries(old)) repo.write(f, t);
    // The old forms are recognised as ours: uninstall takes them out.
    let r = await repo.run(['uninstall', '--agent', 'all']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(repo.read('.mcp.json'))).toEqual({ mcpServers: { other: { command: 'npx', args: ['other-mcp'] } } });
    expect(existsSync(join(repo.dir, '.gemini/settings.json'))).toBe(false);
    expect(repo.read('.codex/config.toml')).toBe('model = "o4-mini"\n');
    // init over them upgrades each in place.
    for (const [f, t] of Object.entries(old)) repo.write(f, t);
    r = await repo.run(['init', '--no-hooks', '--agent', 'claude', '--agent', 'gemini', '--agent', 'codex', '--mcp']);
    expect(r.code, r.stderr).toBe(0);
    for (const f of ['.mcp.json', '.gemini/settings.json', '.codex/config.toml']) {
      const s = SERVERS[f](repo);
      expect(s.command, f).toBe('sh');
      expect(s.args[1], f).toBe(MCP_SCRIPT);
    }
    expect(SERVERS['.mcp.json'](repo).env).toEqual({ GIT_MEMORY_X: '1' });
    expect(repo.read('.codex/config.toml').match(/# >>> git-memory >>>/g)).toHaveLength(1);
    // Run again: nothing changes.
    const once = Object.fromEntries(Object.keys(old).map((f) => [f, repo.read(f)]));
    await repo.run(['init', '--no-hooks', '--agent', 'claude', '--agent', 'gemini', '--agent', 'codex', '--mcp']);
    for (const f of Object.keys(old)) expect(repo.read(f), f).toBe(once[f]);
  });

  it('entries the previous version wrote (guarded, node at once) get the sh front in place; uninstall takes them out', async () => {
    // The previous version's script: the same not-installed stub after one line that ran node at once.
    const v1 = MCP_SCRIPT.replace(/^[\s\S]*?\n}\n/, 'command -v git-memory >/dev/null 2>&1 && exec git-memory mcp\n');
    expect(v1).not.toBe(MCP_SCRIPT);
    expect(isOurMcpServer({ command: 'sh', args: ['-c', v1] })).toBe(true);
    expect(isOurMcpServer({ command: 'sh', args: ['-c', MCP_SCRIPT] })).toBe(true);
    expect(isOurMcpServer({ command: 'git-memory', args: ['mcp'] })).toBe(true);
    expect(isOurMcpServer({ command: 'sh', args: ['-c', 'exec my-own-server'] })).toBe(false);
    const repo = makeRepo();
    const old = {
      '.mcp.json': `{\n  "mcpServers": {\n    "git-memory": ${JSON.stringify({ type: 'stdio', command: 'sh', args: ['-c', v1], env: { GIT_MEMORY_X: '1' } })}\n  }\n}\n`,
      '.gemini/settings.json': `{\n  "mcpServers": {\n    "git-memory": ${JSON.stringify({ command: 'sh', args: ['-c', v1] })}\n  }\n}\n`,
      '.codex/config.toml': `model = "o4-mini"\n\n# >>> git-memory >>>\n[mcp_servers.git-memory]\ncommand = "sh"\nargs = ["-c", ${JSON.stringify(v1)}]\n# <<< git-memory <<<\n`,
    };
    for (const [f, t] of Object.entries(old)) repo.write(f, t);
    const r = await repo.run(['init', '--no-hooks', '--agent', 'claude', '--agent', 'gemini', '--agent', 'codex', '--mcp']);
    expect(r.code, r.stderr).toBe(0);
    for (const f of Object.keys(old)) expect(SERVERS[f](repo).args[1], f).toBe(MCP_SCRIPT);
    expect(SERVERS['.mcp.json'](repo).env).toEqual({ GIT_MEMORY_X: '1' });
    for (const [f, t] of Object.entries(old)) repo.write(f, t);
    await repo.run(['uninstall', '--agent', 'all']);
    expect(existsSync(join(repo.dir, '.mcp.json'))).toBe(false);
    expect(repo.read('.codex/config.toml')).toBe('model = "o4-mini"\n');
  });

  it('a server of our name the user wrote is theirs: init and uninstall leave it', async () => {
    const repo = makeRepo();
    const mine = '{\n  "mcpServers": {\n    "git-memory": { "command": "docker", "args": ["run", "git-memory-mcp"] }\n  }\n}\n';
    repo.write('.mcp.json', mine);
    await repo.run(['init', '--no-hooks', '--agent', 'claude', '--mcp']);
    expect(repo.read('.mcp.json')).toBe(mine);
    await repo.run(['uninstall', '--agent', 'claude']);
    expect(repo.read('.mcp.json')).toBe(mine);
  });
});
