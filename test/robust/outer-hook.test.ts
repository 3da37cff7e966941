// git-memory started from a user's own git hook (a pre-commit hook that ends the session, logs a
// learning or adds a task): git sets GIT_INDEX_FILE for the hooks of a commit, which has read HEAD
// and will move it. A memory commit made from there moved HEAD under it, and the user's commit
// failed ("cannot lock ref 'HEAD': is at … but expected …"); with `git commit -a` or
// `git commit <paths>` the memory commit's index refresh also wrote into the commit's own index.
// Now the memory is written and its commit waits, as during a rebase.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inCommitHook } from '../../src/git/repo.js';
import { fixture, makeMemoryRepo, pathWithBin, type TestRepo } from '../helpers/repo.js';

const setUp = fixture(async () => {
  const repo = await makeMemoryRepo({ until: 'file' });
  repo.commit('Add the files', { 'a.txt': 'a\n', 'b.txt': 'b\n' });
  return repo;
});

/** The journal's files in the working tree. */
function journal(repo: TestRepo): string[] {
  const root = join(repo.dir, '.openclaw_memory', 'journal');
  return existsSync(root) ? readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')) : [];
}

/** Installs `.git/hooks/<hook>` running `command` (git-memory on PATH), and commits the user's work with `commitArgs`. */
function commitWithHook(repo: TestRepo, hook: string, command: string, commitArgs: string[]) {
  const out = join(repo.dir, '.git', 'hook-out');
  writeFileSync(join(repo.dir, '.git', 'hooks', hook), `#!/bin/sh\n${command} >>'${out}' 2>&1 || echo "git-memory failed: $?" >>'${out}'\n`, { mode: 0o755 });
  repo.write('a.txt', 'a2\n');
  repo.write('b.txt', 'b2\n');
  repo.write('staged.txt', 'mine\n');
  repo.git('add', '--', 'a.txt', 'staged.txt');
  const r = spawnSync('git', ['commit', '-q', '-m', 'The user commit', ...commitArgs], { cwd: repo.dir, env: { ...repo.env, PATH: pathWithBin() }, encoding: 'utf8' });
  return { code: r.status, stderr: r.stderr, hookOut: existsSync(out) ? spawnSync('cat', [out], { encoding: 'utf8' }).stdout : '' };
}

const END = `git-memory end --summary '{"request":"Ended from a hook"}'`;

describe("git-memory run from the user's own pre-commit hook", () => {
  for (const [mode, args, committed] of [
    ['git commit', [], 'a.txt\nstaged.txt\n'],
    ['git commit -a', ['-a'], 'a.txt\nb.txt\nstaged.txt\n'],
    ['git commit <paths>', ['--', 'b.txt'], 'b.txt\n'],
  ] as const) {
    it(`${mode}: end writes the session and leaves its commit for later; the user's commit is made as asked`, async () => {
      const repo = await setUp();
      const before = journal(repo).length;
      const r = commitWithHook(repo, 'pre-commit', END, [...args]);
      expect(r.code, `${r.stderr}\n${r.hookOut}`).toBe(0);
      expect(r.hookOut).toContain('a commit is in progress: the memory commit waits');
      expect(r.hookOut).not.toContain('git-memory failed');
      expect(repo.git('log', '-1', '--format=%s')).toBe('The user commit\n');
      expect(repo.git('diff-tree', '--no-commit-id', '--name-only', '-r', 'HEAD')).toBe(committed);
      // What the user did not commit is where it was: staged stays staged, the rest unstaged.
      const left = mode === 'git commit <paths>' ? 'a.txt\nstaged.txt\n' : '';
      expect(repo.git('diff', '--cached', '--name-only')).toBe(left);
      expect(journal(repo).length).toBe(before + 1);
      // After the commit, outside any hook, the memory commit is made.
      const c = await repo.run(['commit']);
      expect(c.code, c.stderr).toBe(0);
      expect(repo.git('log', '-1', '--format=%s')).toMatch(/^memory: /);
      expect(repo.git('diff', '--cached', '--name-only')).toBe(left);
    });
  }

  it('tasks add and log from the hook: the user commit is made, the task lands after it', async () => {
    const repo = await setUp();
    const r = commitWithHook(repo, 'pre-commit', `git-memory tasks add 'Check the hook' && git-memory log 'A learning from a hook'`, []);
    expect(r.code, `${r.stderr}\n${r.hookOut}`).toBe(0);
    expect(repo.git('log', '-1', '--format=%s')).toBe('The user commit\n');
    expect(repo.git('diff-tree', '--no-commit-id', '--name-only', '-r', 'HEAD')).toBe('a.txt\nstaged.txt\n');
    const c = await repo.run(['commit']);
    expect(c.code, c.stderr).toBe(0);
    expect(repo.read('.openclaw_memory/TASKS.md')).toContain('Check the hook');
  });
});

describe('inCommitHook', () => {
  it("is a commit's hook where git set the index and the author's date as it does for them; a user's own GIT_INDEX_FILE is not", () => {
    expect(inCommitHook({ GIT_INDEX_FILE: '.git/index', GIT_AUTHOR_DATE: '@1796547267 +0000' })).toBe(true);
    expect(inCommitHook({ GIT_INDEX_FILE: '/r/.git/index.lock' })).toBe(true);
    expect(inCommitHook({ GIT_INDEX_FILE: '/r/.git/next-index-2142.lock', GIT_AUTHOR_DATE: '@1796547267 -0130' })).toBe(true);
    expect(inCommitHook({ GIT_INDEX_FILE: '../.git/index' })).toBe(false);
    expect(inCommitHook({ GIT_INDEX_FILE: '/tmp/other-index', GIT_AUTHOR_DATE: '2026-12-06T08:00:00Z' })).toBe(false);
    expect(inCommitHook({ GIT_AUTHOR_DATE: '@1796547267 +0000' })).toBe(false);
  });
});
