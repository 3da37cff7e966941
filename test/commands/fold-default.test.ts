import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { foldCutoff, mondayOnOrBefore, pastShare, type JournalCensus } from '../../src/commands/steps/fold-journal.js';
import { foldedDay } from '../../src/memory/folded-day.js';
import { benchSession } from '../helpers/bench-session.js';
import { writeHistory } from '../helpers/history.js';
import { copyRepo, fixture, makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';

// Issue 28 item 6 by default: the journal kept near 1.6% of git's index where it would be more
// (the week cutoff), and a dream folding on the default branch only, so a branch that never folds
// merges with the one that did, whichever way.

const J = '.openclaw_memory/journal';
const NOW = '2026-12-05T10:00:00'; // a Saturday

const ok = async (repo: TestRepo, args: string[]) => {
  const r = await repo.run(args);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
};
const json = async (repo: TestRepo, args: string[]) => {
  const out = JSON.parse((await ok(repo, [...args, '--json'])).stdout);
  return out.data ?? out;
};
const sessionFiles = (repo: TestRepo) => repo.git('ls-files', '--', J).split('\n').filter((p) => p.split('/').length === 4);
const setConfig = (repo: TestRepo, lines: string) => {
  const text = repo.read('.openclaw_memory.toml');
  repo.write('.openclaw_memory.toml', /^\[journal\]$/m.test(text) ? text.replace(/^\[journal\]$/m, `[journal]\n${lines}`) : `${text}\n[journal]\n${lines}\n`);
  repo.git('commit', '-q', '-am', 'journal config');
};

describe('the default cutoff', () => {
  const journal = { language: 'en' as const, fold_at: 1000, fold_after_days: 0, fold_on: 'default-branch' as const };
  // The bench's repositories right after a month fold (HEAD's journal, the user's index).
  const XL: JournalCensus = { sessionFiles: 4045, journalEntries: 4380, indexEntries: 150_004 };
  const L: JournalCensus = { sessionFiles: 1654, journalEntries: 1958, indexEntries: 60_004 };
  const S: JournalCensus = { sessionFiles: 1000, journalEntries: 1000, indexEntries: 1305 };

  it('is the Monday on or before a week ago where the journal is more than 1.6% of an index of 20,000 entries or more; else the first day of last month', () => {
    expect(mondayOnOrBefore('2026-11-28')).toBe('2026-11-23');
    expect(mondayOnOrBefore('2026-11-23')).toBe('2026-11-23');
    expect(mondayOnOrBefore('2026-03-01')).toBe('2026-02-23');
    expect(foldCutoff('2026-12-05', journal, XL)).toEqual({ before: '2026-11-23', rule: 'week' });
    // Every day of one week gives one cutoff: two clones folding that week fold the same files.
    const week = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'].map((d) => foldCutoff(d, journal, XL).before);
    expect(new Set(week)).toEqual(new Set(['2026-11-23']));
    expect(foldCutoff('2026-12-07', journal, XL).before).toBe('2026-11-30');
    expect(foldCutoff('2026-12-05', journal, L)).toEqual({ before: '2026-11-23', rule: 'week' });
    // A small index: its status takes milliseconds, the month stays.
    expect(foldCutoff('2026-12-05', journal, S)).toEqual({ before: '2026-11-01', rule: 'month' });
    // The journal within its share, or under fold_at session files: the month.
    expect(foldCutoff('2026-12-05', journal, { sessionFiles: 2000, journalEntries: 2300, indexEntries: 150_004 })).toEqual({ before: '2026-11-01', rule: 'month' });
    expect(pastShare({ sessionFiles: 999, journalEntries: 4000, indexEntries: 150_004 }, journal)).toBe(false);
    expect(foldCutoff('2026-12-05', journal, null).rule).toBe('month');
    // [journal] fold_after_days, when set, is the cutoff.
    expect(foldCutoff('2026-12-05', { ...journal, fold_after_days: 21 }, XL)).toEqual({ before: '2026-11-14', rule: 'days' });
  });

  /**
   * 400 sessions, four a day from 2026-08-27 to 2026-12-04, beside 20,000 other entries: the journal
   * is 2% of the index, dreamt. `fold_at` 100.
   */
  const large = fixture(async () => {
    const repo = await makeMemoryRepo({ now: NOW, until: 'file' });
    writeHistory(repo, { end: '2026-12-04', days: 100, sessions: 400, tasks: 2, commits: 1 });
    const blob = repo.git('hash-object', '-w', '--stdin', '--path=x.txt').trim();
    // Straight into the index (one update-index, not a tree made by mktree and read back: ~0.5 s less).
    const lines = Array.from({ length: 20_000 }, (_, i) => `100644 ${blob}\tvendor/f${String(i).padStart(5, '0')}.txt\n`).join('');
    // In HEAD and the index only, never checked out (the census counts index entries; nothing reads
    // those files): so every commit below commits what it added, never `-a`.
    execFileSync('git', ['update-index', '--index-info'], { cwd: repo.dir, env: repo.env, input: lines });
    repo.git('commit', '-q', '-m', 'vendor: 20,000 entries');
    const config = (text: string) => {
      repo.write('.openclaw_memory.toml', text);
      // Added, then committed: the same commit as `commit -- <path>`, without its second index of 20,000 entries.
      repo.git('add', '--', '.openclaw_memory.toml');
      repo.git('commit', '-q', '-m', 'journal config');
    };
    // Dreamt once before (folding nothing): the dream under test only folds.
    config(`${repo.read('.openclaw_memory.toml')}\n[journal]\nfold_at = 0\n`);
    await ok(repo, ['dream', '--force', '--offline']);
    config(repo.read('.openclaw_memory.toml').replace('fold_at = 0', 'fold_at = 100'));
    return repo;
  });

  it('a dream on a large journal folds the session files dated before the Monday a week back, and git memory fold takes the same cutoff', async () => {
    const repo = await large();
    const dry = await json(repo, ['fold', '--dry-run']);
    expect({ before: dry.before, rule: dry.rule, olderThanDays: dry.olderThanDays }).toEqual({ before: '2026-11-23', rule: 'week', olderThanDays: null });
    const d = await json(repo, ['dream', '--force', '--offline']);
    expect(d.fold).toMatchObject({ before: '2026-11-23', rule: 'week', folded: dry.folded });
    // 12 days of four sessions stay; the 22 days of November before the cutoff keep their newest.
    const left = sessionFiles(repo);
    expect(left.filter((p) => p.slice(J.length + 1, J.length + 11) >= '2026-11-23').length).toBe(48);
    const older = left.filter((p) => p.slice(J.length + 1, J.length + 11) < '2026-11-23');
    expect(older.length).toBe(22);
    expect(older.every((p) => p.slice(J.length + 1, J.length + 11) >= '2026-11-01')).toBe(true);
    expect(repo.git('status', '--porcelain', '--', '.openclaw_memory')).toBe('');
    expect(Number(repo.git('ls-files', '--', 'vendor').split('\n').length - 1)).toBe(20_000);
    // Again the same week: nothing dated before that Monday is left.
    const again = await json(repo, ['dream', '--force', '--offline']);
    expect(again.fold).toBeUndefined();
  });
});

/** A session file in the bench generator's shape: alike enough for git to pair a deleted one with a new one. */
const session = (day: string, hhmm: string, agent: string, suffix: string) => benchSession(day, hhmm, agent, suffix);
const days = (from: number, to: number, month: string, tag: string) =>
  Array.from({ length: to - from + 1 }, (_, i) => session(`2026-${month}-${String(from + i).padStart(2, '0')}`, '09:10', 'codex', `${tag}${from + i}`));

/**
 * A clone's view of a team repository: `origin` (a bare repository) whose HEAD names main, October's
 * sessions shared, a feature branch forked from main; then main and the feature branch each add
 * November sessions and each dreams (fold_at 5: October is due on both).
 */
const team = fixture(async () => {
  const repo = await makeMemoryRepo({ now: NOW, until: 'file' });
  // A first dream before the fork, folding nothing: both branches start from one MEMORY.md.
  setConfig(repo, 'fold_at = 0');
  repo.commit('October sessions', Object.fromEntries(days(5, 24, '10', 'o')));
  await ok(repo, ['dream', '--force', '--offline']);
  repo.write('.openclaw_memory.toml', repo.read('.openclaw_memory.toml').replace('fold_at = 0', 'fold_at = 5'));
  repo.git('commit', '-q', '-am', 'fold at 5');
  const origin = tempDir('gm-origin-', 'file');
  execFileSync('git', ['clone', '-q', '--bare', repo.dir, origin], { env: repo.env });
  repo.git('remote', 'add', 'origin', origin);
  repo.git('fetch', '-q', 'origin');
  repo.git('remote', 'set-head', 'origin', 'main');
  repo.git('checkout', '-q', '-b', 'feature');
  repo.commit('feature sessions', Object.fromEntries(days(10, 19, '11', 'f')));
  repo.git('checkout', '-q', 'main');
  repo.commit('main sessions', Object.fromEntries(days(12, 21, '11', 'm')));
  return repo;
});

/** Every session the journal holds, as files and in folded days: origin path → text. */
function journalSessions(repo: TestRepo): string[] {
  const out: string[] = [];
  for (const p of repo.git('ls-files', '--', J).split('\n').filter(Boolean)) {
    if (p.split('/').length === 4) out.push(p);
    else if (/\/\d{4}-\d{2}-\d{2}\.md$/.test(p)) out.push(...foldedDay(repo.read(p), p)!.files.map((f) => f.origin));
  }
  return out.sort();
}

describe('who folds: a dream on the default branch only', () => {
  it('a dream on a feature branch folds nothing; on main it folds; the feature branch then merges into main, main into it, or rebases onto it, without a conflict, every session once', async () => {
    const repo = await team();
    const all = journalSessions(repo);
    repo.git('checkout', '-q', 'feature');
    const onFeature = await json(repo, ['dream', '--force', '--offline']);
    expect(onFeature.fold).toBeUndefined();
    expect(sessionFiles(repo).filter((p) => p.includes('/2026-10-')).length).toBe(20);
    repo.git('checkout', '-q', 'main');
    const onMain = await json(repo, ['dream', '--force', '--offline']);
    expect(onMain.fold).toMatchObject({ before: '2026-11-01', folded: 20, rule: 'month' });
    // Each branch adds more sessions after its dream.
    repo.commit('main: more', Object.fromEntries(days(1, 3, '12', 'mm')));
    repo.git('checkout', '-q', 'feature');
    repo.commit('feature: more', Object.fromEntries(days(1, 3, '12', 'ff')));
    const expected = [...new Set([...all, ...journalSessions(repo), ...days(1, 3, '12', 'mm').map(([p]) => p), ...days(12, 21, '11', 'm').map(([p]) => p)])].sort();

    for (const [name, copy] of mergeFlows(repo)) {
      expect(journalSessions(copy), name).toEqual(expected);
    }
  });

  it('a dream on a detached HEAD or where no default branch can be told folds nothing; [journal] fold_on = "any-branch" folds anywhere', async () => {
    const repo = await team();
    repo.git('checkout', '-q', '--detach', 'main');
    expect((await json(repo, ['dream', '--force', '--offline'])).fold).toBeUndefined();
    // No remote HEAD, no main, master or init.defaultBranch: no branch is the default one.
    const trunk = copyRepo(repo);
    trunk.git('checkout', '-q', 'main');
    trunk.git('remote', 'remove', 'origin');
    trunk.git('branch', '-q', '-m', 'main', 'trunk');
    expect((await json(trunk, ['dream', '--force', '--offline'])).fold).toBeUndefined();
    repo.git('checkout', '-q', 'feature');
    setConfig(repo, 'fold_on = "any-branch"');
    expect((await json(repo, ['dream', '--force', '--offline'])).fold).toMatchObject({ before: '2026-11-01', folded: 20 });
  });

  it('git memory fold by hand on another branch folds, and says where dreams fold', async () => {
    const repo = await team();
    repo.git('checkout', '-q', 'feature');
    const r = await ok(repo, ['fold']);
    expect(r.stdout).toMatch(/^folded 20 session files/);
    expect(r.stderr).toContain('not on the default branch (main), where dreams fold');
  });
});


describe('a recent day folded on one branch, a session added to its folder on the other', () => {
  it('the fold keeps the day’s newest session as a file, so git does not infer the folder moved: the merge, the merge back and the rebase go through, every session once', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const three = (day: string, tag: string) => ['10:00', '11:00', '12:00'].map((t, k) => session(day, t, 'codex', `${tag}${day.slice(8)}${k}`));
    repo.commit('sessions at the fork', Object.fromEntries(['2026-11-10', '2026-11-11', '2026-11-12'].flatMap((d) => three(d, 'b'))));
    repo.git('checkout', '-q', '-b', 'feature');
    // The feature branch's first session is dated on the day it forked (a folder main has too).
    repo.commit('feature', Object.fromEntries([session('2026-11-12', '18:00', 'claude', 'f12'), session('2026-11-14', '15:00', 'claude', 'f14')]));
    repo.git('checkout', '-q', 'main');
    repo.commit('main', Object.fromEntries(['2026-11-13', '2026-11-14'].flatMap((d) => three(d, 'm'))));
    const folded = await json(repo, ['fold', '--older-than-days', '7']);
    expect(folded.folded).toBe(10); // 15 session files, the newest of each of 5 days kept
    repo.commit('main, later', Object.fromEntries(['2026-11-27', '2026-11-28', '2026-11-29'].flatMap((d) => three(d, 'n'))));
    repo.git('checkout', '-q', 'feature');
    repo.commit('feature, later', Object.fromEntries([session('2026-11-29', '15:00', 'claude', 'f29')]));
    for (const [name, copy] of mergeFlows(repo)) {
      expect(journalSessions(copy).length, name).toBe(9 + 2 + 6 + 9 + 1);
      expect(new Set(journalSessions(copy)).size, name).toBe(27);
      expect(copy.git('ls-files', '--', `${J}/2026-11-12/1800-claude-f12.md`), name).not.toBe('');
    }
    // A dream does not count the kept files as due: with nothing else before the cutoff it makes no fold at all.
    repo.git('checkout', '-q', 'main');
    setConfig(repo, 'fold_after_days = 9\nfold_at = 1'); // cutoff 2026-11-26: only kept files before it
    expect((await json(repo, ['dream', '--force', '--offline'])).fold).toBeUndefined();
  });
});

/**
 * A copy of `repo` (on branch feature, main beside it) after each of the three flows that bring a
 * feature branch and main together: feature merged into main, main merged into feature, feature
 * rebased onto main. Throws, with git's output, where one stops; each copy has no unmerged path.
 */
function mergeFlows(repo: TestRepo): [string, TestRepo][] {
  const flows: [string, (r: TestRepo) => void][] = [
    ['feature merged into main', (r) => (r.git('checkout', '-q', 'main'), r.git('merge', '--no-edit', 'feature'))],
    ['main merged into feature', (r) => r.git('merge', '--no-edit', 'main')],
    ['feature rebased onto main', (r) => r.git('rebase', '-q', 'main')],
  ];
  return flows.map(([name, flow]) => {
    const copy = copyRepo(repo);
    try {
      flow(copy);
    } catch (e) {
      throw new Error(`${name} stopped: ${String((e as { stdout?: Buffer }).stdout ?? e)}`);
    }
    expect(copy.git('ls-files', '-u'), name).toBe('');
    return [name, copy];
  });
}
