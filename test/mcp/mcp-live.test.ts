import { chmodSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RACY_MS } from '../../src/fs/stamp.js';
import { findRepo } from '../../src/git/repo.js';
import { liveIndex } from '../../src/search/live.js';
import { makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';
import { closeInProcess, connectInProcess } from '../helpers/pipe-transport.js';

/** Every git process started while PATH leads to the wrapper, one line each. */
let gitLog = '';
let savedPath: string | undefined;
beforeEach(() => {
  const bin = tempDir('gm-gitwrap-');
  gitLog = join(bin, 'calls.log');
  writeFileSync(gitLog, '');
  const real = process.env.PATH!.split(':').map((d) => join(d, 'git')).find((p) => {
    try {
      return readFileSync(p).length > 0;
    } catch {
      return false;
    }
  })!;
  writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${gitLog}'\nexec '${real}' "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  savedPath = process.env.PATH;
  process.env.PATH = `${bin}:${process.env.PATH}`;
});
afterEach(() => {
  process.env.PATH = savedPath;
});
const gitCalls = () => readFileSync(gitLog, 'utf8').split('\n').filter(Boolean);

afterEach(closeInProcess);
const connect = connectInProcess;

const text = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;
const search = async (c: Client, query: string) => {
  const r = (await c.callTool({ name: 'memory_search', arguments: { query } })) as { structuredContent?: { results: { snippet: string }[]; total: number } };
  return r.structuredContent!;
};
const primer = async (c: Client) => text(await c.callTool({ name: 'memory_primer', arguments: {} }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A session file as `end` writes it. */
function sessionFile(repo: TestRepo, day: string, hhmm: string, suffix: string, request: string, learned: string): void {
  repo.write(
    `.openclaw_memory/journal/${day}/${hhmm.replace(':', '')}-claude-${suffix}.md`,
    `---\nsession: "${day.replace(/-/g, '')}-${hhmm.replace(':', '')}-${suffix}"\ndate: ${day}\ntime: "${hhmm}"\nagent: claude\nauthor: Jane Doe <jane@example.com>\nbranch: main\n---\n\n## Session ${hhmm}\n\n### Request\n${request}\n\n### Learned\n- ${learned}\n`,
  );
}

/**
 * Puts every file's times two seconds back, then waits out the racy window: nothing in the test
 * then looks "just changed" (see fs/stamp.ts). Setting the times sets the change time to now, which
 * no call can put back, so a first call made within RACY_MS would rightly check once more.
 */
async function settle(repo: TestRepo, paths: string[]): Promise<void> {
  const t = new Date(Date.now() - 2000);
  for (const p of paths) utimesSync(join(repo.dir, p), t, t);
  await new Promise((r) => setTimeout(r, RACY_MS + 20));
}

async function journalRepo(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: '2026-03-04T10:00:00' });
  sessionFile(repo, '2026-03-02', '09:15', 'a1b2c3', 'Retry failed webhooks', 'Webhook retries use exponential backoff');
  sessionFile(repo, '2026-03-03', '16:40', 'd4e5f6', 'Speed up the invoice run', 'The invoice run holds a lock');
  repo.git('add', '.');
  repo.git('commit', '-q', '-m', 'sessions');
  await settle(repo, ['.openclaw_memory/journal', '.openclaw_memory/journal/2026-03-02', '.openclaw_memory/journal/2026-03-03', '.openclaw_memory/TASKS.md', '.openclaw_memory.toml', '.git/HEAD', '.git/refs/heads/main']);
  return repo;
}

describe('the MCP server answers from memory kept between calls (in process, over the stdio transport)', () => {
  it('answers memory_search and memory_primer, and starts no git process for a call when nothing changed', async () => {
    const repo = await journalRepo();
    const client = await connect(repo);
    const first = await search(client, 'webhook');
    expect(first.total).toBe(1);
    expect(first.results[0]!.snippet).toBe('Retry failed webhooks');
    const briefing = await primer(client);
    expect(briefing).toMatch(/The invoice run holds a lock/);

    // The wrapper sees git (the first primer asked it); the index the first search started building is stored.
    await liveIndex(findRepo(repo.dir, repo.env)).settled();
    expect(gitCalls().length).toBeGreaterThan(0);
    const before = gitCalls().length;
    for (let i = 0; i < 3; i++) {
      expect((await search(client, 'invoice lock')).total).toBe(1);
      expect(await primer(client)).toBe(briefing);
    }
    expect(gitCalls().slice(before)).toEqual([]);
  });

  it('sees a new session file and a TASKS.md edit at the next call, without a restart', async () => {
    const repo = await journalRepo();
    const client = await connect(repo);
    expect((await search(client, 'proration')).total).toBe(0);
    await primer(client);

    // A new session in a new day, and one beside an existing one.
    sessionFile(repo, '2026-03-04', '08:00', '0a0b0c', 'Add proration to plan changes', 'Proration uses the billing anchor');
    expect((await search(client, 'proration')).results.map((r) => r.snippet)).toEqual([expect.stringMatching(/proration/i)]);
    sessionFile(repo, '2026-03-03', '18:00', '1a1b1c', 'Document proration rules', 'Proration is rounded per line');
    expect((await search(client, 'proration')).total).toBe(2);
    expect(await primer(client)).toMatch(/Proration is rounded per line/);

    const tasks = join(repo.dir, '.openclaw_memory/TASKS.md');
    writeFileSync(tasks, `${readFileSync(tasks, 'utf8')}\n## In progress\n- [ ] Alert on webhook lag <!-- id: t-77aa -->\n`);
    expect(await primer(client)).toMatch(/Alert on webhook lag/);
  });

  it('sees a commit (HEAD moved) at the next primer, and a checkout that changes the journal at the next search', async () => {
    const repo = await journalRepo();
    const client = await connect(repo);
    expect(await primer(client)).not.toMatch(/Add the pager rota/);
    repo.commit('Add the pager rota', { 'ops/rota.md': 'rota\n' });
    expect(await primer(client)).toMatch(/Add the pager rota/);

    repo.git('checkout', '-q', '-b', 'topic');
    sessionFile(repo, '2026-03-04', '09:00', '2a2b2c', 'Shard the ledger', 'Ledger shards by tenant');
    repo.git('add', '.');
    repo.git('commit', '-q', '-m', 'topic session');
    await sleep(60);
    expect((await search(client, 'ledger')).total).toBe(1);
    repo.git('checkout', '-q', 'main');
    expect((await search(client, 'ledger')).total).toBe(0);
  });
});
