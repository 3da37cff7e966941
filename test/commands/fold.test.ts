import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldedDay } from '../../src/memory/folded-day.js';
import { serializeSession, type Session } from '../../src/memory/session.js';
import { writeHistory } from '../helpers/history.js';
import { copyRepo, fixture, makeMemoryRepo, pathWithBin, stopInConflictingRebase, type TestRepo } from '../helpers/repo.js';

const J = '.openclaw_memory/journal';
const NOW = '2026-12-05T10:00:00';

/** 200 sessions, two a day from 2026-08-27 to 2026-12-04, committed: Aug–Oct fold by default, Nov–Dec stay files. */
const history = fixture(async () => {
  const repo = await makeMemoryRepo({ now: NOW, until: 'file' });
  writeHistory(repo, { end: '2026-12-04', days: 100, sessions: 200, tasks: 4, commits: 3 });
  return repo;
});

const ok = async (repo: TestRepo, args: string[]) => {
  const r = await repo.run(args);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
};

const sessionFiles = (repo: TestRepo) => repo.git('ls-files', '--', J).split('\n').filter(Boolean);

/** What every reader says about the journal: the outputs a fold must leave as they were. */
async function readers(repo: TestRepo): Promise<Record<string, string>> {
  const ids = (JSON.parse(await ok(repo, ['sessions', '--json'])) as { data?: { id: string }[] } & { id?: string }[]) as unknown;
  const list = Array.isArray(ids) ? (ids as { id: string }[]) : ((ids as { sessions: { id: string }[] }).sessions ?? []);
  const oldest = list.map((s) => s.id).sort()[0]!;
  const strip = (text: string) => text.replace(/"path": "[^"]*",?/g, '').replace(/\.openclaw_memory\/journal\/\S+\.md/g, '<path>');
  return {
    // The primer names HEAD, which the fold commit moves: all else is byte for byte.
    primer: (await ok(repo, ['primer', '--days', '200', '--no-write'])).replace(repo.git('rev-parse', '--short', 'HEAD').trim(), '<head>'),
    sessions: strip(await ok(repo, ['sessions'])),
    show: strip(await ok(repo, ['show', oldest])),
    journal: await ok(repo, ['journal', '2026-09-20']),
    search: strip(await ok(repo, ['search', 'caches results', '--json'])),
    // Fewer files to check after a fold, and the same finding: none.
    lint: (await ok(repo, ['lint'])).replace(/^\d+ memory files/, 'N memory files'),
  };
}

