import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTasks } from '../../src/memory/tasks.js';
import { makeRepo } from '../helpers/repo.js';
import { hooked, type HookedRepo } from '../git/hooked.js';

const DAY = '2026-11-22';
const at = (hhmm: string) => ({ env: { GIT_MEMORY_NOW: `${DAY}T${hhmm}:00` } });

async function setUp(opts: { driver: boolean; primerCommit?: boolean }): Promise<HookedRepo> {
  const repo = hooked(makeRepo({ now: `${DAY}T08:00:00` }));
  if (opts.primerCommit) repo.write('.openclaw_memory.toml', '[primer]\ncommit = true\n');
  expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
  if (!opts.driver) repo.g('config', '--remove-section', 'merge.git-memory-tasks');
  await tasks(repo, '09:00', [
    { task: 'Implement login', status: 'todo' },
    { task: 'Implement registration', status: 'todo' },
    { task: 'Write the docs', status: 'todo' },
  ]);
  repo.g('add', '-A');
  repo.g('commit', '-q', '-m', 'Base tasks');
  return repo;
}

async function tasks(repo: HookedRepo, hhmm: string, list: object[]): Promise<void> {
  const r = await repo.run(['tasks', 'set', JSON.stringify(list)], at(hhmm));
  expect(r.code, r.stderr).toBe(0);
}

/** Branch x and branch y change TASKS.md differently; HEAD ends on x. */
async function divergeTasks(repo: HookedRepo): Promise<void> {
  repo.g('checkout', '-q', '-b', 'x');
  await tasks(repo, '10:00', [
    { task: 'Implement login', status: 'in_progress', progress: 'form done' },
    { task: 'Rate limiting', status: 'todo' },
  ]);
  repo.g('commit', '-q', '-am', 'x: tasks');
  repo.g('checkout', '-q', '-b', 'y', 'main');
  await tasks(repo, '11:00', [
    { task: 'Implement login', status: 'done' },
    { task: 'Implement registration', next_step: 'email verification' },
    { task: 'Audit log', status: 'todo' },
  ]);
  repo.g('commit', '-q', '-am', 'y: tasks');
  repo.g('checkout', '-q', 'x');
}

function expectMergedTasks(text: string): void {
  expect(text).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m);
  const byText = Object.fromEntries(parseTasks(text, 'TASKS.md').tasks.map((t) => [t.task, t]));
  expect(Object.keys(byText).sort()).toEqual(['Audit log', 'Implement login', 'Implement registration', 'Rate limiting', 'Write the docs']);
  // Both sides changed the login task's status: the newer change (y, 11:00) wins; x's progress stays.
  expect(byText['Implement login']).toMatchObject({ status: 'done', progress: 'form done', updated: `${DAY}T11:00` });
  expect(byText['Implement registration']).toMatchObject({ status: 'todo', next_step: 'email verification' });
}

describe('merging memory', () => {
  it('merges two branches that each add sessions the same day with plain git merge, no driver configured', async () => {
    const repo = await setUp({ driver: false });
    const summary = (request: string) => JSON.stringify({ request, completed: [request] });
    repo.g('checkout', '-q', '-b', 'a');
    expect((await repo.run(['end', '--summary', summary('Session on a')], at('14:30'))).code).toBe(0);
    expect((await repo.run(['end', '--summary', summary('Second session on a')], at('16:00'))).code).toBe(0);
    repo.g('checkout', '-q', '-b', 'b', 'main');
    expect((await repo.run(['end', '--summary', summary('Session on b')], at('14:30'))).code).toBe(0);

    const merge = repo.gTry(['merge', '--no-edit', 'a']);
    expect(merge.code, merge.stdout + merge.stderr).toBe(0);
    expect(readdirSync(join(repo.dir, '.openclaw_memory', 'journal', DAY))).toHaveLength(3);
    const day = await repo.run(['journal', DAY, '--json']);
    expect(day.stdout).toContain('Session on a');
    expect(day.stdout).toContain('Session on b');
    expect(day.stdout).toContain('Second session on a');
  });

  it('merges TASKS.md changed on both sides by task id through the driver init registers', async () => {
    const repo = await setUp({ driver: true });
    await divergeTasks(repo);
    const merge = repo.gTry(['merge', '--no-edit', 'y']);
    expect(merge.code, merge.stdout + merge.stderr).toBe(0);
    expect(merge.stdout).toContain('merged .openclaw_memory/TASKS.md by task id');
    expectMergedTasks(repo.read('.openclaw_memory/TASKS.md'));
    expect(repo.g('status', '--porcelain')).toBe('');
  });

  it('resolve repairs TASKS.md a merge without the driver left conflicted, exactly as the driver would have merged it', async () => {
    const withDriver = await setUp({ driver: true });
    await divergeTasks(withDriver);
    withDriver.g('merge', '--no-edit', 'y');

    const repo = await setUp({ driver: false });
    await divergeTasks(repo);
    const merge = repo.gTry(['merge', '--no-edit', 'y']);
    expect(merge.code).not.toBe(0);
    expect(merge.stdout).toContain('CONFLICT (content): Merge conflict in .openclaw_memory/TASKS.md');

    const r = await repo.run(['resolve', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ staged: ['.openclaw_memory/TASKS.md'], commit: null, files: [{ from: 'index', tasks: 5 }] });
    expectMergedTasks(repo.read('.openclaw_memory/TASKS.md'));
    expect(repo.read('.openclaw_memory/TASKS.md')).toBe(withDriver.read('.openclaw_memory/TASKS.md'));
    expect(repo.gTry(['commit', '--no-edit']).code).toBe(0);
    expect(repo.g('status', '--porcelain')).toBe('');
  });

  it('resolve repairs TASKS.md and PRIMER.md committed with conflict markers, in a commit of their own', async () => {
    const repo = await setUp({ driver: false, primerCommit: true });
    expect(repo.g('ls-files', '.openclaw_memory/PRIMER.md').trim()).toBe('.openclaw_memory/PRIMER.md');
    await divergeTasks(repo);
    expect(repo.gTry(['merge', '--no-edit', 'y']).code).not.toBe(0);
    expect(repo.g('diff', '--name-only', '--diff-filter=U').trim().split('\n').sort()).toEqual(['.openclaw_memory/PRIMER.md', '.openclaw_memory/TASKS.md']);
    // A careless resolution, as a web editor or `git add -A` makes it: the markers are committed.
    repo.g('add', '-A');
    repo.g('commit', '-q', '--no-edit');
    const merged = repo.g('rev-parse', 'HEAD').trim();

    const r = await repo.run(['resolve', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.files.map((f: { path: string; how: string; from: string }) => [f.path, f.how, f.from])).toEqual([
      ['.openclaw_memory/TASKS.md', 'merged by task id', 'markers'],
      ['.openclaw_memory/PRIMER.md', 'rebuilt', 'markers'],
    ]);
    expect(repo.g('rev-parse', 'HEAD^').trim()).toBe(merged);
    expect(repo.g('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual(['.openclaw_memory/PRIMER.md', '.openclaw_memory/TASKS.md']);
    expectMergedTasks(repo.g('show', 'HEAD:.openclaw_memory/TASKS.md'));
    const primer = repo.read('.openclaw_memory/PRIMER.md');
    expect(primer).not.toMatch(/^(<<<<<<<|>>>>>>>)/m);
    expect(primer).toContain('Rate limiting');
    expect(primer).toContain('Audit log');
    expect(repo.g('status', '--porcelain')).toBe('');
    expect(JSON.parse((await repo.run(['resolve', '--json'])).stdout).files).toEqual([]);
  });
});
