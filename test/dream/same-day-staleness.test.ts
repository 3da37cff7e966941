// A fact learned in the morning about a file rewritten in the afternoon was never marked "may be
// stale": the staleness log is `<oldest anchor>..HEAD`, which leaves the anchor commit out, so the
// entry fell back to counting commits of later days only, and every change made the day the fact was
// learned was missed for good. Every commit of that log comes after the oldest anchor: they count.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

describe('staleness on the day a fact was learned', () => {
  it('marks a fact whose file changed later the same day, in the primer and in lint', async () => {
    const repo = await makeMemoryRepo({ until: 'file' });
    const at = repo.commit('Add the cache', { 'src/cache.ts': '// per process\n', 'src/db.ts': '// pool\n' }).slice(0, 9);
    const day = repo.git('log', '-1', '--format=%cs').trim();
    repo.write('.openclaw_memory/MEMORY.md', `# Long-term memory\n\n## Gotchas\n\n- The cache in src/cache.ts is per process <!-- files: src/cache.ts; at: ${at}; date: ${day} -->\n- Queries in src/db.ts use the pool <!-- files: src/db.ts; at: ${at}; date: ${day} -->\n`);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    const before = (await repo.run(['primer', '--no-write'])).stdout;
    expect(before).toContain('The cache in src/cache.ts is per process\n');

    repo.commit('Share the cache', { 'src/cache.ts': '// shared\n' });
    expect(repo.git('log', '-1', '--format=%cs').trim()).toBe(day);
    const after = (await repo.run(['primer', '--no-write'])).stdout;
    expect(after).toContain('The cache in src/cache.ts is per process (may be stale: src/cache.ts changed in 1 commit)');
    expect(after).toContain('Queries in src/db.ts use the pool\n');
    expect((await repo.run(['lint'])).stdout).toMatch(/may be stale[\s\S]*src\/cache\.ts changed in 1 commit/);
  });
});

describe('a fact the dream anchors', () => {
  it("is anchored at the session's commit that touched its file, so a change later that day is told apart", async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-12T18:00:00', until: 'file' });
    const commitOn = async (when: string, message: string, files: Record<string, string>) => {
      for (const [f, text] of Object.entries(files)) repo.write(f, text);
      repo.git('add', '--', ...Object.keys(files));
      execFileSync('git', ['commit', '-q', '-m', message], { cwd: repo.dir, env: { ...repo.env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when } });
      // What the post-commit hook does (the repository was set up without hooks): the session's commits.
      expect((await repo.run(['hook', 'post-commit'])).code).toBe(0);
    };
    const end = async (now: string, learned: string) => {
      const r = await repo.run(['end', '--summary', JSON.stringify({ request: learned, learned: [learned] })], { env: { GIT_MEMORY_NOW: now } });
      expect(r.code, r.stderr).toBe(0);
    };
    await commitOn('2026-11-10T09:00:00', 'Pool the queries', { 'src/db.ts': '// pool\n' });
    await end('2026-11-10T10:00:00', 'Queries in src/db.ts use the pool');
    // The session's first commit touched the cache, its last one the README.
    await commitOn('2026-11-12T09:00:00', 'Per-process cache', { 'src/cache.ts': '// per process\n' });
    await commitOn('2026-11-12T09:30:00', 'Say so in the README', { 'README.md': '# cache\n' });
    await end('2026-11-12T10:00:00', 'The cache in src/cache.ts is per process');
    const d = (await repo.run(['dream', '--offline', '--force']));
    expect(d.code, d.stderr).toBe(0);
    // That afternoon the cache changes.
    await commitOn('2026-11-12T15:00:00', 'Share the cache', { 'src/cache.ts': '// shared\n' });
    const primer = (await repo.run(['primer', '--no-write'])).stdout;
    expect(primer).toContain('The cache in src/cache.ts is per process (may be stale: src/cache.ts changed in 1 commit)');
    expect(primer).toContain('Queries in src/db.ts use the pool\n');
  });
});
