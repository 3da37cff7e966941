// Issue 28 item 3, the first primer after a clone: the day index (journal-index.ts) reads each day
// of the window by itself through keptJournal's reader, and each read listed the whole journal
// again: 15 listings of a year's 335 day folders in one primer at the bench's size. The reader now
// lists the journal once for its life (one primer's gathering), and reads the same sessions; and
// asks once whether the journal folder is a link (each day's read asked it: ~1 ms of path work).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const listed = vi.hoisted(() => ({ dirs: [] as string[], lstat: [] as string[] }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const readdirSync = ((dir: Parameters<typeof real.readdirSync>[0], ...rest: unknown[]) => {
    listed.dirs.push(String(dir));
    return (real.readdirSync as (...a: unknown[]) => unknown)(dir, ...rest);
  }) as typeof real.readdirSync;
  const lstatSync = ((path: Parameters<typeof real.lstatSync>[0], ...rest: unknown[]) => {
    listed.lstat.push(String(path));
    return (real.lstatSync as (...a: unknown[]) => unknown)(path, ...rest);
  }) as typeof real.lstatSync;
  return { ...real, readdirSync, lstatSync, default: { ...real, readdirSync, lstatSync } };
});

const { keptJournal } = await import('../../src/memory/journal-kept.js');
const { readDays } = await import('../../src/memory/journal.js');
const { serializeSession } = await import('../../src/memory/session.js');
const { JOURNAL_DIR } = await import('../../src/paths.js');
const { tempDir } = await import('../helpers/repo.js');

const TODAY = '2026-11-30';

describe("keptJournal's reader", () => {
  it('lists the journal once however many days it is asked for one at a time, and reads what readDays reads', () => {
    const root = tempDir('gm-kept-list-');
    const state = join(root, '.git', 'git-memory');
    mkdirSync(state, { recursive: true });
    const days: string[] = [];
    for (let d = 1; d <= 30; d++) {
      const date = `2026-11-${String(d).padStart(2, '0')}`;
      days.push(date);
      // A day without a folder now and then (a weekend): asked for, not there.
      if (d % 7 === 0) continue;
      mkdirSync(join(root, JOURNAL_DIR, date), { recursive: true });
      const s = { id: `${date.replaceAll('-', '')}-0900-a${d}`, date, time: '09:00', agent: 'claude', branch: 'main', request: `Work of ${date}`, learned: [`fact ${d}`], decisions: [], completed: [], next_steps: [], notes: [], commits: [] };
      writeFileSync(join(root, JOURNAL_DIR, date, `0900-claude-a${d}.md`), serializeSession(s, 'en'));
    }
    const journal = join(root, JOURNAL_DIR);
    listed.dirs.length = 0;
    listed.lstat.length = 0;
    const read = keptJournal(root, state, TODAY, 0);
    const got = days.map((d) => read([d]));
    expect(listed.dirs.filter((d) => d === journal).length).toBe(1);
    expect(listed.lstat.filter((p) => p === journal).length).toBe(1);
    expect(got.flatMap((g) => g.sessions)).toEqual(readDays(root, days).sessions);
    expect(got.flatMap((g) => g.sessions).length).toBe(26);
  });
});
