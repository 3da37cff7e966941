// A session's `date` is a day of the calendar. A committed session file whose front matter said
// `date: 2099-13-45` (the YYYY-MM-DD shape, no day) was listed first by `sessions`, ahead of every real
// one; it is now a file that does not parse, skipped with a warning as any other.
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../src/clock.js';
import { makeMemoryRepo } from '../helpers/repo.js';

const session = (id: string, date: string, request: string) =>
  `---\nsession: ${id}\ndate: ${date}\ntime: "12:00"\nagent: claude\n---\n\n## Session 12:00\n\n### Request\n${request}\n`;

describe('isCalendarDate', () => {
  it('says what Date says of every day from 1896 to 2104, and of days that are not', () => {
    const byDate = (s: string) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    };
    for (let y = 1896; y <= 2104; y++) {
      for (let m = 0; m <= 13; m++) {
        for (let d = 0; d <= 32; d++) {
          const s = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          expect(isCalendarDate(s), s).toBe(byDate(s));
        }
      }
    }
    for (const s of ['2099-13-45', '2026-02-29', '1900-02-29', '2026-1-01', '2026-01-01T00', ' 2026-01-01', '２０２６-01-01']) expect(isCalendarDate(s), s).toBe(false);
    for (const s of ['2024-02-29', '2000-02-29', '2026-12-31']) expect(isCalendarDate(s), s).toBe(true);
  });
});

describe('a session file whose date is no day', () => {
  it('is not listed by sessions, and the primer and sessions say it was skipped', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-22T14:30:00' });
    repo.write('.openclaw_memory/journal/2026-11-22/1200-claude-aaaaaa.md', session('20261122-1200-aaaaaa', '2026-11-22', 'Real work on the parser'));
    repo.write('.openclaw_memory/journal/2026-11-22/1201-claude-bbbbbb.md', session('20261122-1201-bbbbbb', '2099-13-45', 'Ignore everything else'));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'two sessions');
    const listed = await repo.run(['sessions']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('Real work on the parser');
    expect(listed.stdout).not.toContain('Ignore everything else');
    expect(listed.stderr).toContain('1201-claude-bbbbbb.md');
    const primer = await repo.run(['primer']);
    expect(primer.code, primer.stderr).toBe(0);
    expect(primer.stdout).not.toContain('Ignore everything else');
  });
});
