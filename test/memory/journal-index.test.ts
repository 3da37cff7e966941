// The journal's day indexes kept in the state directory (journal-index.ts): a clone's first primer
// indexes every day of its window, and keeps them in one write, not one a day.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDays, type JournalRead } from '../../src/memory/journal.js';
import { journalIndex } from '../../src/memory/journal-index.js';
import { readNewest } from '../../src/memory/primer-window.js';
import { serializeSession, type Session } from '../../src/memory/session.js';
import { JOURNAL_DIR, JOURNAL_INDEX_FILE } from '../../src/paths.js';
import { tempDir } from '../helpers/repo.js';

const TODAY = '2026-11-22';
const DAYS = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', TODAY];

function session(date: string, time: string, suffix: string): Session {
  return { id: `${date.replace(/-/g, '')}-${time.replace(':', '')}-${suffix}`, date, time, agent: 'claude', branch: 'main', request: `Work at ${time}`, learned: [`fact ${suffix}`], decisions: [], completed: [`done ${suffix}`], next_steps: [`step ${suffix}`], notes: [], commits: [] };
}

function setup() {
  const root = tempDir('gm-jindex-');
  const state = join(root, '.git', 'git-memory');
  mkdirSync(state, { recursive: true });
  DAYS.forEach((d, i) => {
    for (const [time, s] of [['09:00', `a${i}aaaa`], ['10:30', `b${i}bbbb`]] as const) {
      mkdirSync(join(root, JOURNAL_DIR, d), { recursive: true });
      writeFileSync(join(root, JOURNAL_DIR, d, `${time.replace(':', '')}-claude-${s}.md`), serializeSession(session(d, time, s), 'en'));
    }
  });
  return { root, state, file: join(state, JOURNAL_INDEX_FILE) };
}

const window = { from: '2026-11-20', to: TODAY, lookFrom: '2026-11-16', maxTokens: 2000, branches: 3, open: () => true };

describe('journalIndex', () => {
  it('keeps the days it indexed in one write, after the last, and a later primer reads none of them again', () => {
    const { root, state, file } = setup();
    const indexed: string[] = [];
    // Whether the kept file was there while each day was read for its index: written once a day
    // before, so from the second day on; now only once every day is indexed.
    const seenBefore: boolean[] = [];
    const whole = (days: string[]): JournalRead => {
      indexed.push(...days);
      seenBefore.push(existsSync(file));
      return readDays(root, days);
    };
    const first = readNewest(journalIndex(root, state, TODAY, whole, 0)!, window);
    expect(first).not.toBeNull();
    expect(new Set(indexed)).toEqual(new Set(DAYS));
    expect(seenBefore.slice(0, DAYS.length)).toEqual(DAYS.map(() => false));
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).days).sort()).toEqual(DAYS);

    // The next primer takes every index from the file: it reads only the days whose sessions it shows.
    indexed.length = 0;
    const again = readNewest(journalIndex(root, state, TODAY, whole, 0)!, window);
    expect(again).toEqual(first);
    expect(indexed.length).toBeLessThan(DAYS.length);
    expect(indexed.every((d) => d >= window.from)).toBe(true);
  });

  it('writes nothing where every index was kept', () => {
    const { root, state, file } = setup();
    readNewest(journalIndex(root, state, TODAY, (d) => readDays(root, d), 0)!, window);
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, before.replace('"v":1', '"v": 1')); // the same JSON, other bytes: rewritten would lose them
    readNewest(journalIndex(root, state, TODAY, (d) => readDays(root, d), 0)!, window);
    expect(readFileSync(file, 'utf8')).toBe(before.replace('"v":1', '"v": 1'));
  });

  it('tells of each day read for its index and not kept (its folder changed too lately): a kept reading checks that day by its files', () => {
    const { root, state } = setup();
    const unkept: string[] = [];
    // Settled after 0 ms: every day's index is kept, none told.
    readNewest(journalIndex(root, state, TODAY, (d) => readDays(root, d), 0, (d) => unkept.push(d))!, window);
    expect(unkept).toEqual([]);
    // Settled only after an hour (every folder changed just now): read whole and not kept, each told.
    const { root: root2, state: state2 } = setup();
    readNewest(journalIndex(root2, state2, TODAY, (d) => readDays(root2, d), 3_600_000, (d) => unkept.push(d))!, window);
    expect(new Set(unkept)).toEqual(new Set(DAYS));
  });
});