describe('git memory fold', () => {
  it('folds the session files of past months into one file a day, verbatim, in one memory commit of the journal only', async () => {
    const repo = await history();
    const before = sessionFiles(repo);
    const texts = new Map(before.map((p) => [p, repo.read(p)]));
    const head = repo.git('rev-parse', 'HEAD').trim();
    const dry = JSON.parse(await ok(repo, ['fold', '--dry-run', '--json']));
    expect(dry.data?.dryRun ?? dry.dryRun).toBe(true);
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(head);
    expect(sessionFiles(repo)).toEqual(before);

    const out = await ok(repo, ['fold']);
    expect(out).toMatch(/folded \d+ session files of \d+ days before 2026-11-01 into one file a day; committed memory as [0-9a-f]{7}/);
    const after = sessionFiles(repo);
    const oldFiles = before.filter((p) => p.slice(J.length + 1, J.length + 11) < '2026-11-01');
    expect(oldFiles.length).toBeGreaterThan(20);
    // Files after the cutoff stay; each folded day is one file; nothing else.
    expect(after.filter((p) => p.split('/').length === 4)).toEqual(before.filter((p) => !oldFiles.includes(p)));
    const days = after.filter((p) => p.split('/').length === 3);
    expect(days).toEqual([...new Set(oldFiles.map((p) => `${J}/${p.split('/')[2]}.md`))]);
    expect(after.length).toBe(before.length - oldFiles.length + days.length);
    expect(days.length).toBeLessThan(oldFiles.length / 1.5);
    // Every session file's text is in its day file, byte for byte, under its old path.
    for (const p of oldFiles) {
      const day = foldedDay(repo.read(`${J}/${p.split('/')[2]}.md`), p)!;
      expect(day.files.find((f) => f.origin === p)?.text).toBe(texts.get(p));
    }
    // One commit on top, touching the journal only; no day folder left behind; the tree is clean.
    expect(repo.git('rev-parse', 'HEAD~1').trim()).toBe(head);
    const touched = repo.git('show', '--name-only', '--format=', 'HEAD').split('\n').filter(Boolean);
    expect(touched.every((p) => p.startsWith(`${J}/`))).toBe(true);
    expect(touched).toHaveLength(oldFiles.length + days.length);
    expect(readdirSync(join(repo.dir, J)).filter((n) => n < '2026-11' && !n.endsWith('.md'))).toEqual([]);
    // The day files' index entries carry their stat data: no `git status` reads them again.
    const sizes = repo.git('ls-files', '--debug', '--', ...days).match(/size: \d+/g);
    expect(sizes).toEqual(days.map((d) => `size: ${statSync(join(repo.dir, d)).size}`));
    expect(repo.git('status', '--porcelain')).toBe('');
    // Again: nothing left to fold.
    expect(await ok(repo, ['fold'])).toContain('nothing to fold');
  });

  it('leaves what every reader says as it was: primer byte for byte, sessions, show, journal, search', async () => {
    const repo = await history();
    const before = await readers(repo);
    await ok(repo, ['fold']);
    const after = await readers(repo);
    expect(after.primer).toBe(before.primer);
    expect(after.journal).toBe(before.journal);
    expect(after.sessions).toBe(before.sessions);
    expect(after.show).toBe(before.show);
    expect(after.search).toBe(before.search);
    expect(after.lint).toBe(before.lint);
    // A folded session is still named by its old file path.
    const old = sessionFiles(copyRepo(await history())).find((p) => p.includes('/2026-09-'))!;
    expect(await ok(repo, ['show', old])).toContain(old.split('/').pop()!.slice(-9, -3));
  });

  // One dream of the 200 sessions for both: the dream without a fold is the one under fold_at.
  it('a dream after a fold takes in what a dream without it does, and a dream after both takes in nothing again; a dream folds past months once [journal] fold_at session files are dated before last month, and not before', async () => {
    const plain = await history();
    const folded = copyRepo(plain);
    const under = JSON.parse(await ok(plain, ['dream', '--force', '--offline', '--json']));
    expect((under.data ?? under).fold).toBeUndefined();
    expect(sessionFiles(plain).some((p) => p.includes('/2026-09-') && p.split('/').length === 4)).toBe(true);
    // Dreamt under fold_at: [journal] fold_at lowered below (a copy of it).
    const repo = copyRepo(plain);
    await ok(folded, ['fold']);
    await ok(folded, ['dream', '--force', '--offline']);
    const facts = (r: TestRepo) => r.read('.openclaw_memory/MEMORY.md').replace(/^.*(through|dreamt).*$/gim, '');
    expect(facts(folded)).toBe(facts(plain));
    // Dreamt, then folded: the folded sessions were taken in already.
    await ok(plain, ['fold']);
    expect(await ok(plain, ['dream', '--force', '--offline'])).toMatch(/^no dream|dreamt over 0 sessions/);

    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[journal]\nfold_at = 100\n`);
    repo.git('commit', '-q', '-am', 'fold sooner');
    const out = await ok(repo, ['dream', '--force', '--offline']);
    expect(out).toMatch(/folded 132 session files dated before 2026-11-01 into 66 day files \(\[journal\] fold_at\), committed as [0-9a-f]{7}/);
    expect(sessionFiles(repo).filter((p) => p.split('/').length === 4).every((p) => p.slice(J.length + 1) >= '2026-11')).toBe(true);
    expect(repo.git('show', '--name-only', '--format=', 'HEAD').split('\n').filter(Boolean).every((p) => p.startsWith(`${J}/`))).toBe(true);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('[journal] fold_after_days: a dream counts and folds the session files older than that many days, the days after stay files', async () => {
    const repo = await history();
    // 132 files predate November (under fold_at 140: the month cutoff is not due); 158 are older
    // than 21 days on 2026-12-05 (dated before 2026-11-14), 145 of them to fold (the 13 days of
    // November keep their newest as a file): due, and those 13 days folded too.
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[journal]\nfold_at = 140\n`);
    repo.git('commit', '-q', '-am', 'fold at 140');
    const month = JSON.parse(await ok(repo, ['dream', '--force', '--offline', '--json']));
    expect((month.data ?? month).fold).toBeUndefined();
    repo.write('.openclaw_memory.toml', repo.read('.openclaw_memory.toml').replace('fold_at = 140', 'fold_at = 140\nfold_after_days = 21'));
    repo.git('commit', '-q', '-am', 'fold after 21 days');
    const before = sessionFiles(repo);
    const out = await ok(repo, ['dream', '--force', '--offline']);
    expect(out).toMatch(/folded 145 session files dated before 2026-11-14 into 79 day files \(\[journal\] fold_at\), committed as [0-9a-f]{7}/);
    const files = sessionFiles(repo).filter((p) => p.split('/').length === 4);
    // From the first of last month on, each folded day keeps its newest session as a file (a branch forked that day may add to its folder).
    const newest = (day: string) => before.filter((p) => p.split('/').length === 4 && p.includes(`/${day}/`)).sort().at(-1)!;
    const kept = Array.from({ length: 13 }, (_, i) => newest(`2026-11-${String(i + 1).padStart(2, '0')}`));
    expect(files).toEqual([...kept, ...before.filter((p) => p.split('/').length === 4 && p.slice(J.length + 1, J.length + 11) >= '2026-11-14')]);
    expect(files[0]).toContain('/2026-11-01/');
    expect(sessionFiles(repo)).toContain(`${J}/2026-11-13.md`);
    expect(repo.git('log', '-1', '--format=%s')).toMatch(/fold 145 session files of 79 days before 2026-11-14 into day files/);
    expect(repo.git('show', '--name-only', '--format=', 'HEAD').split('\n').filter(Boolean).every((p) => p.startsWith(`${J}/`))).toBe(true);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('fold --older-than-days N folds the days before today minus N; without it the command takes [journal] fold_after_days', async () => {
    const repo = await history();
    const head = repo.git('rev-parse', 'HEAD').trim();
    const dry = JSON.parse(await ok(repo, ['fold', '--older-than-days', '21', '--dry-run', '--json']));
    const d = dry.data ?? dry;
    expect({ before: d.before, olderThanDays: d.olderThanDays, folded: d.folded, days: d.days.length, dryRun: d.dryRun }).toEqual({ before: '2026-11-14', olderThanDays: 21, folded: 145, days: 79, dryRun: true });
    // 158 files are dated before 2026-11-14; each day from the first of last month (13 days) keeps its newest as a file.
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(head);
    // The month cutoff says so in the JSON too.
    expect((JSON.parse(await ok(repo, ['fold', '--dry-run', '--json'])).data ?? {}).olderThanDays ?? null).toBe(null);
    // A month boundary is not special: 2026-12-05 minus 35 days is 2026-10-31.
    expect(await ok(repo, ['fold', '--older-than-days', '35', '--dry-run'])).toMatch(/^would fold 130 session files of 65 days before 2026-10-31 \(older than 35 days\)/);

    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[journal]\nfold_after_days = 28\n`);
    repo.git('commit', '-q', '-am', 'fold after 28 days');
    const out = await ok(repo, ['fold']);
    expect(out).toMatch(/^folded 138 session files of 72 days before 2026-11-07 \(older than 28 days\) into one file a day; committed memory as/);
    // Before November every folder is emptied; November's days keep their newest session as a file.
    const left = sessionFiles(repo).filter((p) => p.split('/').length === 4);
    expect(left.every((p) => p.slice(J.length + 1) >= '2026-11-01')).toBe(true);
    expect(left.filter((p) => p.slice(J.length + 1) < '2026-11-07').length).toBe(6);
    expect(await ok(repo, ['fold', '--older-than-days', '21'])).toMatch(/^folded 7 session files of 7 days before 2026-11-14/);
  });

  it('refuses --older-than-days that is not a whole number of days >= 1, or given with --before', async () => {
    const repo = await history();
    const head = repo.git('rev-parse', 'HEAD').trim();
    for (const bad of [['0'], ['-3'], ['2.5'], ['soon']]) {
      const r = await repo.run(['fold', '--older-than-days', ...bad]);
      expect(r.code, bad.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/--older-than-days takes a whole number of days, 1 or more/);
    }
    const both = await repo.run(['fold', '--older-than-days', '21', '--before', '2026-10']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--older-than-days and --before/);
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(head);
  });

  it('diff over a fold adds no session', async () => {
    const repo = await history();
    await ok(repo, ['fold']);
    const out = JSON.parse(await ok(repo, ['diff', 'HEAD~1..HEAD', '--json']));
    const data = out.data ?? out;
    expect(data.sessions ?? data.added?.sessions ?? []).toEqual([]);
  });

  it('leaves a day with a change not committed, staged or not, and refuses during a rebase', async () => {
    const repo = await history();
    const files = sessionFiles(repo).filter((p) => p.includes('/2026-09-'));
    const staged = files[0]!;
    const day = staged.split('/')[2]!;
    repo.write(staged, `${repo.read(staged)}\n`);
    repo.git('add', '--', staged);
    const r = JSON.parse(await ok(repo, ['fold', '--json']));
    const data = r.data ?? r;
    expect(data.skipped.map((s: { path: string }) => s.path)).toContain(`${J}/${day}/`);
    expect(existsSync(join(repo.dir, J, `${day}.md`))).toBe(false);
    // The user's staged change is as it was.
    expect(repo.git('diff', '--cached', '--name-only').trim()).toBe(staged);

    const rebasing = copyRepo(await history());
    stopInConflictingRebase(rebasing);
    const refused = await rebasing.run(['fold']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/rebase is in progress/);
    expect(sessionFiles(rebasing).some((p) => p.includes('/2026-09-'))).toBe(true);
  });

  it('reads a session once when its file comes back beside the day it was folded into (a cherry-pick, say)', async () => {
    const repo = await history();
    const file = sessionFiles(repo).find((p) => p.includes('/2026-09-'))!;
    const text = repo.read(file);
    const before = await ids(repo);
    await ok(repo, ['fold']);
    repo.write(file, text);
    repo.git('add', '--', file);
    repo.git('commit', '-q', '-m', 'the session file again');
    expect(await ids(repo)).toEqual(before);
  });

  it('refuses a month that is not over, and a month that is not one', async () => {
    const repo = await history();
    expect((await repo.run(['fold', '--before', '2027-01'])).code).toBe(2);
    expect((await repo.run(['fold', '--before', '2026-13'])).code).toBe(2);
    expect(sessionFiles(repo).some((p) => p.includes('/2026-09-'))).toBe(true);
  });
});

const session = (date: string, time: string, id: string, request: string): Session => ({
  id,
  date,
  time,
  agent: 'claude',
  request,
  learned: [`learned in ${request}`],
  decisions: [],
  completed: [],
  next_steps: [],
  notes: [],
  commits: [],
});
const addSession = (repo: TestRepo, s: Session) => {
  repo.write(`${J}/${s.date}/${s.time.replace(':', '')}-claude-${s.id.slice(-6)}.md`, serializeSession(s, 'en'));
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', `session ${s.id}`);
};
const withDriver = (repo: TestRepo, ...args: string[]) => execFileSync('git', args, { cwd: repo.dir, env: { ...repo.env, PATH: pathWithBin() }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The session ids every reader sees, each as often as it sees it. */
async function ids(repo: TestRepo): Promise<string[]> {
  const r = JSON.parse(await ok(repo, ['sessions', '--json']));
  const list = (Array.isArray(r) ? r : (r.data ?? r.sessions ?? r)) as { id: string }[];
  return (Array.isArray(list) ? list : (list as unknown as { sessions: { id: string }[] }).sessions).map((s) => s.id).sort();
}

describe('merging a folded journal', () => {
  /** main: two sessions on 2026-09-10, then `feature` branches off; main folds, feature adds a session of 09-10 and one of December. */
  async function branches(): Promise<TestRepo> {
    const repo = await makeMemoryRepo({ now: NOW });
    addSession(repo, session('2026-09-10', '09:00', '20260910-0900-aaaaaa', 'main one'));
    addSession(repo, session('2026-09-10', '11:00', '20260910-1100-bbbbbb', 'main two'));
    repo.git('checkout', '-q', '-b', 'feature');
    addSession(repo, session('2026-09-10', '15:00', '20260910-1500-cccccc', 'feature late'));
    addSession(repo, session('2026-12-01', '10:00', '20261201-1000-dddddd', 'feature new'));
    repo.git('checkout', '-q', 'main');
    await ok(repo, ['fold']);
    return repo;
  }
  const all = ['20260910-0900-aaaaaa', '20260910-1100-bbbbbb', '20260910-1500-cccccc', '20261201-1000-dddddd'];

  it('merges the branch that did not fold into the one that did, and the other way, each session once', async () => {
    const a = await branches();
    const b = copyRepo(a);
    withDriver(a, 'merge', '-q', '--no-edit', 'feature');
    expect(await ids(a)).toEqual(all);
    expect(a.git('status', '--porcelain')).toBe('');
    b.git('checkout', '-q', 'feature');
    withDriver(b, 'merge', '-q', '--no-edit', 'main');
    expect(await ids(b)).toEqual(all);
    // The session added on the side that did not fold stays a file beside the folded day.
    expect(existsSync(join(b.dir, J, '2026-09-10.md'))).toBe(true);
    expect(b.git('ls-files', '--', `${J}/2026-09-10`).trim()).toMatch(/1500-claude-cccccc\.md$/);
  });

  it('rebases the branch that did not fold onto the one that did, each session once', async () => {
    const repo = await branches();
    repo.git('checkout', '-q', 'feature');
    withDriver(repo, 'rebase', '-q', 'main');
    expect(await ids(repo)).toEqual(all);
  });

  it('two branches that folded the same day with different sessions merge session by session with the driver', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    addSession(repo, session('2026-09-10', '09:00', '20260910-0900-aaaaaa', 'base'));
    repo.git('checkout', '-q', '-b', 'feature');
    addSession(repo, session('2026-09-10', '15:00', '20260910-1500-cccccc', 'feature'));
    await ok(repo, ['fold']);
    repo.git('checkout', '-q', 'main');
    addSession(repo, session('2026-09-10', '12:00', '20260910-1200-eeeeee', 'main'));
    await ok(repo, ['fold']);
    expect(repo.read('.openclaw_memory/.gitattributes')).toContain('journal/*.md merge=git-memory-tasks');
    withDriver(repo, 'merge', '-q', '--no-edit', 'feature');
    expect(await ids(repo)).toEqual(['20260910-0900-aaaaaa', '20260910-1200-eeeeee', '20260910-1500-cccccc']);
    expect(repo.git('status', '--porcelain')).toBe('');
    expect(foldedDay(repo.read(`${J}/2026-09-10.md`), 'x')!.files.map((f) => f.origin.split('/').pop())).toEqual([
      '0900-claude-aaaaaa.md',
      '1200-claude-eeeeee.md',
      '1500-claude-cccccc.md',
    ]);
  });
});
