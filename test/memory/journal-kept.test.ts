// Journal files kept parsed in the state directory for end's primer (journal-kept.ts): what
// they give must be what reading the files gives, whatever changed in between.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDays } from '../../src/memory/journal.js';
import { keptJournal } from '../../src/memory/journal-kept.js';
import { serializeSession, type Session } from '../../src/memory/session.js';
import { JOURNAL_DIR, KEPT_DAYS_DIR } from '../../src/paths.js';
import { tempDir } from '../helpers/repo.js';

const TODAY = '2026-11-22';
const DAYS = ['2026-11-19', '2026-11-20', '2026-11-21', TODAY];

function session(date: string, time: string, suffix: string, request = `Work at ${time}`): Session {
  return { id: `${date.replace(/-/g, '')}-${time.replace(':', '')}-${suffix}`, date, time, agent: 'claude', branch: 'main', request, learned: [`fact ${suffix}`], decisions: [], completed: [], next_steps: [`step ${suffix}`], notes: [], commits: [{ sha: 'abc1234', subject: 'A commit' }] };
}

function write(root: string, s: Session): string {
  const rel = join(JOURNAL_DIR, s.date, `${s.time.replace(':', '')}-claude-${s.id.slice(-6)}.md`);
  mkdirSync(join(root, JOURNAL_DIR, s.date), { recursive: true });
  writeFileSync(join(root, rel), serializeSession(s, 'en'));
  return join(root, rel);
}

function setup() {
  const root = tempDir('gm-kept-');
  const state = join(root, '.git', 'git-memory');
  mkdirSync(state, { recursive: true });
  DAYS.forEach((d, i) => {
    write(root, session(d, '09:00', `a${i}aaaa`));
    write(root, session(d, '10:30', `b${i}bbbb`));
  });
  return { root, state };
}

/** One reader's view, as one `end` has it (the kept file is read once per reader). */
const kept = (root: string, state: string) => keptJournal(root, state, TODAY, 0)(DAYS);

const plain = (root: string) => readDays(root, DAYS);
/** The days the kept folder holds (a file per day). */
const keptDays = (state: string) =>
  readdirSync(join(state, KEPT_DAYS_DIR))
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -5))
    .sort();
/** Rewrites the kept files of the days with `edit`. */
function editKept(state: string, edit: (text: string, day: string) => string, days = DAYS): void {
  for (const day of days) {
    const file = join(state, KEPT_DAYS_DIR, `${day}.json`);
    writeFileSync(file, edit(readFileSync(file, 'utf8'), day));
  }
}

