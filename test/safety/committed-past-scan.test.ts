// Memory a teammate committed past the pre-commit scan (`git commit --no-verify`, or a commit made
// without git-memory installed) holds a secret whole. The primer redacts what it reads (the last
// line, DESIGN §8); MCP's memory_search and memory_tasks gave it back to the agent whole, and the
// view page's JSON carried it (stop 53). Real repository, the built binary, the SDK's MCP client.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const TOKEN = 'ghp_R3aLt0k3nAbCdEfGhIjKlMnOpQrStUvWxYz12';
const STRIPE = 'sk_live_51doLXvTCqCGL4hiSg9RjJ9FunOEffsME4QRaVY4LitRY';

const clients: Client[] = [];
afterEach(async () => {
  while (clients.length) await clients.pop()!.close();
});

/** A memory repository whose journal, TASKS.md and MEMORY.md a commit with --no-verify gave secrets. */
async function committedPastScan(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: '2026-12-07' });
  repo.write(
    '.openclaw_memory/journal/2026-12-01/1000-claude-abc123.md',
    `---\nsession: 20261201-1000-abc123\ndate: 2026-12-01\ntime: "10:00"\nagent: claude\n---\n\n### Request\nDeploy with GH_TOKEN=${TOKEN} now\n\n### Decisions\n- Deploys read the key ${STRIPE} from the vault\n`,
  );
  repo.write('.openclaw_memory/TASKS.md', `# Tasks\n\n- [ ] Revoke GH_TOKEN=${TOKEN} after the deploy\n`);
  repo.write('.openclaw_memory/MEMORY.md', `# Memory\n\n## Decisions\n- Deploys use GH_TOKEN=${TOKEN} from the vault\n`);
  repo.git('add', '-A');
  repo.git('commit', '-q', '--no-verify', '-m', 'memory: deploy notes');
  return repo;
}

async function connect(repo: TestRepo): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    cwd: repo.dir,
    env: Object.fromEntries(Object.entries({ ...repo.env, GIT_MEMORY_NOW: '2026-12-07T10:00:00' }).filter((e): e is [string, string] => e[1] !== undefined)),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'git-memory-test', version: '0.0.0' });
  clients.push(client);
  await client.connect(transport);
  return client;
}

const secretsIn = (text: string) => [TOKEN, STRIPE].filter((s) => text.includes(s.slice(8, 28)));

describe('memory committed past the secret scan', () => {
  it("MCP's answers hold none of its secrets (memory_search, memory_tasks, memory_primer)", async () => {
    const repo = await committedPastScan();
    const client = await connect(repo);
    const search = await client.callTool({ name: 'memory_search', arguments: { query: 'deploy' } });
    const searchText = JSON.stringify(search);
    expect(searchText).toContain('Deploy with GH_TOKEN=[REDACTED:');
    expect(secretsIn(searchText)).toEqual([]);
    const tasks = JSON.stringify(await client.callTool({ name: 'memory_tasks', arguments: {} }));
    expect(tasks).toContain('Revoke GH_TOKEN=[REDACTED:');
    expect(secretsIn(tasks)).toEqual([]);
    expect(secretsIn(JSON.stringify(await client.callTool({ name: 'memory_primer', arguments: {} })))).toEqual([]);
  });

  it('show, sessions and tasks hold none of its secrets, as text and as --json', async () => {
    const repo = await committedPastScan();
    for (const args of [['show'], ['show', '--json'], ['sessions'], ['sessions', '--json'], ['tasks'], ['tasks', '--json']]) {
      const r = await repo.run(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout, args.join(' ')).toContain('GH_TOKEN=[REDACTED:');
      expect(secretsIn(r.stdout + r.stderr), args.join(' ')).toEqual([]);
    }
  });

  it("the view page's JSON holds none of its secrets", async () => {
    const repo = await committedPastScan();
    const out = join(repo.home, 'memory.html');
    const r = await repo.run(['view', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const page = readFileSync(out, 'utf8');
    expect(page).toContain('Revoke GH_TOKEN=[REDACTED:');
    expect(secretsIn(page)).toEqual([]);
    const json = await repo.run(['view', '--json']);
    if (json.code === 0) expect(secretsIn(json.stdout)).toEqual([]);
  });
});
