import { describe, expect, it } from 'vitest';
import { foldedDay } from '../../src/memory/folded-day.js';
import { benchSession } from '../helpers/bench-session.js';
import { fixture, makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const J = '.openclaw_memory/journal';
const NOW = '2026-12-05T10:00:00';

const session = benchSession;

const sessions = (list: [string, string][]) => Object.fromEntries(list);

/**
 * Two branches that both fold October while each adds sessions of its own, HEAD on `a` with `b` to
 * merge. The fork has six October sessions; `b` adds one more October session before its fold (so
 * the two day files of 2026-10-12 differ) and both change app.txt (a conflict of the user's own).
 * No merge driver is configured (a teammate's machine, the bench repositories): the day files meet
 * as add/add conflicts too.
 */
const base = ['10', '11', '12'].flatMap((d, i) => [session(`2026-10-${d}`, '09:10', 'codex', `a${d}09`, i), session(`2026-10-${d}`, '14:20', 'codex', `a${d}14`, i)]);
const ours = [1, 2, 3].map((i) => session(`2026-11-2${i}`, `10:0${i}`, 'claude', `ca${i}`, i));
const theirs = [...[1, 2, 3].map((i) => session(`2026-11-2${i}`, `11:0${i}`, 'gemini', `cb${i}`, i + 1)), session('2026-10-12', '16:30', 'gemini', 'cb0', 3)];
const all = new Map([...base, ...ours, ...theirs]);

const twoFolds = fixture(async () => {
  const repo = await makeMemoryRepo({ now: NOW, until: 'file' });
  repo.git('config', '--remove-section', 'merge.git-memory-tasks');
  repo.commit('base sessions', { ...sessions(base), 'app.txt': 'one\n' });
  repo.git('branch', 'b');
  repo.git('checkout', '-q', '-b', 'a');
  repo.commit('a: sessions', { ...sessions(ours), 'app.txt': 'one from a\n' });
  expect((await repo.run(['fold', '--before', '2026-11'])).code).toBe(0);
  repo.git('checkout', '-q', 'b');
  repo.commit('b: sessions', { ...sessions(theirs), 'app.txt': 'one from b\n' });
  expect((await repo.run(['fold', '--before', '2026-11'])).code).toBe(0);
  repo.git('checkout', '-q', 'a');
  return repo;
});

/** Merges b into a (it stops), returning git's output. */
function mergeStops(repo: TestRepo): string {
  try {
    repo.git('merge', '--no-edit', 'b');
  } catch (e) {
    return String((e as { stdout?: Buffer }).stdout ?? '');
  }
  throw new Error('the merge did not stop');
}

const unmerged = (repo: TestRepo, path = '.') => [...new Set(repo.git('ls-files', '-u', '-z', '--', path).split('\0').filter(Boolean).map((e) => e.split('\t')[1]!))].sort();

/** Every session the journal holds, as files and in folded days: origin path → text. */
function journalSessions(repo: TestRepo): [string, string][] {
  const out: [string, string][] = [];
  for (const p of repo.git('ls-files', '--', J).split('\n').filter(Boolean)) {
    if (p.split('/').length === 4) out.push([p, repo.read(p)]);
    else out.push(...foldedDay(repo.read(p), p)!.files.map((f): [string, string] => [f.origin, f.text]));
  }
  return out.sort(([x], [y]) => (x < y ? -1 : 1));
}

describe('merging two branches that both folded the journal', () => {
  it('git pairs folded session files with new ones (rename conflicts); resolve settles them exactly: every session once, byte for byte, lint clean, the user’s own conflict and staged work untouched', async () => {
    const repo = await twoFolds();
    const out = mergeStops(repo);
    // The cause: rename detection pairs a session file both sides folded with a new session file.
    expect(out).toMatch(/CONFLICT \(rename\/(rename|delete)\): \.openclaw_memory\/journal\/2026-10-/);
    const journalConflicts = unmerged(repo, J);
    expect(journalConflicts.filter((p) => p.split('/').length === 4).length).toBeGreaterThan(2);
    expect(journalConflicts).toContain(`${J}/2026-10-12.md`); // add/add: no driver

    // The user's own conflict, staged and untracked work, as they are before resolve.
    const appStages = repo.git('ls-files', '-u', '--', 'app.txt');
    const appText = repo.read('app.txt');
    repo.write('notes.txt', 'staged by the user\n');
    repo.git('add', '--', 'notes.txt');
    repo.write('scratch.txt', 'untracked\n');

    const r = await repo.run(['resolve']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/settled the journal: kept \d+ session files as the side that added it wrote it \(3 ours, 3 theirs\); removed \d+ session files? neither side has any more \(folded into day files\); merged 1 folded day session by session; every session once/);

    expect(unmerged(repo, J)).toEqual([]);
    expect(unmerged(repo)).toEqual(['app.txt']);
    expect(repo.git('ls-files', '-u', '--', 'app.txt')).toBe(appStages);
    expect(repo.read('app.txt')).toBe(appText);
    expect(repo.git('diff', '--cached', '--name-only', '--', 'notes.txt')).toBe('notes.txt\n');
    expect(repo.git('status', '--porcelain', '--', 'scratch.txt')).toBe('?? scratch.txt\n');

    // Every session of the fork and of both sides once, byte for byte; the new ones stay files.
    const got = journalSessions(repo);
    expect(got.map(([p]) => p)).toEqual([...all.keys()].sort());
    for (const [p, text] of got) expect(text, p).toBe(all.get(p));
    for (const p of [...ours, ...theirs].map(([p]) => p).filter((p) => !p.includes('2026-10-'))) expect(repo.git('ls-files', '--stage', '--', p)).toMatch(/ 0\t/);
    const marked = repo.git('ls-files', '--', J).split('\n').filter((p) => p && /^(<{7}|>{7})/m.test(repo.read(p)));
    expect(marked).toEqual([]);

    // The merge concludes once the user's own conflict is settled; the journal lints clean.
    repo.write('app.txt', 'one from both\n');
    repo.git('add', '--', 'app.txt');
    repo.git('commit', '-q', '--no-edit');
    const lint = await repo.run(['lint']);
    expect(lint.code, lint.stdout + lint.stderr).toBe(0);
  });
});

describe('resolve leaves what it cannot settle exactly', () => {
  it('a session file edited by hand in the working tree stays unmerged and is named; the others are settled', async () => {
    const repo = await twoFolds();
    mergeStops(repo);
    const [edited] = unmerged(repo, J).filter((p) => p.includes('/2026-11-2'));
    repo.write(edited!, 'my own resolution\n');
    const r = await repo.run(['resolve', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout) as { journal: { left: { path: string; reason: string }[]; kept: unknown[] } };
    expect(data.journal.left).toEqual([{ path: edited, reason: expect.stringMatching(/edited by hand/) }]);
    expect(data.journal.kept.length).toBeGreaterThan(3);
    expect(unmerged(repo, J)).toEqual([edited]);
    expect(repo.read(edited!)).toBe('my own resolution\n');
  });
});

describe('merging a branch that added a session to a day the other branch folded', () => {
  it('git moves the session to another day (a directory rename it infers from the fold); resolve puts it back at its own path', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.commit('base sessions', sessions([session('2026-10-12', '09:10', 'codex', 'a1209', 0), session('2026-10-12', '14:20', 'codex', 'a1214', 0)]));
    repo.git('branch', 'c');
    repo.commit('sessions of one day', sessions([1, 2, 3].map((i) => session('2026-11-21', `10:0${i}`, 'claude', `ca${i}`, i))));
    expect((await repo.run(['fold', '--before', '2026-11'])).code).toBe(0);
    repo.git('checkout', '-q', 'c');
    const [late, text] = session('2026-10-12', '16:30', 'gemini', 'cb0', 3);
    repo.commit('a late session of 10-12', { [late]: text });
    repo.git('checkout', '-q', 'main');
    let out = '';
    try {
      repo.git('merge', '--no-edit', 'c');
    } catch (e) {
      out = String((e as { stdout?: Buffer }).stdout ?? '');
    }
    expect(out).toContain(`CONFLICT (file location): ${late} added in c inside a directory that was renamed in HEAD`);
    expect(unmerged(repo, J)).toEqual([`${J}/2026-11-21/1630-gemini-cb0.md`]);

    const r = await repo.run(['resolve']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('put 1 session file back in its own day');
    expect(unmerged(repo)).toEqual([]);
    expect(repo.git('ls-files', '--', `${J}/2026-11-21/1630-gemini-cb0.md`)).toBe('');
    expect(repo.git('ls-files', '--stage', '--', late)).toMatch(/ 0\t/);
    expect(repo.read(late)).toBe(text);
    repo.git('commit', '-q', '--no-edit');
    expect((await repo.run(['lint'])).code).toBe(0);
  });
});
