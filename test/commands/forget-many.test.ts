// `git memory forget <text>` took every fact the text was in anywhere: `forget e` forgot all three
// facts of MEMORY.md and committed that (audit52). Words now count where they are whole words, and
// words in several facts are refused, listing each with its id, unless --all; nothing is written.
import { describe, expect, it } from 'vitest';
import { holdsWords } from '../../src/commands/forget.js';
import { factId } from '../../src/memory/long-term.js';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const NOW = { GIT_MEMORY_NOW: '2026-11-20T12:00:00Z' };
const FACTS = ['We deploy with Heroku pipelines', 'Heroku review apps need the staging key', 'Sessions live in Redis'];

async function learnedRepo(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
  const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Deploy', learned: FACTS })], { env: { GIT_MEMORY_NOW: '2026-11-20T10:00:00Z' } });
  expect(end.code, end.stderr).toBe(0);
  const dream = await repo.run(['dream', '--offline', '--force'], { env: { GIT_MEMORY_NOW: '2026-11-20T11:00:00Z' } });
  expect(dream.code, dream.stderr).toBe(0);
  for (const f of FACTS) expect(repo.read('.openclaw_memory/MEMORY.md')).toContain(f);
  return repo;
}

describe('git memory forget, words in several facts', () => {
  it('a letter or a piece of a word forgets nothing; words in two facts are refused with both ids; nothing is written', async () => {
    const repo = await learnedRepo();
    const head = repo.git('rev-parse', 'HEAD');
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    const letter = await repo.run(['forget', 'e'], { env: NOW });
    expect(letter.code).toBe(2);
    expect(letter.stderr).toContain('"e" is too short to name a fact; nothing was forgotten');
    // Pieces of words are no fact's words: near one, so refused as a typo, naming it.
    const piece = await repo.run(['forget', 'eroku pipel'], { env: NOW });
    expect(piece.code).toBe(2);
    expect(piece.stderr).toContain(`no fact says "eroku pipel"`);
    const two = await repo.run(['forget', 'Heroku'], { env: NOW });
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('"Heroku" is in 2 facts; nothing was forgotten');
    expect(two.stderr).toContain(`[${factId(FACTS[0]!)}] ${FACTS[0]}`);
    expect(two.stderr).toContain(`[${factId(FACTS[1]!)}] ${FACTS[1]}`);
    expect(two.stderr).toContain('--all');
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(repo.read('.openclaw_memory/MEMORY.md')).toBe(memory);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('the words of one fact forget it alone; --all forgets every fact the words are in', async () => {
    const repo = await learnedRepo();
    const one = await repo.run(['forget', 'deploy with heroku', '--json'], { env: NOW });
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout).forgotten.map((f: { text: string }) => f.text)).toEqual([FACTS[0]]);
    const all = await repo.run(['forget', '--all', 'Heroku', '--json'], { env: NOW });
    expect(all.code, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout).forgotten.map((f: { text: string }) => f.text)).toEqual([FACTS[1]]);
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    expect(memory.slice(memory.indexOf('## Forgotten'))).toContain(FACTS[1]);
    expect(memory.slice(0, memory.indexOf('## Forgotten'))).toContain(FACTS[2]);
  });

  it('holdsWords: whole words only, any place in a script written without spaces', () => {
    expect(holdsWords('rate limits are per user', 'rate limits')).toBe(true);
    expect(holdsWords('rate limits are per user', 'limit')).toBe(false);
    expect(holdsWords('rate limits are per user', 'e')).toBe(false);
    expect(holdsWords('we use `pnpm` now', '`pnpm`')).toBe(true);
    expect(holdsWords('部署使用fly.io', '部署')).toBe(true);
    expect(holdsWords('a'.repeat(5000), 'a'.repeat(10))).toBe(false);
  });
});
