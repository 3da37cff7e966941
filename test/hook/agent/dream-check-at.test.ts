// The second from which a served start (hook/agent/kept-start.ts, no node) has node look for a due
// dream: seed 003's triggers, the idle one being the only one that moves with the clock alone.
import { describe, expect, it } from 'vitest';
import { openAnyConfig } from '../../../src/commands/context.js';
import { dreamCheckAt } from '../../../src/hook/agent/dream-trigger.js';
import { dreamDue } from '../../../src/dream/due.js';
import { makeMemoryRepo, type TestRepo } from '../../helpers/repo.js';

const opened = (repo: TestRepo, now: string) => openAnyConfig({ cwd: repo.dir, env: { ...repo.env, GIT_MEMORY_NOW: now } });
const end = async (repo: TestRepo, request: string) => expect((await repo.run(['end', '--summary', JSON.stringify({ request, completed: [request] })])).code).toBe(0);

describe('dreamCheckAt', () => {
  it('one session since no dream: the second its idle time reaches [dream] idle_hours, and dreamDue agrees on each side of it', async () => {
    const repo = await makeMemoryRepo({ now: '2026-03-01T10:00:00' });
    await end(repo, 'Tune the cache');
    const at = Number(dreamCheckAt(opened(repo, '2026-03-01T10:30:00')));
    const due = new Date('2026-03-02T10:00:00').getTime() / 1000;
    expect(at).toBeGreaterThanOrEqual(due - 1);
    expect(at).toBeLessThanOrEqual(due);
    const o = opened(repo, '2026-03-01T10:30:00');
    expect(dreamDue(o.repo, o.config.dream, new Date((due - 1) * 1000)).due).toBe(false);
    expect(dreamDue(o.repo, o.config.dream, new Date(due * 1000)).due).toBe(true);
    // Past it: due now.
    expect(dreamCheckAt(opened(repo, '2026-03-02T11:00:00'))).toBe('0');
  });

  it('due by the count of sessions: now; no session since the last dream, or dreams off: not before a file changes', async () => {
    const repo = await makeMemoryRepo({ now: '2026-03-01T10:00:00' });
    expect(dreamCheckAt(opened(repo, '2026-03-01T10:30:00'))).toBe('');
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[dream]\nsessions = 1\n`);
    await end(repo, 'Tune the cache');
    expect(dreamCheckAt(opened(repo, '2026-03-01T10:30:00'))).toBe('0');
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml').replace('sessions = 1', 'sessions = 1\nenabled = false')}`);
    expect(dreamCheckAt(opened(repo, '2026-03-01T10:30:00'))).toBe('');
  });
});
