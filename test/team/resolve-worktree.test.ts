import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLongTerm, serializeLongTerm, type LongTermEntry } from '../../src/memory/long-term.js';
import { parseTasks } from '../../src/memory/tasks.js';
import { copyRepo, fixture, makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';

// `git memory resolve` during a merge rebuilds TASKS.md (MEMORY.md) from git's three index stages;
// what the working-tree file holds beyond them (a hand resolution, a task typed in, an edit) must
// survive it. Merges here run plain git: the merge driver, where configured, finds no git-memory on
// PATH and falls back to git's line merge, as on a machine without it.

const DAY = '2026-11-22';
const at = (hhmm: string) => ({ env: { GIT_MEMORY_NOW: `${DAY}T${hhmm}:00` } });
const TASKS = '.openclaw_memory/TASKS.md';
const MEMORY = '.openclaw_memory/MEMORY.md';

/** Set up, with or without the merge driver, two tasks committed: made once per test file and copied. */
const setUps = new Map(
  [true, false].map((driver) => [
    driver,
    fixture(async () => {
      const repo = makeRepo({ now: `${DAY}T08:00:00`, until: 'file' });
      expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
      if (!driver) repo.git('config', '--remove-section', 'merge.git-memory-tasks');
      await tasks(repo, '09:00', [{ task: 'Implement login' }, { task: 'Write the docs' }]);
      repo.git('add', '-A');
      repo.git('commit', '-q', '-m', 'Base tasks');
      return repo;
    }),
  ]),
);
const setUp = (driver: boolean): Promise<TestRepo> => setUps.get(driver)!();

async function tasks(repo: TestRepo, hhmm: string, list: object[]): Promise<void> {
  const r = await repo.run(['tasks', 'set', JSON.stringify(list)], at(hhmm));
  expect(r.code, r.stderr).toBe(0);
}

/**
 * setUp(driver), then branch x adds "Rate limiting", main adds "Audit log" and finishes the docs,
 * both committed: made once per test file and copied (conflictedMerge merges them).
 */
const branchedSetUps = new Map(
  [true, false].map((driver) => [
    driver,
    fixture(async () => {
      const repo = copyRepo(await setUp(driver), 'file');
      repo.git('checkout', '-q', '-b', 'x');
      await tasks(repo, '10:00', [{ task: 'Rate limiting' }]);
      repo.git('commit', '-q', '-am', 'x: tasks');
      repo.git('checkout', '-q', 'main');
      await tasks(repo, '11:00', [{ task: 'Audit log' }, { task: 'Write the docs', status: 'done' }]);
      repo.git('commit', '-q', '-am', 'main: tasks');
      return repo;
    }),
  ]),
);
const branched = (driver: boolean): Promise<TestRepo> => branchedSetUps.get(driver)!();

/** main merges x in a repository from `branched`: TASKS.md conflicts. */
function conflictedMerge(repo: TestRepo): void {
  expect(() => repo.git('merge', '-q', '--no-edit', 'x')).toThrow();
  expect(repo.git('diff', '--name-only', '--diff-filter=U').trim()).toBe(TASKS);
}

const byText = (text: string) => Object.fromEntries(parseTasks(text, 'TASKS.md').tasks.map((t) => [t.task, t]));
const idOf = (repo: TestRepo, task: string) => byText(repo.git('show', `:2:${TASKS}`))[task]?.id ?? byText(repo.git('show', `:3:${TASKS}`))[task]!.id;
const MERGED = ['Audit log', 'Implement login', 'Rate limiting', 'Write the docs'];

describe('git memory resolve keeps what the working-tree file holds beyond the merge', () => {
  it('a task typed into the file beside the markers is added and named as from the working tree (no driver)', async () => {
    const repo = await branched(false);
    conflictedMerge(repo);
    repo.write(TASKS, `${repo.read(TASKS)}- [ ] Typed during the merge\n`);

    const r = await repo.run(['resolve']);
    expect(r.code, r.stderr).toBe(0);
    const merged = byText(repo.read(TASKS));
    expect(Object.keys(merged).sort()).toEqual([...MERGED, 'Typed during the merge'].sort());
    expect(merged['Write the docs']!.status).toBe('done');
    expect(r.stdout).toContain(`merged ${TASKS} by task id: 5 tasks`);
    expect(r.stdout).toContain(`from the working tree: ${merged['Typed during the merge']!.id} "Typed during the merge" (in neither side nor the base: added)`);
    expect(repo.git('commit', '-q', '--no-edit') && repo.git('status', '--porcelain')).toBe('');
    expect(Object.keys(byText(repo.git('show', `HEAD:${TASKS}`)))).toContain('Typed during the merge');
  });

  it("a hand resolution's edit and addition are kept, and a task it left out is kept and named (no driver)", async () => {
    const repo = await branched(false);
    conflictedMerge(repo);
    // The user resolves by hand from main's version: Audit log renamed and started, a task added,
    // and x's Rate limiting not taken over.
    const audit = idOf(repo, 'Audit log');
    const rate = idOf(repo, 'Rate limiting');
    const hand = repo
      .git('show', `:2:${TASKS}`)
      .replace(/^- \[ \] Audit log <!--/m, '- [~] Audit log, weekly <!--')
      .concat('- [ ] Added while resolving\n');
    repo.write(TASKS, hand);

    const r = await repo.run(['resolve', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const merged = byText(repo.read(TASKS));
    expect(Object.keys(merged).sort()).toEqual(['Added while resolving', 'Audit log, weekly', 'Implement login', 'Rate limiting', 'Write the docs']);
    expect(merged['Audit log, weekly']).toMatchObject({ id: audit, status: 'in_progress' });
    expect(merged['Rate limiting']!.id).toBe(rate);
    const file = JSON.parse(r.stdout).files[0];
    expect(file.worktree).toEqual({
      added: [{ id: merged['Added while resolving']!.id, task: 'Added while resolving' }],
      edited: [{ id: audit, task: 'Audit log, weekly' }],
      restored: [],
      missing: [{ id: rate, task: 'Rate limiting' }],
    });
    const text = await repo.run(['resolve']);
    expect(text.stdout).toBe('nothing to resolve: TASKS.md, MEMORY.md and PRIMER.md have no conflicts\n');
  });

  it('says in words what it kept: the task typed in, and the task the working tree did not have', async () => {
    const repo = await branched(false);
    conflictedMerge(repo);
    const rate = idOf(repo, 'Rate limiting');
    repo.write(TASKS, repo.git('show', `:2:${TASKS}`).concat('- [ ] Added while resolving\n'));
    const r = await repo.run(['resolve']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`kept ${rate} "Rate limiting": in the merge but not in the working tree's TASKS.md; delete it by hand after the merge if that was meant`);
    expect(r.stdout).toMatch(/from the working tree: t-[0-9a-z]+ "Added while resolving" \(in neither side nor the base: added\)/);
  });

  it('a task one side deleted that a hand resolution kept is kept; with git\'s markers left in, the deletion stands', async () => {
    for (const byHand of [true, false]) {
      const repo = await setUp(false);
      repo.git('checkout', '-q', '-b', 'x');
      const r0 = await repo.run(['tasks', 'set', '--replace', JSON.stringify([{ task: 'Implement login' }, { task: 'Rate limiting' }])], at('10:00'));
      expect(r0.code, r0.stderr).toBe(0);
      repo.git('commit', '-q', '-am', 'x: docs dropped');
      repo.git('checkout', '-q', 'main');
      await tasks(repo, '11:00', [{ task: 'Audit log' }]);
      repo.git('commit', '-q', '-am', 'main: tasks');
      expect(() => repo.git('merge', '-q', '--no-edit', 'x')).toThrow();
      const docs = idOf(repo, 'Write the docs');
      if (byHand) repo.write(TASKS, repo.git('show', `:2:${TASKS}`).concat('- [ ] Typed while resolving\n'));
      else repo.write(TASKS, repo.read(TASKS).concat('- [ ] Typed while resolving\n'));
      const r = await repo.run(['resolve']);
      expect(r.code, r.stderr).toBe(0);
      const names = Object.keys(byText(repo.read(TASKS)));
      expect(names.includes('Write the docs'), r.stdout).toBe(byHand);
      expect(names).toContain('Typed while resolving');
      if (byHand) expect(r.stdout).toContain(`from the working tree: ${docs} "Write the docs" (a side had deleted it; the file you resolved kept it)`);
    }
  });

  it('with the merge driver configured (git-memory missing where git merged): a task added inside the markers is kept', async () => {
    const repo = await branched(true);
    conflictedMerge(repo);
    expect(repo.read(TASKS)).toMatch(/^<<<<<<< ours$/m); // the driver's fallback: git merge-file
    repo.write(TASKS, repo.read(TASKS).replace(/^=======$/m, '- [ ] Inside the markers\n======='));
    const r = await repo.run(['resolve', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(byText(repo.read(TASKS))).sort()).toEqual([...MERGED, 'Inside the markers'].sort());
    expect(JSON.parse(r.stdout).files[0].worktree.added.map((t: { task: string }) => t.task)).toEqual(['Inside the markers']);
  });

  it('with a driver that failed (the file is ours as it was) and a task typed in: both sides merged, the task kept', async () => {
    const repo = await branched(true);
    repo.git('config', 'merge.git-memory-tasks.driver', 'false');
    conflictedMerge(repo);
    expect(repo.read(TASKS)).toBe(repo.git('show', `:2:${TASKS}`));
    repo.write(TASKS, `${repo.read(TASKS)}- [ ] Typed after the failed merge\n`);
    const r = await repo.run(['resolve']);
    expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(byText(repo.read(TASKS))).sort()).toEqual([...MERGED, 'Typed after the failed merge'].sort());
  });

  it('a file exactly as git left it (markers, or a failed driver\'s ours) gives the merge alone, naming nothing', async () => {
    for (const failing of [false, true]) {
      const repo = await branched(true);
      if (failing) repo.git('config', 'merge.git-memory-tasks.driver', 'false');
      conflictedMerge(repo);
      const r = await repo.run(['resolve', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).files[0].worktree).toBeUndefined();
      expect(Object.keys(byText(repo.read(TASKS))).sort()).toEqual(MERGED);
    }
  });

  it('a working-tree file it cannot read stops it with nothing changed, and says how to start over', async () => {
    const repo = await branched(false);
    conflictedMerge(repo);
    const half = repo.read(TASKS).replace(/^<<<<<<< .*\n/m, ''); // one marker removed, two left
    repo.write(TASKS, half);
    const r = await repo.run(['resolve']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/TASKS\.md \(working tree\):\d+: unexpected line: =======; nothing was changed/);
    expect(r.stderr).toContain(`git checkout --merge -- ${TASKS}`);
    expect(repo.read(TASKS)).toBe(half);
    expect(repo.git('diff', '--name-only', '--diff-filter=U').trim()).toBe(TASKS);
  });
});

describe('end and tasks during a merge stopped on TASKS.md', () => {
  it('with the markers still in the file: end and tasks add succeed, their tasks wait and land after the merge', async () => {
    const repo = await branched(false);
    conflictedMerge(repo);
    const marked = repo.read(TASKS);
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Work during the merge', tasks: [{ task: 'Added by end', status: 'todo' }] })], at('12:00'));
    expect(end.code, end.stderr).toBe(0);
    expect(end.stdout).toContain('the task change waits in .git/git-memory');
    const add = await repo.run(['tasks', 'add', 'Added by tasks add'], at('12:05'));
    expect(add.code, add.stderr).toBe(0);
    expect(repo.read(TASKS)).toBe(marked); // the merge's file is not touched
    // Readers see what writers see: the markers' sides merged by task id, with the waiting change.
    const list = await repo.run(['tasks', 'list', '--all', '--json'], at('12:06'));
    expect(list.code, list.stderr).toBe(0);
    expect(list.stderr).not.toMatch(/unreadable|skipped/);
    expect(JSON.parse(list.stdout).tasks.map((t: { task: string }) => t.task).sort()).toEqual([...MERGED, 'Added by end', 'Added by tasks add'].sort());

    const r = await repo.run(['resolve']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/changed during the merge: t-[0-9a-z]+ "Added by end", t-[0-9a-z]+ "Added by tasks add"; the task change waits in \.git\/git-memory/);
    repo.git('commit', '-q', '--no-edit');
    const c = await repo.run(['commit'], at('12:10'));
    expect(c.code, c.stderr).toBe(0);
    expect(Object.keys(byText(repo.git('show', `HEAD:${TASKS}`))).sort()).toEqual([...MERGED, 'Added by end', 'Added by tasks add'].sort());
    expect(byText(repo.read(TASKS))['Write the docs']!.status).toBe('done');
  });

  it('with the markers removed by hand (the finding): the task end added waits, resolve says so, and it lands', async () => {
    const repo = await branched(false);
    conflictedMerge(repo);
    repo.write(TASKS, repo.read(TASKS).replace(/^(<<<<<<<|=======|>>>>>>>).*\n/gm, ''));
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'x', tasks: [{ task: 'Added during merge', status: 'todo' }] })], at('12:00'));
    expect(end.code, end.stderr).toBe(0);
    const r = await repo.run(['resolve']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/changed during the merge: t-[0-9a-z]+ "Added during merge"; the task change waits/);
    repo.git('commit', '-q', '--no-edit');
    expect((await repo.run(['commit'], at('12:10'))).code).toBe(0);
    expect(Object.keys(byText(repo.read(TASKS))).sort()).toEqual([...MERGED, 'Added during merge'].sort());
  });

  it('markers committed (no operation): end refuses as before and points at resolve', async () => {
    const repo = await branched(false);
    conflictedMerge(repo);
    repo.git('commit', '-q', '-am', 'careless merge');
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'x', tasks: [{ task: 'T', status: 'todo' }] })], at('12:00'));
    expect(end.code).toBe(1);
    expect(end.stderr).toContain('`git memory resolve` merges them by task id');
  });
});

