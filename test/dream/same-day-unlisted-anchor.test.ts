// A fact anchored at a commit that did not touch its files (its session's commits never did: it
// was anchored at the session's newest commit, or its base) is not in the staleness log, which
// lists only the commits that touch anchored files. Such a fact counted only later days' changes,
// so a change to its file made after its anchor the same day was missed for good, while one made
// before its anchor that day must still not count. git tells which side of the anchor each of that
// day's commits is on (once: the answer kept says it).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { staleMarks } from '../../src/dream/staleness.js';
import { loggingGit } from '../helpers/git-calls.js';
import { parseLongTerm } from '../../src/memory/long-term.js';
import { makeMemoryRepo } from '../helpers/repo.js';

const FACT = 'The cache in src/cache.ts is per process';

async function setUp() {
  const repo = await makeMemoryRepo({ now: '2026-11-12T18:00:00', until: 'file' });
  const commitOn = (when: string, message: string, files: Record<string, string>) => {
    for (const [f, text] of Object.entries(files)) repo.write(f, text);
    repo.git('add', '--', ...Object.keys(files));
    execFileSync('git', ['commit', '-q', '-m', message], { cwd: repo.dir, env: { ...repo.env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when } });
    return repo.git('rev-parse', 'HEAD').trim();
  };
  const first = commitOn('2026-11-10T09:00:00', 'Pool the queries', { 'src/db.ts': '// pool\n', 'src/cache.ts': '// per process\n' }).slice(0, 7);
  // That morning someone changes the cache; later a session that only touches the README learns the fact.
  commitOn('2026-11-12T09:00:00', 'Cache per process', { 'src/cache.ts': '// per process, sized\n' });
  const at = commitOn('2026-11-12T10:00:00', 'Say so in the README', { 'README.md': '# cache\n' }).slice(0, 7);
  repo.write(
    '.openclaw_memory/MEMORY.md',
    `# Long-term memory\n\n## Gotchas\n\n- Queries in src/db.ts use the pool <!-- files: src/db.ts; at: ${first}; date: 2026-11-10 -->\n- ${FACT} <!-- files: src/cache.ts; at: ${at}; date: 2026-11-12 -->\n`,
  );
  repo.git('add', '-A');
  execFileSync('git', ['commit', '-q', '-m', 'memory: long-term'], { cwd: repo.dir, env: { ...repo.env, GIT_AUTHOR_DATE: '2026-11-12T10:30:00', GIT_COMMITTER_DATE: '2026-11-12T10:30:00' } });
  return { repo, commitOn };
}

describe('a fact anchored at a commit that did not touch its files', () => {
  it('is marked by a change to its file later the same day, not by one earlier that day (primer, kept answer, lint)', async () => {
    const { repo, commitOn } = await setUp();
    const before = (await repo.run(['primer', '--no-write'])).stdout;
    expect(before).toContain(`${FACT}\n`);

    commitOn('2026-11-12T15:00:00', 'Share the cache', { 'src/cache.ts': '// shared\n' });
    const after = (await repo.run(['primer', '--no-write'])).stdout;
    expect(after).toContain(`${FACT} (may be stale: src/cache.ts changed in 1 commit)`);
    expect(after).toContain('Queries in src/db.ts use the pool\n');
    // Again from the answer kept in the state directory: the same mark, and git is not asked which side the anchor is on.
    const g = loggingGit();
    const again = repo.exec(['primer', '--no-write'], { env: { PATH: `${g.path}:${repo.env.PATH}` } });
    expect(again.stdout).toContain(`${FACT} (may be stale: src/cache.ts changed in 1 commit)`);
    expect(g.calls().filter((c) => c[0] === 'rev-list' || c[0] === 'log')).toEqual([]);
    expect((await repo.run(['lint'])).stdout).toMatch(/may be stale[\s\S]*src\/cache\.ts changed in 1 commit/);
  });

  it('staleMarks, asked at any revision: a commit the next day still counts, and so does the same day after the anchor', async () => {
    const { repo, commitOn } = await setUp();
    const entries = parseLongTerm(repo.read('.openclaw_memory/MEMORY.md')).entries;
    const ask = async () => (await staleMarks(repo.dir, entries, { rev: 'HEAD', exists: () => true }))[1];
    expect(await ask()).toBeNull();
    commitOn('2026-11-12T15:00:00', 'Share the cache', { 'src/cache.ts': '// shared\n' });
    expect(await ask()).toEqual({ changed: [{ file: 'src/cache.ts', commits: 1 }], deleted: false });
    commitOn('2026-11-13T09:00:00', 'Bound the cache', { 'src/cache.ts': '// shared, bounded\n' });
    expect(await ask()).toEqual({ changed: [{ file: 'src/cache.ts', commits: 2 }], deleted: false });
  });

  it('as the dream anchors it: at its session\'s last commit, which touched only the README', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-12T18:00:00', until: 'file' });
    const commitOn = async (when: string, message: string, files: Record<string, string>, hook = true) => {
      for (const [f, text] of Object.entries(files)) repo.write(f, text);
      repo.git('add', '--', ...Object.keys(files));
      execFileSync('git', ['commit', '-q', '-m', message], { cwd: repo.dir, env: { ...repo.env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when } });
      // What the post-commit hook does (the repository was set up without hooks): the session's commits.
      if (hook) expect((await repo.run(['hook', 'post-commit'])).code).toBe(0);
      return repo.git('rev-parse', 'HEAD').trim();
    };
    const end = async (now: string, learned: string) => {
      const r = await repo.run(['end', '--summary', JSON.stringify({ request: learned, learned: [learned] })], { env: { GIT_MEMORY_NOW: now } });
      expect(r.code, r.stderr).toBe(0);
    };
    await commitOn('2026-11-10T09:00:00', 'Pool the queries', { 'src/db.ts': '// pool\n', 'src/cache.ts': '// per process\n' });
    await end('2026-11-10T10:00:00', 'Queries in src/db.ts use the pool');
    // A teammate's commit to the cache that morning, pulled in (no session of this clone made it).
    await commitOn('2026-11-12T08:00:00', 'Size the cache', { 'src/cache.ts': '// per process, sized\n' }, false);
    const readme = await commitOn('2026-11-12T09:30:00', 'Say so in the README', { 'README.md': '# cache\n' });
    await end('2026-11-12T10:00:00', FACT);
    const d = await repo.run(['dream', '--offline', '--force']);
    expect(d.code, d.stderr).toBe(0);
    expect(parseLongTerm(repo.read('.openclaw_memory/MEMORY.md')).entries.find((e) => e.text === FACT)).toMatchObject({ files: ['src/cache.ts'], at: readme.slice(0, 7), date: '2026-11-12' });
    expect((await repo.run(['primer', '--no-write'])).stdout).toContain(`${FACT}\n`);
    await commitOn('2026-11-12T15:00:00', 'Share the cache', { 'src/cache.ts': '// shared\n' });
    expect((await repo.run(['primer', '--no-write'])).stdout).toContain(`${FACT} (may be stale: src/cache.ts changed in 1 commit)`);
  });
});
