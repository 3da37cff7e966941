// newestOfDay (the previous session `end` compares a new one with) reads a day newest first and
// stops early: it must name the same session as reading the whole day does.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDay } from '../../src/memory/day-view.js';
import { newestOfDay, readDays } from '../../src/memory/journal.js';
import { placeInMinute, serializeSession, sessionSuffix, type Session } from '../../src/memory/session.js';
import { JOURNAL_DIR } from '../../src/paths.js';
import { tempDir } from '../helpers/repo.js';

const DAY = '2026-11-22';

function session(time: string, suffix: string, branch: string | undefined, request = `at ${time} on ${branch}`): Session {
  return { id: `20261122-${time.replace(':', '')}-${suffix}`, date: DAY, time, agent: 'claude', branch, request, learned: [], decisions: [], completed: [], next_steps: [], notes: [], commits: [] };
}

function journal(files: Record<string, Session>): string {
  const root = tempDir('gm-newest-');
  mkdirSync(join(root, JOURNAL_DIR, DAY), { recursive: true });
  for (const [name, s] of Object.entries(files)) writeFileSync(join(root, JOURNAL_DIR, DAY, name), serializeSession(s, 'en'));
  return root;
}

/** The answer of reading the whole day: the last session of the branch in time order. */
const whole = (root: string, branch: string | undefined) => readDays(root, [DAY]).sessions.reverse().find((s) => s.branch === branch)?.id ?? null;

describe('newestOfDay', () => {
  it('names the session reading the whole day names, for each branch', () => {
    const root = journal({
      '0900-claude-aaaaaa.md': session('09:00', 'aaaaaa', 'main'),
      '0930-claude-bbbbbb.md': session('09:30', 'bbbbbb', 'topic'),
      '1000-claude-cccccc.md': session('10:00', 'cccccc', 'main'),
      // Two in the same minute: their order is by id, not by file name.
      '1100-codex-111111.md': session('11:00', '111111', 'topic'),
      '1100-claude-999999.md': session('11:00', '999999', 'topic'),
      '1200-claude-dddddd.md': session('12:00', 'dddddd', undefined),
    });
    for (const branch of ['main', 'topic', undefined, 'none']) {
      expect(newestOfDay(root, DAY, (s) => s.branch === branch).newest?.id ?? null, String(branch)).toBe(whole(root, branch));
    }
    expect(newestOfDay(root, DAY, (s) => s.branch === 'topic').newest?.id).toBe('20261122-1100-999999');
  });

  it('reads no further back than it must: an older file that cannot be read is not reached', () => {
    const root = journal({ '1000-claude-cccccc.md': session('10:00', 'cccccc', 'main') });
    writeFileSync(join(root, JOURNAL_DIR, DAY, '0900-claude-broken.md'), '---\nnot: a session\n');
    expect(newestOfDay(root, DAY, (s) => s.branch === 'main').newest?.id).toBe('20261122-1000-cccccc');
    // Without a session of the branch, every file is read (the broken one is skipped).
    expect(newestOfDay(root, DAY, (s) => s.branch === 'topic').newest).toBeNull();
  });

  it('reads every file when a name does not begin with its minute', () => {
    const root = journal({
      '1000-claude-cccccc.md': session('10:00', 'cccccc', 'main'),
      'renamed.md': session('11:00', 'eeeeee', 'main'),
    });
    expect(newestOfDay(root, DAY, (s) => s.branch === 'main').newest?.id).toBe('20261122-1100-eeeeee');
  });

  it('counts the sessions of a legacy day file, and skips a linked day folder', () => {
    const root = journal({ '0900-claude-aaaaaa.md': session('09:00', 'aaaaaa', 'main') });
    writeFileSync(join(root, JOURNAL_DIR, `${DAY}.md`), renderDay(DAY, [session('13:00', 'ffffff', 'main')], 'en'));
    const newest = newestOfDay(root, DAY, () => true).newest;
    expect(newest?.time).toBe('13:00');
    expect(newest?.id).toBe(readDays(root, [DAY]).sessions.pop()?.id);

    const linked = tempDir('gm-newest-link-');
    mkdirSync(join(linked, JOURNAL_DIR), { recursive: true });
    symlinkSync(join(root, JOURNAL_DIR, DAY), join(linked, JOURNAL_DIR, DAY));
    expect(newestOfDay(linked, DAY, () => true).newest).toBeNull();
  });

  it('orders the sessions of a minute by the place their ids say, past the ninth, after ids that say none', () => {
    const root = journal({
      '1100-claude-ffffff.md': session('11:00', 'ffffff', 'main'),
      '1100-claude-s002-999999.md': session('11:00', sessionSuffix(2, '999999'), 'main'),
      '1100-claude-s009-888888.md': session('11:00', sessionSuffix(9, '888888'), 'main'),
      '1100-codex-s010-000000.md': session('11:00', sessionSuffix(10, '000000'), 'topic'),
    });
    expect(readDays(root, [DAY]).sessions.map((s) => placeInMinute(s.id))).toEqual([1, 2, 9, 10]);
    expect(newestOfDay(root, DAY, () => true).newest?.id).toBe('20261122-1100-s010-000000');
    expect(newestOfDay(root, DAY, (s) => s.branch === 'main').newest?.id).toBe('20261122-1100-s009-888888');
  });

  it('reads every session of the minute asked about, even past the newest session found', () => {
    const root = journal({
      '0900-claude-s002-aaaaaa.md': session('09:00', sessionSuffix(2, 'aaaaaa'), 'topic'),
      '0900-claude-bbbbbb.md': session('09:00', 'bbbbbb', 'topic'),
      '0800-claude-cccccc.md': session('08:00', 'cccccc', 'topic'),
      '1000-claude-dddddd.md': session('10:00', 'dddddd', 'main'),
    });
    // The clock went back to 09:00: main's newest is at 10:00, and 09:00 is read all the same.
    const tail = newestOfDay(root, DAY, (s) => s.branch === 'main', '09:00');
    expect(tail.newest?.id).toBe('20261122-1000-dddddd');
    expect(tail.ofMinute.map((s) => s.id).sort()).toEqual(['20261122-0900-bbbbbb', '20261122-0900-s002-aaaaaa']);
  });
});
