// `git memory diff` for a pull request whose branch forgot a fact (`git memory forget`): the comment
// listed the session's Learned line as knowledge the branch adds, and said nothing of the fact being
// forgotten (the primer's diff shows it only where the fact was in the primer at base). Seen on a
// two-branch history over expressjs/express (a session on feature/b learned "Router tests need
// --exit", the same branch forgot it, merged into master); the history here is built.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

describe('git memory diff: what the range forgot', () => {
  it('lists the facts newly forgotten, and marks a session\'s line the range forgot', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
    const base = repo.git('rev-parse', 'HEAD').trim();
    repo.git('checkout', '-q', '-b', 'feature/b');
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Port the router', learned: ['Router tests need --exit', 'The router caches routes per app'] })]);
    expect(end.code, end.stderr).toBe(0);
    const forget = await repo.run(['forget', 'Router tests need --exit']);
    expect(forget.code, forget.stderr).toBe(0);
    const r = await repo.run(['diff', `${base}..feature/b`, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d.forgotten).toEqual(['Router tests need --exit']);
    const md: string = d.markdown;
    expect(md).toContain('1 forgotten');
    expect(md).toMatch(/### Forgotten\n\n- Router tests need --exit\n/);
    // The session's line is there, marked; the other one as it was.
    expect(md).toContain('- Router tests need --exit (forgotten in this range)');
    expect(md).toMatch(/\n- The router caches routes per app\n/);
    // A range that forgets nothing says nothing of it.
    const none = JSON.parse((await repo.run(['diff', `${base}..feature/b~1`, '--json'])).stdout);
    expect(none.forgotten).toEqual([]);
    expect(none.markdown).not.toContain('Forgotten');
  });
});
