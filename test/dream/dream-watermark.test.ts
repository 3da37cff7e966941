import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { parseLongTerm } from '../../src/memory/long-term.js';
import { makeMemoryRepo, pathWithBin, tempDir, type TestRepo } from '../helpers/repo.js';

async function session(repo: TestRepo, now: string, request: string, learned: string): Promise<void> {
  const r = await repo.run(['end', '--summary', JSON.stringify({ request, learned: [learned] }), '--agent', 'claude'], { env: { GIT_MEMORY_NOW: now } });
  expect(r.code, r.stderr).toBe(0);
}

async function dreamIn(cwd: string, env: NodeJS.ProcessEnv, now: string): Promise<{ ran: boolean; sessions: number; changed: boolean; commit: unknown }> {
  let out = '';
  let err = '';
  const code = await main(['dream', '--offline', '--force', '--json'], { cwd, env: { ...env, GIT_MEMORY_NOW: now }, out: (t) => void (out += t), err: (t) => void (err += t), readStdin: async () => Buffer.alloc(0) });
  expect(code, err).toBe(0);
  return JSON.parse(out);
}

const dreamCommits = (repo: TestRepo, cwd = repo.dir) =>
  execFileSync('git', ['log', '--format=%s'], { cwd, env: repo.env, encoding: 'utf8' }).split('\n').filter((s) => s.startsWith('memory: dream'));

describe('what a dream has taken in', () => {
  it('is per branch: a dream on one branch leaves the sessions of another for its own dream', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-01T08:00:00' });
    repo.git('branch', 'side');
    await session(repo, '2026-11-02T10:00:00', 'Cache work', 'The cache in src/cache.ts is per process');
    await session(repo, '2026-11-03T10:00:00', 'Db work', 'Queries in src/db.ts must use the pool');
    repo.git('checkout', '-q', 'side');
    await session(repo, '2026-11-05T10:00:00', 'Side work', 'The side service retries three times');
    const side = await dreamIn(repo.dir, repo.env, '2026-11-06T09:00:00');
    expect(side).toMatchObject({ ran: true, sessions: 1, changed: true });

    // Back on main: its two sessions, older than the side's dream, are still new to main's MEMORY.md.
    repo.git('checkout', '-q', 'main');
    const onMain = await dreamIn(repo.dir, repo.env, '2026-11-06T10:00:00');
    expect(onMain).toMatchObject({ ran: true, sessions: 2, changed: true });
    const doc = parseLongTerm(repo.read('.openclaw_memory/MEMORY.md'));
    expect(doc.entries.map((e) => e.text).sort()).toEqual(['Queries in src/db.ts must use the pool', 'The cache in src/cache.ts is per process']);
    expect(doc.through?.commits).toHaveLength(1);
    expect(dreamCommits(repo)).toEqual(['memory: dream over 2 sessions']);

    // Nothing new: no commit, and no "dream over 0 sessions".
    const head = repo.git('rev-parse', 'HEAD');
    const again = await dreamIn(repo.dir, repo.env, '2026-11-06T11:00:00');
    expect(again).toMatchObject({ ran: true, sessions: 0, changed: false, commit: null });
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);

    // Merging side: the merged MEMORY.md has taken in both branches' sessions; the next dream reads none again.
    execFileSync('git', ['merge', '-q', '--no-edit', 'side'], { cwd: repo.dir, env: { ...repo.env, PATH: pathWithBin() }, stdio: 'pipe' });
    const merged = parseLongTerm(repo.read('.openclaw_memory/MEMORY.md'));
    expect(merged.entries.map((e) => e.text)).toContain('The side service retries three times');
    const afterMerge = await dreamIn(repo.dir, repo.env, '2026-11-06T12:00:00');
    expect(afterMerge).toMatchObject({ sessions: 0, changed: false, commit: null });
  }, 300_000);

  it('a clone continues from its committed MEMORY.md; a session that only says a fact again commits nothing', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-01T08:00:00' });
    await session(repo, '2026-11-02T10:00:00', 'Cache work', 'The cache in src/cache.ts is per process');
    await session(repo, '2026-11-03T10:00:00', 'Db work', 'Queries in src/db.ts must use the pool');
    expect(await dreamIn(repo.dir, repo.env, '2026-11-04T09:00:00')).toMatchObject({ sessions: 2, changed: true });

    const clone = join(tempDir('gm-clone-'), 'c');
    execFileSync('git', ['clone', '-q', repo.dir, clone], { env: repo.env });
    const first = await dreamIn(clone, repo.env, '2026-11-04T10:00:00');
    expect(first).toMatchObject({ ran: true, sessions: 0, changed: false, commit: null });

    // The same fact said again in a new session: only its counters would change.
    await session(repo, '2026-11-05T10:00:00', 'Cache again', 'The cache in src/cache.ts is per process');
    const head = repo.git('rev-parse', 'HEAD');
    expect(await dreamIn(repo.dir, repo.env, '2026-11-06T09:00:00')).toMatchObject({ sessions: 1, changed: false, commit: null });
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    // A new fact: the dream reads both sessions since MEMORY.md's commit and counts the repeat then.
    await session(repo, '2026-11-07T10:00:00', 'Api work', 'Request bodies in src/api.ts are validated with zod');
    const next = await dreamIn(repo.dir, repo.env, '2026-11-08T09:00:00');
    expect(next).toMatchObject({ sessions: 2, changed: true });
    const cache = parseLongTerm(repo.read('.openclaw_memory/MEMORY.md')).entries.find((e) => e.text.includes('cache'));
    expect(cache?.sessions).toHaveLength(2);
    expect(dreamCommits(repo)).toEqual(['memory: dream over 2 sessions', 'memory: dream over 2 sessions']);
  }, 300_000);
});
