// readNewest (memory/primer-window.ts) reads a dense window newest first and stops early: what the
// primer shows of next steps, and what it says of the window, must be what reading it whole gives.
import { describe, expect, it } from 'vitest';
import { latestPerBranch } from '../../src/commands/steps/read-files.js';
import { factShape, similarity } from '../../src/memory/long-term.js';
import { readNewest, readSessions } from '../../src/memory/primer-window.js';
import type { JournalRead } from '../../src/memory/journal.js';
import type { Session } from '../../src/memory/session.js';
import { rng as prng } from '../helpers/rng.js';


const STEPS = ['Render the PDF footer', 'Embed the invoice fonts', 'Backfill proration', 'Document the retry policy', 'Rotate the webhook secret', 'Add the tenant index'];
const DONE = ['Rendered the PDF footer', 'Embedded the invoice fonts', 'Backfilled proration', 'Documented the retry policy', 'Rotated the webhook secret', 'Added the tenant index'];

function journal(seed: number, perDay: number): Map<string, JournalRead> {
  const rand = prng(seed);
  const days = new Map<string, JournalRead>();
  for (let d = 10; d <= 30; d++) {
    const date = `2026-11-${d}`;
    const sessions: Session[] = [];
    for (let i = 0; i < perDay; i++) {
      const minute = Math.floor(rand() * 600) + 480;
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const branch = rand() < 0.7 ? 'main' : `feature/${Math.floor(rand() * 6)}`;
      const pick = (list: string[], p: number) => list.filter(() => rand() < p);
      sessions.push({
        id: `${date.replaceAll('-', '')}-${time.replace(':', '')}-${String(i).padStart(6, '0')}`,
        date,
        time,
        agent: 'claude',
        author: `Dev ${Math.floor(rand() * 9)} <d@example.com>`,
        branch,
        request: 'work',
        learned: [`Fact ${d}-${i} about the exporter`],
        decisions: [],
        completed: [...pick(DONE, 0.08), `Shipped change ${d}-${i}`],
        next_steps: branch === 'main' && rand() < 0.5 ? [] : pick(STEPS, 0.3),
        notes: [],
        commits: [],
      });
    }
    days.set(date, { sessions, corrupt: [] });
  }
  return days;
}

const open = (s: Session, later: readonly Session[]) => {
  const done = later.flatMap((l) => l.completed.map(factShape));
  return s.next_steps.some((n) => !done.some((d) => similarity(d, factShape(n)) >= 0.5));
};

describe('readNewest', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`shows the next steps and tells the window as reading it whole does (seed ${seed})`, () => {
      const days = journal(seed, 30);
      const o = { from: '2026-11-28', to: '2026-11-30', lookFrom: '2026-11-14', maxTokens: 300, branches: 3, open };
      const got = readNewest(readSessions(days), o)!;
      const all = [...days.entries()].filter(([d]) => d >= o.lookFrom).flatMap(([, r]) => r.sessions);
      const byTime = (a: Session, b: Session) => (`${a.date} ${a.time} ${a.id}` < `${b.date} ${b.time} ${b.id}` ? -1 : 1);
      const win = all.filter((s) => s.date >= o.from).sort(byTime);
      const earlier = all.filter((s) => s.date < o.from).sort(byTime);
      // Read less than the whole, yet the same next steps of the same sessions.
      expect(got.read).toBeLessThan(all.length);
      const shown = latestPerBranch([...earlier, ...win], 'main');
      expect(shown.length).toBeGreaterThan(0);
      expect(latestPerBranch([...got.earlier, ...got.window.sessions], 'main')).toEqual(shown);
      expect(got.count).toBe(win.length);
      expect(got.authors).toEqual([...new Set(win.map((s) => s.author!.replace(/\s*<[^>]*>$/, '')))]);
      // The sessions taken are the newest of the window, whole minutes.
      expect(got.window.sessions).toEqual(win.slice(win.length - got.window.sessions.length));
    });
  }
});
