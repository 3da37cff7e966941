// A warm search reads, for each hit's snippet, that hit's session alone: in a folded day (`git memory
// fold`) of thirty sessions it parsed all thirty for each hit (issue 28, item 5(c): most of a warm
// search at 10,000 sessions, with the garbage it left). Counted by wrapping parseSession and sessionHead.
import { describe, expect, it, vi } from 'vitest';
import { renderFolded } from '../../src/memory/folded-day.js';
import type { Session } from '../../src/memory/session.js';
import { JOURNAL_DIR } from '../../src/paths.js';
import { makeMemoryRepo } from '../helpers/repo.js';

const counted = vi.hoisted(() => ({ parseSession: vi.fn(), sessionHead: vi.fn() }));

vi.mock('../../src/memory/session.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/memory/session.js')>();
  counted.parseSession.mockImplementation(real.parseSession);
  counted.sessionHead.mockImplementation(real.sessionHead);
  return { ...real, parseSession: counted.parseSession, sessionHead: counted.sessionHead };
});

const DAY = '2026-09-14';

describe('a warm search over a folded day', () => {
  it('parses one session per hit, not the whole day', async () => {
    const { serializeSession } = await import('../../src/memory/session.js');
    const repo = await makeMemoryRepo({ now: '2026-12-05T10:00:00' });
    const sessions: Session[] = Array.from({ length: 30 }, (_, i) => {
      const time = `${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
      const request = i % 10 === 0 ? `Retry the webhook deliveries, part ${i}` : `Tidy the ledger, part ${i}`;
      return { id: `20260914-${time.replace(':', '')}-${(0xb00000 + i).toString(16)}`, date: DAY, time, agent: 'claude', request, learned: [`Part ${i} is done`], decisions: [], completed: [], next_steps: [], notes: [], commits: [] };
    });
    const files = sessions.map((s) => ({ origin: `${JOURNAL_DIR}/${DAY}/${s.time.replace(':', '')}-claude-${s.id.slice(-6)}.md`, text: serializeSession(s, 'en') }));
    repo.write(`${JOURNAL_DIR}/${DAY}.md`, renderFolded(DAY, files));
    repo.git('add', '--', JOURNAL_DIR);
    repo.git('commit', '-q', '-m', 'a folded day');
    expect((await repo.run(['search', 'webhook'])).code).toBe(0); // builds the index

    counted.parseSession.mockClear();
    counted.sessionHead.mockClear();
    const r = await repo.run(['search', 'webhook', 'deliveries', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const found = JSON.parse(r.stdout) as { results: { snippet: string }[]; cache: string };
    expect(found.cache).toBe('fresh');
    expect(found.results.map((h) => h.snippet)).toEqual(['Retry the webhook deliveries, part 20', 'Retry the webhook deliveries, part 10', 'Retry the webhook deliveries, part 0']);
    expect(counted.parseSession).toHaveBeenCalledTimes(3); // was 90: the day's thirty sessions for each of the 3 hits
    // Nor are the other sessions' frontmatter read again: the index read the day whole (was 90 too).
    expect(counted.sessionHead).toHaveBeenCalledTimes(3);
  });
});
