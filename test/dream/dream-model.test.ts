import { afterEach, describe, expect, it } from 'vitest';
import { readUsage } from '../../src/llm/index.js';
import { parseLongTerm } from '../../src/memory/long-term.js';
import { serializeSession, type Session } from '../../src/memory/session.js';
import { errorReply, startFakeMessagesApi, textReply, toolUseReply, type FakeMessagesApi, type FakeReply, type RecordedRequest } from '../helpers/fake-messages-api.js';
import { fixture, makeMemoryRepo } from '../helpers/repo.js';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const FACTS = ['The cache is per process; never share it across workers', 'Queries must use the pool, not a new client', 'The cache is per-process, do not share it between workers'];

/** Ten sessions written straight into the journal (the dream reads files, however they came). */
const repoWithSessions = fixture(async () => {
  const repo = await makeMemoryRepo({ now: '2026-11-12T09:00:00', until: 'file' });
  for (let i = 0; i < 10; i++) {
    const date = `2026-11-${String(i + 1).padStart(2, '0')}`;
    const s: Session = { id: `${date.replace(/-/g, '')}-1000-m${i}`, date, time: '10:00', agent: 'claude', request: `Session ${i}`, learned: [FACTS[i % 3]!], decisions: [], completed: [], next_steps: [], notes: [], commits: [] };
    repo.write(`.openclaw_memory/journal/${date}/1000-claude-m${i}.md`, serializeSession(s, 'en'));
  }
  // The model is the user's choice ([llm] provider); committed with the sessions.
  repo.write('.openclaw_memory.toml', '[llm]\nprovider = "anthropic"\n');
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'memory: sessions');
  return repo;
});

const entriesOf = (req: RecordedRequest) => String((req.body.messages as { content: string }[])[0]!.content);
const idOf = (req: RecordedRequest, text: string) => new RegExp(`^(e\\d+) \\[\\w+\\] ${text}`, 'm').exec(entriesOf(req))?.[1];

async function dreamWith(handler: (req: RecordedRequest, n: number) => FakeReply) {
  api = await startFakeMessagesApi(handler);
  const repo = await repoWithSessions();
  const r = await repo.run(['dream', '--force', '--json'], { env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url, PATH: '' } });
  return { repo, r, data: r.code === 0 ? JSON.parse(r.stdout) : null };
}

describe('dream with a model (real SDK, fake Messages API)', () => {
  it('applies only entry edits through its three tools, refuses anything else, records usage', async () => {
    const { repo, r, data } = await dreamWith((req, n) => {
      if (n > 0) return textReply('done');
      const pool = idOf(req, 'Queries must use the pool');
      const cache = idOf(req, 'The cache is per');
      return toolUseReply([
        { name: 'update_entry', input: { id: pool, text: 'Database queries go through the shared pool, never a new client', section: 'conventions' } },
        { name: 'add_entry', input: { section: 'gotchas', text: 'Workers restart every 6 hours; keep no state in them', sessions: ['20261103-1000-m2'] } },
        { name: 'add_entry', input: { section: 'gotchas', text: 'An invented fact', sessions: ['no-such-session'] } },
        { name: 'remove_entry', input: { id: 'e99', reason: 'gone' } },
        { name: 'write_file', input: { path: '/etc/passwd' } },
        { name: 'update_entry', input: { id: cache, section: 'superseded' } },
      ]);
    });
    expect(r.code, r.stderr).toBe(0);
    expect(data).toMatchObject({ ran: true, source: 'model', sessions: 10, model: { calls: 2 } });
    const first = api!.requests[0]!.body;
    expect(first.model).toBe('claude-haiku-4-5');
    expect((first.tools as { name: string }[]).map((t) => t.name)).toEqual(['update_entry', 'remove_entry', 'add_entry']);
    expect(JSON.stringify(first.system)).toContain('MEMORY.md');
    // The deterministic pass already folded the two wordings of the cache fact into one entry.
    expect(entriesOf(api!.requests[0]!).split('</entries>')[0]!, entriesOf(api!.requests[0]!)).not.toMatch(/cache[\s\S]*cache/);
    // Refused calls are said back to the model, with the reason.
    const results = JSON.stringify(api!.requests[1]!.body.messages);
    expect(results).toContain('refused: name the sessions');
    expect(results).toContain('refused: no entry e99');
    expect(results).toContain('refused: unknown tool write_file');
    expect(results).toContain('refused: no section \\"superseded\\"');
    const doc = parseLongTerm(repo.read('.openclaw_memory/MEMORY.md'));
    expect(doc.entries.map((e) => [e.section, e.text])).toEqual([
      ['conventions', 'Database queries go through the shared pool, never a new client'],
      ['gotchas', 'The cache is per process; never share it across workers'],
      ['gotchas', 'Workers restart every 6 hours; keep no state in them'],
    ]);
    expect(doc.entries[2]!.sessions).toEqual(['20261103-1000-m2']);
    expect(readUsage(`${repo.dir}/.git/git-memory`, 'dream').calls).toBe(2);
  });

  it('keeps the deterministic result when the model fails', async () => {
    const { repo, r, data } = await dreamWith(() => errorReply(529, 'overloaded_error'));
    expect(r.code, r.stderr).toBe(0);
    expect(data.source).toBe('deterministic');
    expect(r.stderr).toMatch(/the model failed \(overloaded/);
    expect(repo.read('.openclaw_memory/MEMORY.md')).toContain('Queries must use the pool, not a new client');
  });

  it('scans what the model wrote: a secret it adds never reaches MEMORY.md', async () => {
    const key = ['AKIA', 'Z7QW3ERT5YUI8OPA'].join('');
    const { repo, r } = await dreamWith((_req, n) => (n ? textReply('ok') : toolUseReply([{ name: 'add_entry', input: { section: 'gotchas', text: `Deploy with key ${key}`, sessions: ['20261101-1000-m0'] } }])));
    expect(r.code, r.stderr).toBe(0);
    expect(repo.read('.openclaw_memory/MEMORY.md')).not.toContain(key);
    expect(r.stderr).toContain('holds a secret');
  });

  it('--offline asks no model', async () => {
    api = await startFakeMessagesApi();
    const repo = await repoWithSessions();
    const r = await repo.run(['dream', '--force', '--offline', '--json'], { env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url, PATH: '' } });
    expect(JSON.parse(r.stdout).source).toBe('deterministic');
    expect(api.requests).toHaveLength(0);
  });
});
