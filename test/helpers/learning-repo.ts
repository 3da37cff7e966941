// A repository set up for memory (`init --no-hooks`, committed) whose sessions end with the facts a
// test gives them: the replacement tests' set-up (the dream and the primer read what `end` wrote).
import { expect } from 'vitest';
import { parseLongTerm } from '../../src/memory/long-term.js';
import { makeRepo, type TestRepo } from './repo.js';

/** The repository and `end(now, learned)`: one session with `request` and those facts, at `now`. `toml`: the config, if not the default. */
export async function learningRepo(request: string, toml = ''): Promise<{ repo: TestRepo; end: (now: string, learned: string | string[]) => Promise<void> }> {
  const repo = makeRepo({ now: '2026-11-13T10:00:00Z' });
  expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
  if (toml) repo.write('.openclaw_memory.toml', toml);
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'chore: set up git-memory');
  const end = async (now: string, learned: string | string[]) => {
    const r = await repo.run(['end', '--summary', JSON.stringify({ request, learned: [learned].flat() })], { env: { GIT_MEMORY_NOW: now } });
    expect(r.code, r.stderr).toBe(0);
  };
  return { repo, end };
}

/** MEMORY.md's current facts: neither superseded nor forgotten. */
export const currentFacts = (memory: string): string[] =>
  parseLongTerm(memory)
    .entries.filter((e) => e.section !== 'superseded' && e.section !== 'forgotten')
    .map((e) => e.text);
