// `git memory forget "<text>"` that no fact says records the text "as given" under Forgotten (a
// fact still to come stays out). A typo went the same way: `forget "rate limt"` committed a
// forgetting of a fact no one has, the real one stayed, and only an edit of MEMORY.md took the typo
// back. A text close to a fact (each word there, or nearly) is now refused with the near facts and
// their ids; `--as-given` keeps the text as written; a text near nothing is kept as given as before.
import { describe, expect, it } from 'vitest';
import { nearFacts } from '../../src/commands/forget.js';
import { factId } from '../../src/memory/long-term.js';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';
import { cpuNow } from '../helpers/cpu-time.js';

const NOW = { GIT_MEMORY_NOW: '2026-11-20T12:00:00Z' };

async function learnedRepo(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
  const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Limits', learned: ['Rate limits are per user, not per key', 'Sessions live in Redis'] })], { env: { GIT_MEMORY_NOW: '2026-11-20T10:00:00Z' } });
  expect(end.code, end.stderr).toBe(0);
  const dream = await repo.run(['dream', '--offline', '--force'], { env: { GIT_MEMORY_NOW: '2026-11-20T11:00:00Z' } });
  expect(dream.code, dream.stderr).toBe(0);
  return repo;
}

describe('git memory forget with a typo', () => {
  it('a text close to a fact is refused with the fact and its id; nothing is written or committed', async () => {
    const repo = await learnedRepo();
    const head = repo.git('rev-parse', 'HEAD');
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    const r = await repo.run(['forget', 'rate limt'], { env: NOW });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('no fact says "rate limt"');
    expect(r.stderr).toContain(`[${factId('Rate limits are per user, not per key')}] Rate limits are per user, not per key`);
    expect(r.stderr).toContain('--as-given');
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(repo.read('.openclaw_memory/MEMORY.md')).toBe(memory);
    // From the journal too, before any dream: "Sesions" for "Sessions".
    const fresh = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
    await fresh.run(['end', '--summary', JSON.stringify({ request: 'Store', learned: ['Sessions live in Redis'] })]);
    const j = await fresh.run(['forget', 'Sesions live in Redis']);
    expect(j.code).not.toBe(0);
    expect(j.stderr).toContain('Sessions live in Redis');
  });

  it('--as-given keeps the text as written; the words of a fact, its id, and a text near none go on as before', async () => {
    const repo = await learnedRepo();
    const given = await repo.run(['forget', '--as-given', 'rate limt'], { env: NOW });
    expect(given.code, given.stderr).toBe(0);
    expect(given.stdout).toContain('forgotten');
    expect(repo.read('.openclaw_memory/MEMORY.md')).toMatch(/## Forgotten\n\n- rate limt/);
    const words = await repo.run(['forget', 'rate limits', '--json'], { env: NOW });
    expect(words.code, words.stderr).toBe(0);
    expect(JSON.parse(words.stdout).forgotten[0].from).toBe('MEMORY.md');
    const none = await repo.run(['forget', 'We deploy with Heroku pipelines', '--json'], { env: NOW });
    expect(none.code, none.stderr).toBe(0);
    expect(JSON.parse(none.stdout).forgotten[0].from).toBe('given');
  });

  it('nearFacts: every typed word there or nearly; short words left out; bounded whatever is typed', () => {
    const facts = ['Rate limits are per user, not per key', 'Sessions live in Redis', 'Rate limits are per user, not per key'];
    expect(nearFacts('rate limt', facts)).toEqual(['Rate limits are per user, not per key']);
    expect(nearFacts('Reddis sesions', facts)).toEqual(['Sessions live in Redis']);
    expect(nearFacts('rate limit in Postgres', facts)).toEqual([]);
    expect(nearFacts('a b', facts)).toEqual([]);
    const many = Array.from({ length: 2000 }, (_, i) => `Fact number ${i} about the ${'x'.repeat(i % 50)} service`);
    const t = cpuNow();
    expect(nearFacts('rate '.repeat(100_000), many)).toEqual([]);
    expect(nearFacts(Array.from({ length: 30 }, (_, i) => `word${i}`).join(' '), many)).toEqual([]);
    expect(nearFacts(`${'y'.repeat(100_000)} servise`, many)).toEqual([]);
    expect(cpuNow() - t).toBeLessThan(5_000);
  });
});
