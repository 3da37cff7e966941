import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

const STALE = 'The cache in src/cache.ts is per process (may be stale: src/cache.ts changed in 1 commit)';

describe('the kept staleness answer and its MEMORY.md mark', () => {
  it('marks the file and commit it answered for, and a matching mark never stands in for the question', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
    const at = repo.commit('Add the cache', { 'src/cache.ts': '// per process\n' }).slice(0, 9);
    repo.write('.openclaw_memory/MEMORY.md', `# Long-term memory\n\n## Gotchas\n\n- The cache in src/cache.ts is per process <!-- files: src/cache.ts; at: ${at}; date: 2026-01-01 -->\n`);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    repo.commit('Share the cache', { 'src/cache.ts': '// shared\n' });
    const kept = join(repo.dir, '.git', 'git-memory', 'staleness.json');
    const read = () => JSON.parse(readFileSync(kept, 'utf8')) as { key: string; out: string; mark?: string };
    // The built binary: its entry point reads the mark to decide whether to start git early.
    const primer = () => {
      const r = repo.exec(['primer', '--no-write']);
      expect(r.stderr).toBe('');
      return r.stdout;
    };

    expect(primer()).toContain(STALE);
    const first = read();
    expect(first.mark).toMatch(new RegExp(`:${repo.git('rev-parse', 'HEAD').trim()}$`));

    // The same file and commit, but another question kept: asked again, answered right, kept right.
    writeFileSync(kept, JSON.stringify({ key: 'another question', out: '', mark: first.mark }));
    expect(primer()).toContain(STALE);
    expect(read()).toEqual(first);

    // An answer kept without a mark (an older version) gets one, once.
    writeFileSync(kept, JSON.stringify({ key: first.key, out: first.out }));
    expect(primer()).toContain(STALE);
    expect(read()).toEqual(first);

    // MEMORY.md edited: a new mark, and the answer for the new question.
    repo.write('.openclaw_memory/MEMORY.md', repo.read('.openclaw_memory/MEMORY.md').replace('per process', 'per worker'));
    expect(primer()).toContain('The cache in src/cache.ts is per worker (may be stale: src/cache.ts changed in 1 commit)');
    expect(read().mark).not.toBe(first.mark);
  });
});