describe('git memory resolve keeps what the working-tree MEMORY.md holds beyond the merge', () => {
  const entry = (section: LongTermEntry['section'], text: string, sessions: string[]): LongTermEntry => ({ section, text, sessions, files: [], date: '2026-11-10' });
  const write = (repo: TestRepo, entries: LongTermEntry[], message: string) => {
    repo.write(MEMORY, serializeLongTerm({ lang: 'en', entries }));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', message);
  };

  it('an entry typed in while resolving is added and one left out is kept, both named (driver configured, not on PATH)', async () => {
    const repo = await setUp(true);
    const base = [entry('conventions', 'Use tabs in Makefiles', ['s1'])];
    write(repo, base, 'memory: base');
    repo.git('checkout', '-q', '-b', 'feature');
    write(repo, [...base, entry('conventions', 'Feature: name branches after tickets', ['s3'])], 'feature');
    repo.git('checkout', '-q', 'main');
    write(repo, [...base, entry('conventions', 'Main: imperative commit messages', ['s4'])], 'main');
    expect(() => repo.git('merge', '-q', '--no-edit', 'feature')).toThrow();
    // Resolved by hand: main's side kept, feature's dropped, a gotcha added.
    repo.write(MEMORY, serializeLongTerm({ lang: 'en', entries: [...base, entry('conventions', 'Main: imperative commit messages', ['s4']), entry('gotchas', 'The CI cache is keyed by the lockfile', [])] }));

    const r = await repo.run(['resolve']);
    expect(r.code, r.stderr).toBe(0);
    const texts = parseLongTerm(repo.read(MEMORY)).entries.map((e) => e.text);
    expect(texts.sort()).toEqual(['Feature: name branches after tickets', 'Main: imperative commit messages', 'The CI cache is keyed by the lockfile', 'Use tabs in Makefiles']);
    expect(r.stdout).toContain('from the working tree: "The CI cache is keyed by the lockfile" (in neither side nor the base: added)');
    expect(r.stdout).toContain(`kept "Feature: name branches after tickets": in the merge but not in the working tree's MEMORY.md; delete it by hand after the merge if that was meant`);
  });
});

describe('git memory resolve writes all or nothing', () => {
  it('where MEMORY.md is a link, it is refused before TASKS.md is written: the merge is left as it was', async () => {
    const repo = await branched(false);
    conflictedMerge(repo);
    const tasksBefore = repo.read(TASKS);
    // MEMORY.md a link out of the repository, to a file with conflict markers between two good versions.
    const side = (text: string) => serializeLongTerm({ lang: 'en', entries: [{ section: 'conventions', text, sessions: [], files: [], date: '2026-11-10' }] });
    const outside = join(tempDir('gm-outside-'), 'MEMORY.md');
    const linked = `<<<<<<< HEAD\n${side('Ours: tabs in Makefiles')}=======\n${side('Theirs: spaces in Makefiles')}>>>>>>> x\n`;
    writeFileSync(outside, linked);
    rmSync(join(repo.dir, MEMORY), { force: true });
    symlinkSync(outside, join(repo.dir, MEMORY));

    const r = await repo.run(['resolve']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('MEMORY.md');
    expect(repo.read(TASKS)).toBe(tasksBefore);
    expect(readFileSync(outside, 'utf8')).toBe(linked);
    expect(repo.git('diff', '--name-only', '--diff-filter=U').trim()).toBe(TASKS);
  });
});
