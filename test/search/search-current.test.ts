// Issue 25 §3: a fact a person forgot (`git memory forget`, or a line deleted from MEMORY.md that the
// dream then lists under Forgotten) is not found by search, from the CLI or the MCP tool; a fact a newer
// one superseded is still history, so it is found, but marked as superseded, never shown as current.
import { describe, expect, it } from 'vitest';
import type { SearchData } from '../../src/commands/search.js';
import { TOOLS } from '../../src/mcp/tools.js';
import { fixture, makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const end = async (repo: TestRepo, now: string, summary: object) => {
  const r = await repo.run(['end', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: now } });
  expect(r.code, r.stderr).toBe(0);
};
const search = async (repo: TestRepo, query: string): Promise<SearchData> => {
  const r = await repo.run(['search', query, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as SearchData;
};

const history = fixture(async () => {
  const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z', until: 'file' });
  await end(repo, '2026-11-18T10:00:00Z', { request: 'Set up caching', learned: ['Sessions live in Redis'] });
  await end(repo, '2026-11-19T10:00:00Z', { request: 'Plan the Redis cluster upgrade', learned: ['Sessions live in Redis'] });
  await end(repo, '2026-11-20T10:00:00Z', { request: 'Deploys', learned: ['We deploy with Heroku pipelines'] });
  await end(repo, '2026-11-21T10:00:00Z', { request: 'Move hosting', learned: ['We deploy with Fly.io now; the Heroku pipelines are gone'] });
  const d = await repo.run(['dream', '--offline', '--force'], { env: { GIT_MEMORY_NOW: '2026-11-21T11:00:00Z' } });
  expect(d.code, d.stderr).toBe(0);
  const f = await repo.run(['forget', 'Sessions live in Redis'], { env: { GIT_MEMORY_NOW: '2026-11-21T12:00:00Z' } });
  expect(f.code, f.stderr).toBe(0);
  return repo;
});

describe('search and what memory no longer holds true', () => {
  it('does not find a forgotten fact; a session matching by other words is found, its snippet from them', async () => {
    const repo = await history();
    const found = await search(repo, 'Redis');
    expect(found.results.map((h) => h.snippet)).toEqual(['Plan the Redis cluster upgrade']);
    expect(found.total).toBe(1);
    const text = (await repo.run(['search', 'sessions live']));
    expect(text.stdout).not.toContain('Sessions live in Redis');
  });

  it('finds a superseded fact marked as superseded, and the newer one unmarked', async () => {
    const repo = await history();
    const found = await search(repo, 'Heroku pipelines');
    const byRequest = Object.fromEntries(found.results.map((h) => [h.snippet, h]));
    expect(byRequest['We deploy with Heroku pipelines']?.superseded).toEqual({ until: '2026-11-21' });
    expect(byRequest['We deploy with Fly.io now; the Heroku pipelines are gone']?.superseded).toBeUndefined();
    const text = (await repo.run(['search', 'Heroku', 'pipelines'])).stdout;
    expect(text).toContain('learned: We deploy with Heroku pipelines  [superseded 2026-11-21: not current]');
  });

  it('the MCP tool memory_search answers the same', async () => {
    const repo = await history();
    const tool = TOOLS.find((t) => t.name === 'memory_search')!;
    const answer = (await tool.run({ cwd: repo.dir, env: repo.env }, { query: 'Redis' } )).data;
    expect(answer.text).toContain('Plan the Redis cluster upgrade');
    expect(answer.text).not.toContain('Sessions live in Redis');
    const heroku = (await tool.run({ cwd: repo.dir, env: repo.env }, { query: 'Heroku pipelines' } )).data;
    expect(heroku.text).toContain('We deploy with Heroku pipelines  [superseded 2026-11-21: not current]');
  });
});

describe('search after a line of MEMORY.md was deleted by hand', () => {
  const deleted = fixture(async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z', until: 'file' });
    await end(repo, '2026-11-18T10:00:00Z', { request: 'Billing', learned: ['Invoices are rounded half up'] });
    await end(repo, '2026-11-19T10:00:00Z', { request: 'Round the invoice totals', learned: ['Sessions live in Redis'] });
    const d = await repo.run(['dream', '--offline', '--force'], { env: { GIT_MEMORY_NOW: '2026-11-19T11:00:00Z' } });
    expect(d.code, d.stderr).toBe(0);
    expect(repo.read('.openclaw_memory/MEMORY.md')).toContain('Invoices are rounded half up');
    return repo;
  });
  const file = '.openclaw_memory/MEMORY.md';

  it('does not find it, before the deletion is committed, once it is, and after the next dream; other facts still are', async () => {
    const repo = await deleted();
    expect((await search(repo, 'rounded half')).results.map((h) => h.snippet)).toEqual(['Invoices are rounded half up']);
    repo.write(file, repo.read(file).replace(/- Invoices are rounded half up.*\n/, ''));
    // As the file is now, before any commit.
    let found = await search(repo, 'rounded half');
    expect(found.results.map((h) => h.snippet)).toEqual([]);
    expect(found.total).toBe(0);
    // A session matching by other words is still found, its snippet from them.
    found = await search(repo, 'invoice');
    expect(found.results.map((h) => h.snippet)).toEqual(['Round the invoice totals']);
    expect((await search(repo, 'Redis')).results.map((h) => h.snippet)).toEqual(['Sessions live in Redis']);
    repo.git('commit', '-qam', 'Remove a wrong fact');
    expect((await search(repo, 'rounded half')).total).toBe(0);
    const tool = TOOLS.find((t) => t.name === 'memory_search')!;
    expect((await tool.run({ cwd: repo.dir, env: repo.env }, { query: 'rounded half' })).data.text).not.toContain('Invoices are rounded half up');
    const d = await repo.run(['dream', '--offline', '--force'], { env: { GIT_MEMORY_NOW: '2026-11-20T11:00:00Z' } });
    expect(d.code, d.stderr).toBe(0);
    expect((await search(repo, 'rounded half')).total).toBe(0);
  });

  it('a line put back by hand is found again', async () => {
    const repo = await deleted();
    const before = repo.read(file);
    repo.write(file, before.replace(/- Invoices are rounded half up.*\n/, ''));
    expect((await search(repo, 'rounded half')).total).toBe(0);
    repo.write(file, before);
    expect((await search(repo, 'rounded half')).results.map((h) => h.snippet)).toEqual(['Invoices are rounded half up']);
  });
});