describe('keptJournal', () => {
  it('gives what readDays gives, and keeps every day asked for', () => {
    const { root, state } = setup();
    expect(kept(root, state)).toEqual(plain(root));
    expect(keptDays(state)).toEqual(DAYS);
    // From the kept file now: the same again.
    expect(kept(root, state)).toEqual(plain(root));
  });

  it('serves a kept day from the file, not from its files', () => {
    const { root, state } = setup();
    kept(root, state);
    // Change the kept text (not the files): what is served shows it came from the kept folder.
    editKept(state, (t) => t.replaceAll('Work at 09:00', 'Kept at 09:00'));
    expect(kept(root, state).sessions.filter((s) => s.request === 'Kept at 09:00')).toHaveLength(DAYS.length);
  });

  it('serves files from a kept day written after they last changed, without waiting for them to be 2 s old', async () => {
    const { root, state } = setup();
    await new Promise((r) => setTimeout(r, 50)); // past the tick of the clock the files were written in
    const now = (s: string) => keptJournal(root, s, TODAY)(DAYS); // the default 2 s rule
    expect(now(state)).toEqual(plain(root));
    editKept(state, (t) => t.replaceAll('Work at 09:00', 'Kept at 09:00'));
    expect(now(state).sessions.filter((s) => s.request === 'Kept at 09:00')).toHaveLength(DAYS.length);
    // A file changed after the kept day was written: read again, though just as young.
    const path = join(root, JOURNAL_DIR, TODAY, '0900-claude-a3aaaa.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace('Work at 09:00', 'Changed at 09:00'));
    expect(now(state).sessions.filter((s) => s.date === TODAY).map((s) => s.request)).toEqual(['Changed at 09:00', 'Work at 10:30']);
  });

  it('reads a day again when a file was added, removed, edited or replaced', () => {
    const { root, state } = setup();
    kept(root, state);
    write(root, session('2026-11-20', '11:00', 'cccccc'));
    expect(kept(root, state)).toEqual(plain(root));
    rmSync(join(root, JOURNAL_DIR, '2026-11-20', '1100-claude-cccccc.md'));
    expect(kept(root, state)).toEqual(plain(root));
    // Edited in place: same inode, another size.
    const path = join(root, JOURNAL_DIR, '2026-11-19', '0900-claude-a0aaaa.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace('Work at 09:00', 'Edited at 09:00, longer'));
    expect(kept(root, state).sessions.some((s) => s.request === 'Edited at 09:00, longer')).toBe(true);
    // Edited in place with the same size: another modification time.
    writeFileSync(path, readFileSync(path, 'utf8').replace('Edited at 09:00, longer', 'Edited at 09:00, LONGER'));
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    expect(kept(root, state).sessions.some((s) => s.request === 'Edited at 09:00, LONGER')).toBe(true);
    expect(kept(root, state)).toEqual(plain(root));
  });

  it('reads an unreadable file and a linked day folder every time, as readDays does; keeps the rest', () => {
    const { root } = setup();
    writeFileSync(join(root, JOURNAL_DIR, '2026-11-21', '1200-claude-broken.md'), '---\nnot: a session\n');
    const outside = tempDir('gm-kept-outside-');
    write(outside, session('2026-11-18', '08:00', 'dddddd'));
    symlinkSync(join(outside, JOURNAL_DIR, '2026-11-18'), join(root, JOURNAL_DIR, '2026-11-18'));
    const days = ['2026-11-18', ...DAYS];
    const fresh = join(root, '.git', 'other');
    mkdirSync(fresh);
    for (let i = 0; i < 2; i++) {
      const got = keptJournal(root, fresh, TODAY, 0)(days);
      expect(got.sessions).toEqual(readDays(root, days).sessions);
      expect(got.corrupt.map((c) => c.message)).toEqual(readDays(root, days).corrupt.map((c) => c.message));
      expect(got.corrupt).toHaveLength(2);
    }
    expect(keptDays(fresh)).toEqual(DAYS);
  });

  it('reads only the files that changed: a day with a new session parses that one', () => {
    const { root, state } = setup();
    kept(root, state);
    editKept(state, (t) => t.replaceAll('Work at 09:00', 'Kept at 09:00'));
    write(root, session(TODAY, '11:00', 'tttttt'));
    const got = kept(root, state);
    expect(got.sessions.filter((s) => s.date === TODAY).map((s) => s.request)).toEqual(['Kept at 09:00', 'Work at 10:30', 'Work at 11:00']);
    expect(got.sessions.map((s) => s.id)).toEqual(plain(root).sessions.map((s) => s.id));
  });

  it('a damaged kept day counts as none, and the other days still serve', () => {
    const { root, state } = setup();
    kept(root, state);
    // One day's sessions of the wrong shape, another's file torn; the third changed to show it is served.
    editKept(state, (t) => {
      const damaged = JSON.parse(t);
      damaged.files[0].sessions = [{ id: 1 }];
      return JSON.stringify(damaged);
    }, [DAYS[0]!]);
    editKept(state, (t) => t.slice(0, 40), [DAYS[1]!]);
    editKept(state, (t) => t.replaceAll('Work at 10:30', 'Kept at 10:30'), [DAYS[2]!]);
    const got = kept(root, state);
    expect(got.sessions.filter((s) => s.request === 'Kept at 10:30')).toHaveLength(1);
    expect(got.sessions.map((s) => s.id)).toEqual(plain(root).sessions.map((s) => s.id));
    expect(kept(root, state).sessions.filter((s) => s.request === 'Kept at 10:30')).toHaveLength(1);
    expect(keptDays(state)).toEqual(DAYS);
    // Another version of the files: none of them is read.
    editKept(state, (t) => t.replace(/^\{"v":\d+/, '{"v":1'));
    expect(kept(root, state)).toEqual(plain(root));
  });

  it('keeps days the caller did not ask for this time, and drops those over 45 days old', () => {
    const { root } = setup();
    write(root, session('2026-09-01', '09:00', 'oooooo'));
    const fresh = join(root, '.git', 'old');
    mkdirSync(fresh);
    keptJournal(root, fresh, TODAY, 0)(['2026-09-01', ...DAYS]);
    expect(keptDays(fresh)).toEqual(DAYS);
    // A day kept once stays while it is recent, whatever a later reader asks for; an old one goes.
    writeFileSync(join(fresh, KEPT_DAYS_DIR, '2026-09-01.json'), readFileSync(join(fresh, KEPT_DAYS_DIR, `${TODAY}.json`)));
    const again = join(root, '.git', 'again');
    cpSync(fresh, again, { recursive: true });
    keptJournal(root, again, TODAY, 0)(['2026-11-21']);
    expect(keptDays(again)).toEqual(DAYS);
  });
});
