import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, makeMemoryRepo, stopInConflictingRebase, tempDir, type TestRepo } from '../helpers/repo.js';

// Task changes made while a git operation is stopped (a rebase, `git am`, a cherry-pick or revert
// sequence, a merge, a bisect) are held in the state directory, not written into the tracked
// TASKS.md: a rebase's --abort and --skip reset the working tree (the change was lost), its
// --continue refuses a modified tracked file, a later pick or a merge's --abort trips over one.
// Each test stops a real operation, writes tasks, lets the operation go on or end as a user would,
// and checks that git did so without complaint and that the task then lands once.

const NOW = '2026-11-22T14:30:00';
const TASKS = '.openclaw_memory/TASKS.md';

const initRepo = fixture(() => makeMemoryRepo({ now: NOW, until: 'file' }));

async function ok(repo: TestRepo, args: string[]): Promise<string> {
  const r = await repo.run(args);
  expect(r.code, `git memory ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/** Runs git and returns its exit code and output, for a git command that may refuse. */
function gitTry(repo: TestRepo, args: string[], env: Record<string, string> = {}): { code: number; out: string } {
  try {
    const out = execFileSync('git', args, { cwd: repo.dir, env: { ...repo.env, GIT_EDITOR: 'true', ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { code: 0, out };
  } catch (e) {
    const x = e as { status: number; stdout: string; stderr: string };
    return { code: x.status, out: `${x.stdout}${x.stderr}` };
  }
}

/**
 * A cherry-pick of two commits stopped on a conflict in f.txt at the first; the second adds the
 * task "Picked from topic" to TASKS.md.
 */
async function cherryPickStopped(): Promise<TestRepo> {
    const repo = await initRepo();
    repo.commit('base', { 'f.txt': 'base\n' });
    repo.git('checkout', '-q', '-b', 'topic');
    repo.commit('topic change', { 'f.txt': 'topic\n' });
    await ok(repo, ['tasks', 'add', 'Picked from topic']);
    repo.git('commit', '-q', '-am', 'topic task');
    repo.git('checkout', '-q', 'main');
    repo.commit('main change', { 'f.txt': 'main\n' });
    expect(gitTry(repo, ['cherry-pick', 'topic~1', 'topic']).code).not.toBe(0);
    return repo;
}

const endWithTask = (task: string, status = 'in_progress') => ['end', '--json', '--summary', JSON.stringify({ request: 'work mid-operation', tasks: [{ task, status }] })];

/** How many times `text` is a task of TASKS.md at HEAD. */
function atHead(repo: TestRepo, text: string): number {
  const file = repo.git('show', `HEAD:${TASKS}`);
  return file.split('\n').filter((l) => l.includes(`] ${text} <!--`)).length;
}

/** TASKS.md is the same in the working tree as at HEAD (not modified), as git needs for the operation. */
function tasksUntouched(repo: TestRepo): void {
  expect(repo.git('status', '--porcelain', '--', TASKS)).toBe('');
}

function stateFiles(repo: TestRepo): string[] {
  const dir = join(repo.dir, '.git', 'git-memory');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('tasks written during a rebase', () => {
  for (const how of ['--abort', '--skip'] as const) {
    it(`survive \`git rebase ${how}\` and land once with \`git memory commit\``, async () => {
      const repo = await initRepo();
      stopInConflictingRebase(repo);
      const r = JSON.parse(await ok(repo, endWithTask('Keep me')));
      expect(r.waiting).toBe('rebase');
      expect(r.tasksWaiting).toBe('rebase');
      tasksUntouched(repo);
      // What the agent just wrote is what it reads back, mid-rebase; doctor says where it waits.
      expect(await ok(repo, ['tasks', 'list'])).toContain('Keep me');
      const doctor = JSON.parse((await repo.run(['doctor', '--json'])).stdout);
      expect(doctor.checks.find((c: { id: string }) => c.id === 'tasks-waiting')?.fix).toMatch(/finish or abort the rebase/);

      const rebase = gitTry(repo, ['rebase', how]);
      expect(rebase.code, rebase.out).toBe(0);
      const c = JSON.parse(await ok(repo, ['commit', '--json']));
      expect(c.commit.paths).toContain(TASKS);
      expect(atHead(repo, 'Keep me')).toBe(1);
      expect(await ok(repo, ['tasks', 'list'])).toContain('Keep me');
      expect(repo.git('status', '--porcelain')).toBe('');
      expect(stateFiles(repo)).not.toContain('tasks-waiting.json');
      expect(JSON.parse((await repo.run(['doctor', '--json'])).stdout).checks.map((c: { id: string }) => c.id)).not.toContain('tasks-waiting');
    });
  }

  it('let `git rebase --continue` go on at a conflict stop, leave the staged resolution alone, and land once', async () => {
    const repo = await initRepo();
    stopInConflictingRebase(repo);
    repo.write('f.txt', 'resolved\n');
    repo.git('add', 'f.txt');
    const staged = repo.git('diff', '--cached');
    const index = repo.git('ls-files', '-s');

    const out = await ok(repo, ['end', '--summary', JSON.stringify({ request: 'x', tasks: [{ task: 'Keep me', status: 'todo' }] })]);
    expect(out).toMatch(/task change waits/);
    expect(repo.git('diff', '--cached')).toBe(staged);
    expect(repo.git('ls-files', '-s')).toBe(index);
    tasksUntouched(repo);

    const cont = gitTry(repo, ['rebase', '--continue']);
    expect(cont.code, cont.out).toBe(0);
    expect(repo.git('log', '-1', '--format=%s').trim()).toBe('topic change');
    expect(repo.read('f.txt')).toBe('resolved\n');
    await ok(repo, ['commit']);
    expect(atHead(repo, 'Keep me')).toBe(1);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('let `git rebase --continue` go on at an `edit` stop of `rebase -i`; the next `end` lands the task', async () => {
    const repo = await initRepo();
    repo.commit('one', { 'a.txt': 'a\n' });
    repo.commit('two', { 'b.txt': 'b\n' });
    const editor = join(tempDir('gm-editor-'), 'seq.sh');
    writeFileSync(editor, '#!/bin/sh\nsed -i "1s/^pick/edit/" "$1"\n', { mode: 0o755 });
    const stop = gitTry(repo, ['rebase', '-i', 'HEAD~2'], { GIT_SEQUENCE_EDITOR: editor });
    expect(stop.code, stop.out).toBe(0);
    expect(existsSync(join(repo.dir, '.git', 'rebase-merge'))).toBe(true);

    expect(await ok(repo, ['tasks', 'add', 'Held at the edit stop'])).toMatch(/waits/);
    tasksUntouched(repo);
    const cont = gitTry(repo, ['rebase', '--continue']);
    expect(cont.code, cont.out).toBe(0);
    expect(existsSync(join(repo.dir, '.git', 'rebase-merge'))).toBe(false);

    await ok(repo, ['end', '--summary', '{"request":"after the rebase"}']);
    expect(atHead(repo, 'Held at the edit stop')).toBe(1);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('keep every task: one the rebased-onto branch added and the ones written during the stop (added, then done)', async () => {
    const repo = await initRepo();
    repo.commit('base', { 'f.txt': 'base\n' });
    repo.git('checkout', '-q', '-b', 'topic');
    repo.commit('topic change', { 'f.txt': 'topic\n' });
    repo.git('checkout', '-q', 'main');
    await ok(repo, ['tasks', 'add', 'From main']);
    repo.commit('main change', { 'f.txt': 'main\n', [TASKS]: repo.read(TASKS) });
    repo.git('checkout', '-q', 'topic');
    expect(gitTry(repo, ['rebase', 'main']).code).not.toBe(0);

    const added = JSON.parse(await ok(repo, ['tasks', 'add', 'Mid rebase', '--json']));
    const id = added.changes[0].id;
    await ok(repo, ['tasks', 'done', id]);
    const listed = await ok(repo, ['tasks', 'list', '--all']);
    expect(listed).toContain('From main');
    expect(listed).toMatch(new RegExp(`\\[x\\] ${id}`));
    tasksUntouched(repo);

    repo.write('f.txt', 'resolved\n');
    repo.git('add', 'f.txt');
    expect(gitTry(repo, ['rebase', '--continue']).code).toBe(0);
    await ok(repo, ['commit']);
    expect(atHead(repo, 'From main')).toBe(1);
    expect(atHead(repo, 'Mid rebase')).toBe(1);
    expect(repo.git('show', `HEAD:${TASKS}`)).toMatch(new RegExp(`\\[x\\] Mid rebase[^\\n]*${id}`));
  });

  it('show in the primer while the rebase is stopped', async () => {
    const repo = await initRepo();
    stopInConflictingRebase(repo);
    await ok(repo, ['tasks', 'add', 'Seen by the primer', '--status', 'in_progress']);
    expect(await ok(repo, ['primer', '--no-write'])).toContain('Seen by the primer');
  });
});

describe('tasks written during other operations', () => {
  it('`git am` stopped on a conflict: named as an am session, the task survives --abort', async () => {
    const repo = await initRepo();
    repo.commit('base', { 'f.txt': 'base\n' });
    repo.git('checkout', '-q', '-b', 'topic');
    repo.commit('topic change', { 'f.txt': 'topic\n' });
    const patches = tempDir('gm-patches-');
    repo.git('format-patch', '-q', '-1', '-o', patches);
    repo.git('checkout', '-q', 'main');
    repo.commit('main change', { 'f.txt': 'main\n' });
    const am = gitTry(repo, ['am', '-3', ...readdirSync(patches).map((p) => join(patches, p))]);
    expect(am.code).not.toBe(0);

    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'x', tasks: [{ task: 'Keep me', status: 'todo' }] })]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/am session is in progress/);
    expect(r.stdout).not.toMatch(/rebase/);
    tasksUntouched(repo);
    expect(gitTry(repo, ['am', '--abort']).code).toBe(0);
    await ok(repo, ['commit']);
    expect(atHead(repo, 'Keep me')).toBe(1);
  });

  it('a cherry-pick sequence goes on (a later pick changes TASKS.md) and both tasks are kept', async () => {
    const repo = await cherryPickStopped();

    await ok(repo, endWithTask('Written mid-pick'));
    tasksUntouched(repo);
    repo.write('f.txt', 'resolved\n');
    repo.git('add', 'f.txt');
    const cont = gitTry(repo, ['cherry-pick', '--continue']);
    expect(cont.code, cont.out).toBe(0);
    expect(repo.git('log', '-1', '--format=%s').trim()).toBe('topic task');

    await ok(repo, ['commit']);
    expect(atHead(repo, 'Picked from topic')).toBe(1);
    expect(atHead(repo, 'Written mid-pick')).toBe(1);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('a cherry-pick sequence whose stop was concluded by `git commit` still counts as in progress', async () => {
    const repo = await cherryPickStopped();
    repo.write('f.txt', 'resolved\n');
    repo.git('add', 'f.txt');
    repo.git('commit', '-q', '--no-edit');
    expect(existsSync(join(repo.dir, '.git', 'CHERRY_PICK_HEAD'))).toBe(false); // only git's sequencer is left

    const r = JSON.parse(await ok(repo, ['tasks', 'add', 'Between two picks', '--json']));
    expect(r.waiting).toBe('cherry-pick');
    tasksUntouched(repo);
    const cont = gitTry(repo, ['cherry-pick', '--continue']);
    expect(cont.code, cont.out).toBe(0);
    await ok(repo, ['commit']);
    expect(atHead(repo, 'Picked from topic')).toBe(1);
    expect(atHead(repo, 'Between two picks')).toBe(1);
  });

  it('a shared PRIMER.md ([primer] commit = true) is not rewritten during a rebase, which then continues', async () => {
    const repo = await initRepo();
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n`.replace('[primer]', '[primer]\ncommit = true'));
    repo.write('.openclaw_memory/.gitignore', repo.read('.openclaw_memory/.gitignore').replace(/^PRIMER\.md\n/m, ''));
    await ok(repo, ['primer']);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'share the primer');
    expect(repo.git('ls-files', '.openclaw_memory/PRIMER.md').trim()).toBe('.openclaw_memory/PRIMER.md');
    stopInConflictingRebase(repo);

    const ended = JSON.parse(await ok(repo, endWithTask('Keep me')));
    expect(ended.primer).toMatchObject({ path: null, unwritten: 'operation' });
    expect(repo.git('status', '--porcelain', '--', '.openclaw_memory/PRIMER.md')).toBe('');
    // In words: not `git memory init` (the repository is set up), but the next end after the rebase.
    const said = await ok(repo, ['end', '--summary', '{"request":"still mid-rebase"}']);
    expect(said).toContain('not written to a file: PRIMER.md is shared (tracked), so the next `end` after the rebase writes it');
    expect(said).not.toContain('git memory init');
    repo.write('f.txt', 'resolved\n');
    repo.git('add', 'f.txt');
    const cont = gitTry(repo, ['rebase', '--continue']);
    expect(cont.code, cont.out).toBe(0);
    await ok(repo, ['end', '--summary', '{"request":"after the rebase"}']);
    expect(atHead(repo, 'Keep me')).toBe(1);
    expect(repo.git('show', 'HEAD:.openclaw_memory/PRIMER.md')).toContain('Keep me');
  });

  it('`git merge --abort` works where the merge had merged TASKS.md, and the task survives', async () => {
    const repo = await initRepo();
    repo.commit('base', { 'f.txt': 'base\n' });
    repo.git('checkout', '-q', '-b', 'topic');
    await ok(repo, ['tasks', 'add', 'On topic']);
    repo.commit('topic change', { 'f.txt': 'topic\n', [TASKS]: repo.read(TASKS) });
    repo.git('checkout', '-q', 'main');
    repo.commit('main change', { 'f.txt': 'main\n' });
    expect(gitTry(repo, ['merge', 'topic']).code).not.toBe(0);
    expect(repo.git('status', '--porcelain', '--', TASKS)).toMatch(/^M /);

    await ok(repo, ['tasks', 'add', 'Written mid-merge']);
    const abort = gitTry(repo, ['merge', '--abort']);
    expect(abort.code, abort.out).toBe(0);
    await ok(repo, ['commit']);
    expect(atHead(repo, 'Written mid-merge')).toBe(1);
    expect(atHead(repo, 'On topic')).toBe(0); // topic's task stays on topic: the merge was aborted
  });

  it('a merge concluded by `git commit` keeps both the merged and the held task', async () => {
    const repo = await initRepo();
    repo.commit('base', { 'f.txt': 'base\n' });
    repo.git('checkout', '-q', '-b', 'topic');
    await ok(repo, ['tasks', 'add', 'On topic']);
    repo.commit('topic change', { 'f.txt': 'topic\n', [TASKS]: repo.read(TASKS) });
    repo.git('checkout', '-q', 'main');
    repo.commit('main change', { 'f.txt': 'main\n' });
    expect(gitTry(repo, ['merge', 'topic']).code).not.toBe(0);

    await ok(repo, endWithTask('Written mid-merge'));
    repo.write('f.txt', 'resolved\n');
    repo.git('add', 'f.txt');
    expect(gitTry(repo, ['commit', '--no-edit']).code).toBe(0);
    await ok(repo, ['commit']);
    expect(atHead(repo, 'On topic')).toBe(1);
    expect(atHead(repo, 'Written mid-merge')).toBe(1);
    expect(repo.git('status', '--porcelain')).toBe('');
  });
});
