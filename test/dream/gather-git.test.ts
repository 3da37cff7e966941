import { describe, expect, it, vi } from 'vitest';
import { sessionsToDream } from '../../src/dream/gather.js';
import { loggingGit } from '../helpers/git-calls.js';
import { makeMemoryRepo } from '../helpers/repo.js';

describe('the sessions a dream gathers', () => {
  // At 10k sessions, a `HEAD:<path>` lookup per session (one cat-file, which walks HEAD's trees again
  // for each path) was 2 s of git's CPU: one listing of HEAD's journal says the same.
  it("names the sessions whose file HEAD does not hold from one listing of HEAD's journal, not a lookup per session", async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-01T08:00:00' });
    for (const [now, request] of [
      ['2026-11-02T10:00:00', 'Cache work'],
      ['2026-11-03T10:00:00', 'Db work'],
    ] as const) {
      const r = await repo.run(['end', '--summary', JSON.stringify({ request, learned: [`${request} is done in src/x.ts`] }), '--agent', 'claude'], { env: { GIT_MEMORY_NOW: now } });
      expect(r.code, r.stderr).toBe(0);
    }
    // The newest session's commit undone: its file is in the working tree, not in HEAD.
    const last = repo.git('log', '-1', '--name-only', '--format=').trim().split('\n').find((p) => p.includes('/journal/'))!;
    expect(last).toBeTruthy();
    repo.git('reset', '-q', 'HEAD~1');
    const log = loggingGit();
    vi.stubEnv('PATH', `${log.path}:${process.env.PATH}`);
    try {
      const got = await sessionsToDream(repo.dir, undefined, '');
      expect(got.sessions.map((d) => d.session.request)).toEqual(['Cache work', 'Db work']);
      const newest = got.sessions[1]!.session;
      expect(newest.path).toBe(last);
      expect(got.through?.sessions).toEqual([newest.id]);
      expect(log.calls().filter((c) => c[0] === 'cat-file')).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
    }
  }, 120_000);
});
