import { existsSync } from 'node:fs';
import { join } from 'node:path';
import parseToml from '@iarna/toml/parse-string.js';
import { describe, expect, it } from 'vitest';
import { MCP_SCRIPT, MCP_SERVER } from '../../src/agents/config/mcp-servers.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { fixture } from './fixtures.js';

// `init --agent codex --mcp` registers the MCP server in `.codex/config.toml`, a file the user's
// Codex has to keep loading: whatever it writes must be TOML, and a server already declared in any
// TOML form is left as it is.

const CONFIG = '.codex/config.toml';
const OURS = MCP_SERVER;
/** The server as older versions wrote it, unguarded (and as a user may declare it). */
const UNGUARDED = { command: 'git-memory', args: ['mcp'] };

async function ok(repo: TestRepo, args: string[]) {
  const r = await repo.run(args);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r;
}

/** The MCP servers Codex reads from the file (it fails to start on a file that does not parse). */
const servers = (text: string) => (parseToml(text) as { mcp_servers?: Record<string, unknown> }).mcp_servers;

describe('init --agent codex --mcp: .codex/config.toml', () => {
  it('a file with comments and other tables keeps every byte; our table is appended, parses, and comes out again', async () => {
    const repo = makeRepo();
    const mine = fixture('codex/config.before.toml');
    repo.write(CONFIG, mine);
    const r = await ok(repo, ['init', '--no-hooks', '--agent', 'codex', '--mcp']);
    expect(r.stdout).toMatch(/updated\s+\.codex\/config\.toml/);
    const text = repo.read(CONFIG);
    expect(text.startsWith(mine)).toBe(true);
    expect(servers(text)).toEqual({ context7: { command: 'npx', args: ['-y', '@upstash/context7-mcp'], env: { DEFAULT_MINIMUM_TOKENS: '10000' } }, 'git-memory': OURS });

    const again = await ok(repo, ['init', '--no-hooks', '--agent', 'codex', '--mcp']);
    expect(again.stdout).toMatch(/unchanged\s+\.codex\/config\.toml/);
    expect(repo.read(CONFIG)).toBe(text);

    await ok(repo, ['uninstall', '--agent', 'codex']);
    expect(repo.read(CONFIG)).toBe(mine);
  });

  it('the built binary edits it too (its TOML parser is loaded only for this)', () => {
    const repo = makeRepo();
    const mine = 'model = "o4-mini" # no newline at the end';
    repo.write(CONFIG, mine);
    const r = repo.exec(['init', '--no-hooks', '--agent', 'codex', '--mcp']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const text = repo.read(CONFIG);
    expect(text.startsWith(mine)).toBe(true);
    expect(servers(text)).toEqual({ 'git-memory': OURS });
  });

  // Each declares git-memory already, in a form other than a `[mcp_servers.git-memory]` header.
  const DECLARED = {
    'inline under [mcp_servers]': 'model = "o4-mini"\n\n[mcp_servers]\ngit-memory = { command = "git-memory", args = ["mcp"] }\n',
    'dotted keys': 'mcp_servers.git-memory.command = "git-memory"\nmcp_servers.git-memory.args = ["mcp"]\n',
    'inside an inline mcp_servers': 'mcp_servers = { git-memory = { command = "git-memory", args = ["mcp"] }, context7 = { command = "npx" } }\n',
    'a quoted header': "[mcp_servers.'git-memory']\ncommand = \"git-memory\"\nargs = [\"mcp\"]\n",
  };
  for (const [form, mine] of Object.entries(DECLARED)) {
    it(`git-memory already declared (${form}): unchanged, and uninstall leaves the user's own entry`, async () => {
      const repo = makeRepo();
      repo.write(CONFIG, mine);
      const r = await ok(repo, ['init', '--no-hooks', '--agent', 'codex', '--mcp']);
      expect(r.stdout).toMatch(/unchanged\s+\.codex\/config\.toml/);
      expect(repo.read(CONFIG)).toBe(mine);
      expect(servers(mine)?.['git-memory']).toEqual(UNGUARDED);
      await ok(repo, ['uninstall', '--agent', 'codex']);
      expect(repo.read(CONFIG)).toBe(mine);
    });
  }

  it('an inline mcp_servers without git-memory: exit 1 with the line to add by hand, no agent file written; with it added, init goes on', async () => {
    const repo = makeRepo();
    const mine = 'model = "o4-mini"\nmcp_servers = { context7 = { command = "npx", args = ["-y", "@upstash/context7-mcp"] } }\n';
    repo.write(CONFIG, mine);
    const r = await repo.run(['init', '--no-hooks', '--agent', 'codex', '--mcp']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\.codex\/config\.toml:2: .*inline table.*left as it is/);
    const line = `git-memory = { command = "sh", args = ["-c", ${JSON.stringify(MCP_SCRIPT)}] }`;
    expect(r.stderr).toContain(line);
    expect(repo.read(CONFIG)).toBe(mine);
    expect(existsSync(join(repo.dir, '.codex/hooks.json'))).toBe(false);
    expect(existsSync(join(repo.dir, 'AGENTS.md'))).toBe(false);

    // What the hint says, done by hand.
    const edited = mine.replace('} }\n', `}, ${line} }\n`);
    repo.write(CONFIG, edited);
    expect(servers(edited)?.['git-memory']).toEqual(OURS);
    const after = await ok(repo, ['init', '--no-hooks', '--agent', 'codex', '--mcp']);
    expect(after.stdout).toMatch(/unchanged\s+\.codex\/config\.toml/);
    expect(after.stdout).toMatch(/created\s+\.codex\/hooks\.json/);
  });

  it('mcp_servers that is not a table of servers: exit 1, left as it is', async () => {
    for (const mine of ['mcp_servers = "none"\n', '[[mcp_servers]]\nname = "context7"\n']) {
      const repo = makeRepo();
      repo.write(CONFIG, mine);
      const r = await repo.run(['init', '--no-hooks', '--agent', 'codex', '--mcp']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/\.codex\/config\.toml.*mcp_servers.*left as it is/);
      expect(repo.read(CONFIG)).toBe(mine);
      expect(existsSync(join(repo.dir, '.codex/hooks.json'))).toBe(false);
    }
  });

  it('a file that does not parse: exit 1 naming file and line, left as it is, no agent file written', async () => {
    const repo = makeRepo();
    const broken = 'model = "o4-mini"\n[mcp_servers.context7\ncommand = "npx"\n';
    repo.write(CONFIG, broken);
    const r = await repo.run(['init', '--no-hooks', '--agent', 'codex', '--mcp']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\.codex\/config\.toml:2: cannot parse .*left as it is/);
    expect(repo.read(CONFIG)).toBe(broken);
    expect(existsSync(join(repo.dir, '.codex/hooks.json'))).toBe(false);
    expect(existsSync(join(repo.dir, 'AGENTS.md'))).toBe(false);
  });
});
