// Issue 26 (trust leftovers): `git memory doctor` still runs while git-memory is off, and says so
// plainly, first, with how to turn it back on; on again, it says nothing about it.
import { describe, expect, it } from 'vitest';
import { pathWithBin } from '../helpers/repo.js';
import { initHooked, type HookedRepo } from '../git/hooked.js';

async function doctor(repo: HookedRepo, env: Record<string, string> = {}) {
  const path = pathWithBin(); // as an installed git-memory is: the hooks find it
  const json = await repo.run(['doctor', '--json'], { env: { PATH: path, ...env } });
  const text = await repo.run(['doctor'], { env: { PATH: path, ...env } });
  return { code: json.code, data: JSON.parse(json.stdout), text: text.stdout };
}

describe('git memory doctor while git-memory is off', () => {
  it('GIT_MEMORY=0: the first check says it is off in this shell and how to turn it on', async () => {
    const repo = await initHooked();
    const d = await doctor(repo, { GIT_MEMORY: '0' });
    expect(d.data.checks.filter((c: { level: string }) => c.level === 'problem'), d.text).toEqual([]);
    expect(d.code).toBe(0); // off is a choice, not a problem
    expect(d.data.off).toBe('GIT_MEMORY=0');
    expect(d.data.checks[0]).toMatchObject({ id: 'off', level: 'info', fix: 'unset GIT_MEMORY (or set it to 1)' });
    expect(d.data.checks[0].message).toMatch(/^git-memory is OFF in this shell \(GIT_MEMORY=0 in the environment\): the git hooks and agent hooks do nothing/);
    expect(d.text.split('\n')[3]).toMatch(/^· git-memory is OFF in this shell/);
    expect(d.text).toMatch(/\ngit-memory is OFF in this shell \(GIT_MEMORY=0\): nothing is recorded until it is turned back on\n$/);
  });

  it('git config memory.enabled false: it says off in this clone; --unset and it says nothing of it', async () => {
    const repo = await initHooked();
    repo.g('config', 'memory.enabled', 'false');
    const d = await doctor(repo);
    expect(d.data.off).toBe('memory.enabled=false');
    expect(d.data.checks[0]).toMatchObject({ id: 'off', fix: 'git config --unset memory.enabled' });
    expect(d.text).toContain('git-memory is OFF in this clone (git config memory.enabled false)');
    repo.g('config', '--unset', 'memory.enabled');
    const on = await doctor(repo);
    expect(on.data.off).toBeNull();
    expect(on.data.checks.some((c: { id: string }) => c.id === 'off')).toBe(false);
    expect(on.text).not.toContain('OFF');
  });
});
