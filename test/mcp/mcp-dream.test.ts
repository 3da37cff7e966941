// Claude Code (2.1.332) hands the model a tool result's structuredContent in place of its text
// where there is one (gemini54 found it on memory_primer). memory_dream's carried only
// ran/reason/sessions/commit: a model that asked for a dream never learnt which facts were replaced
// by which, what MEMORY.md holds now, or a warning. Its structured answer now says what the text says.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, makeRepo, type TestRepo } from '../helpers/repo.js';

const clients: Client[] = [];
afterEach(async () => {
  while (clients.length) await clients.pop()!.close();
});

/** The SDK's own client over stdio to the built binary, in a real repository. */
async function connect(repo: TestRepo): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    cwd: repo.dir,
    env: Object.fromEntries(Object.entries({ ...repo.env, GIT_MEMORY_NOW: '2026-03-06T10:00:00' }).filter((e): e is [string, string] => e[1] !== undefined)),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'git-memory-test', version: '0.0.0' });
  clients.push(client);
  await client.connect(transport);
  return client;
}

const text = (r: unknown) => (r as { content: { type: string; text: string }[] }).content[0]!.text;

describe('memory_dream: the structured answer a model is given', () => {
  it('names each fact replaced and by what, what MEMORY.md holds and the commit, as the text does', async () => {
    const repo = makeRepo();
    await repo.run(['init', '--no-hooks']);
    for (const [day, decision] of [['2026-03-02', 'Retries are capped at 3 attempts'], ['2026-03-04', 'Retries are capped at 5 attempts']] as const) {
      const r = await repo.run(['end', '--summary', JSON.stringify({ request: `Tune retries ${day}`, decisions: [decision], completed: ['Retry loop'] }), '--agent', 'claude'], { env: { GIT_MEMORY_NOW: `${day}T10:00:00` } });
      expect(r.code, r.stderr).toBe(0);
    }
    const client = await connect(repo);
    const r = await client.callTool({ name: 'memory_dream', arguments: { force: true, offline: true } });
    expect(r.isError).toBeFalsy();
    expect(text(r)).toContain('superseded: Retries are capped at 3 attempts');
    const s = r.structuredContent as Record<string, unknown>;
    // What the model reads (the structured answer alone) says what happened, not only that it ran.
    expect(s.summary).toBe(text(r));
    expect(s.superseded).toEqual([{ old: 'Retries are capped at 3 attempts', by: 'Retries are capped at 5 attempts' }]);
    expect(s.memory).toMatchObject({ path: '.openclaw_memory/MEMORY.md', changed: true });
    expect((s.memory as { entries: number }).entries).toBeGreaterThan(0);
    const sha = repo.git('rev-parse', 'HEAD').trim();
    expect((s.commit as { sha: string }).sha).toBe(sha);
    expect(repo.git('show', '--format=', '--name-only', 'HEAD').trim()).toBe('.openclaw_memory/MEMORY.md');

    // Not due and not forced: why not, in the structured answer too.
    const again = await client.callTool({ name: 'memory_dream', arguments: { offline: true } });
    const idle = again.structuredContent as Record<string, unknown>;
    expect(idle.ran).toBe(false);
    expect(idle.summary).toBe(text(again));
    expect(String(idle.summary)).toMatch(/^no dream: /);
  });

  it("carries a call's warnings, which reached only the text", async () => {
    const repo = makeRepo();
    await repo.run(['init', '--no-hooks']);
    // A detached HEAD: the session's commit is on no branch, which `end` warns about.
    repo.git('checkout', '-q', '--detach');
    const client = await connect(repo);
    const r = await client.callTool({ name: 'memory_session_end', arguments: { request: 'Bisect the flaky test', completed: ['Found it'], agent: 'claude' } });
    expect(r.isError).toBeFalsy();
    expect(text(r)).toContain('HEAD is detached');
    const s = r.structuredContent as { warnings?: string[]; commit: { sha: string } };
    expect(s.commit.sha).toBe(repo.git('rev-parse', 'HEAD').trim());
    expect(s.warnings?.some((w) => w.startsWith('HEAD is detached: memory commit'))).toBe(true);
  });
});
