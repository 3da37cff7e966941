import { describe, expect, it } from 'vitest';
import { dreamDue } from '../../src/dream/due.js';
import type { DreamState } from '../../src/dream/state.js';
import { findRepo } from '../../src/git/repo.js';
import { writeHistory } from '../helpers/history.js';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const NOW = new Date('2026-12-05T10:00:00');

/** What dreamDue says with no dream state, and with one whose last session is `last` (on main). */
function due(repo: TestRepo, last?: string) {
  const state: DreamState | null = last ? { last_run: '2026-11-01T00:00:00Z', last_session: last, sessions: 1, dreams: 1, by_branch: { main: last } } : null;
  return dreamDue(findRepo(repo.dir), { enabled: true, idle_hours: 24, sessions: 1_000 }, NOW, state);
}

describe('dreamDue over a folded journal', () => {
  it('counts every session a folded day holds, and its newest session sets the idle time', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-05T10:00:00', until: 'file' });
    // 120 sessions over 60 days ending 2026-10-30: every day is before last month, so all of them fold.
    writeHistory(repo, { end: '2026-10-30', days: 60, sessions: 120, tasks: 0, commits: 1 });
    const cases = [undefined, '2026-10-15 12:00', '2026-10-30 09:00'];
    const before = cases.map((last) => due(repo, last));
    expect(before[0]!.sessions).toBe(120);

    const fold = await repo.run(['fold']);
    expect(fold.code, fold.stderr).toBe(0);
    expect(repo.git('ls-files', '--', '.openclaw_memory/journal').split('\n').filter(Boolean).every((p) => p.split('/').length === 3)).toBe(true);
    // The same answer as over the session files: the count, the idle hours and the reason.
    expect(cases.map((last) => due(repo, last))).toEqual(before);
  }, 60_000);
});
