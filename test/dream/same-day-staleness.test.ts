// A fact learned in the morning about a file rewritten in the afternoon was never marked "may be
// stale": the staleness log is `<oldest anchor>..HEAD`, which leaves the anchor commit out, so the
// entry fell back to counting commits of later days only, and every change made the day the fact was
// learned was missed for good. Every commit of that log comes after the oldest anchor: they count.
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
    const before = repo.exec(['primer', '--no-write']).stdout;
    expect(before).toContain('The cache in src/cache.ts is per process\n');

    repo.commit('Share the cache', { 'src/cache.ts': '// shared\n' });
    expect(repo.git('log', '-1', '--format=%cs').trim()).toBe(day);
    const after = repo.exec(['primer', '--no-write']).stdout;
    expect(after).toContain('The cache in src/cache.ts is per process (may be stale: src/cache.ts changed in 1 commit)');
    expect(after).toContain('Queries in src/db.ts use the pool\n');
    expect(repo.exec(['lint']).stdout).toMatch(/may be stale[\s\S]*src\/cache\.ts changed in 1 commit/);
  });
});
