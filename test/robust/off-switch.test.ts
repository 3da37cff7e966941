// The off switches, as HUSKY=0 is husky's: GIT_MEMORY=0 for one shell, `git config memory.enabled
// false` for one clone. Git hooks and agent hooks do nothing (exit 0, no output, no node for the
// shell post-commit), commands say they are off and change nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tempDir } from '../helpers/repo.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryEnabledInConfig } from '../../src/git/off-switch.js';
import { payload } from '../agents/fixtures.js';
import { initHooked, type HookedRepo } from '../git/hooked.js';
import { countingPath, spoolLines } from '../hook/shell-hook-helpers.js';

const spool = (repo: HookedRepo) => join(repo.dir, '.git', 'git-memory', 'spool.jsonl');

/** What turning git-memory off must give, whichever switch did it. */
function expectOff(repo: HookedRepo, env: Record<string, string>, said: RegExp): void {
  const shim = countingPath();
  // The shell post-commit: no node, nothing in the spool.
  const c = repo.gTry(['commit', '-q', '--allow-empty', '-m', 'While off'], { env: { PATH: shim.path, ...env } });
  expect([c.code, c.stderr]).toEqual([0, '']);
  expect(shim.starts()).toEqual([]);
  expect(spoolLines(spool(repo))).toEqual([]);
  // Agent hooks: exit 0, nothing on either stream, nothing recorded.
  const run = (args: string[], stdin = '') => spawnSync('git-memory', args, { cwd: repo.dir, env: { ...repo.env, ...env }, input: stdin, encoding: 'utf8' });
  for (const event of ['session-start', 'tool-use', 'stop', 'session-end', 'pre-compact']) {
    const r = run(['hook', 'agent', event, '--agent', 'claude'], payload('claude/session-start.json', { cwd: repo.dir }));
    expect([event, r.status, r.stdout, r.stderr]).toEqual([event, 0, '', '']);
  }
  for (const hook of ['post-commit', 'post-rewrite', 'pre-push']) {
    const r = run(['hook', hook], '');
    expect([hook, r.status, r.stdout, r.stderr]).toEqual([hook, 0, '', '']);
  }
  expect(existsSync(join(repo.dir, '.git', 'git-memory', 'agent-state.json'))).toBe(false);
  // Commands say so and change nothing.
  const end = run(['end', '--summary', '{"request":"x"}']);
  expect(end.status).toBe(0);
  expect(end.stderr).toMatch(said);
  expect(end.stderr).toContain('`git memory end` did nothing');
  expect(repo.g('log', '-1', '--format=%s')).toBe('While off\n');
  const primer = run(['primer']);
  expect([primer.status, primer.stdout]).toEqual([0, '']);
  expect(primer.stderr).toMatch(said);
  // doctor and help still work.
  expect(run(['help']).status).toBe(0);
}

describe('the off switches', () => {
  it('GIT_MEMORY=0 in the environment: hooks silent, commands say they are off (and how to turn it on)', async () => {
    const repo = await initHooked();
    rmSync(join(repo.dir, '.git', 'git-memory'), { recursive: true, force: true });
    expectOff(repo, { GIT_MEMORY: '0' }, /^git-memory is off in this shell \(GIT_MEMORY=0\): .*unset GIT_MEMORY turns it back on\n$/);
  });

  it('git config memory.enabled false: the same for this clone only; --unset turns it back on', async () => {
    const repo = await initHooked();
    rmSync(join(repo.dir, '.git', 'git-memory'), { recursive: true, force: true });
    repo.g('config', 'memory.enabled', 'false');
    expectOff(repo, {}, /^git-memory is off in this clone \(git config memory\.enabled false\): .*`git config --unset memory\.enabled` turns it back on\n$/);
    // A linked worktree shares the clone's config: off there too.
    const wt = join(repo.dir, '..', `${repo.dir.split('/').pop()}-wt`);
    repo.g('worktree', 'add', '-q', '-b', 'side', wt);
    try {
      const r = spawnSync('git-memory', ['primer'], { cwd: wt, env: repo.env, encoding: 'utf8' });
      expect(r.stderr).toMatch(/off in this clone/);
    } finally {
      rmSync(wt, { recursive: true, force: true });
    }
    repo.g('config', '--unset', 'memory.enabled');
    const c = repo.gTry(['commit', '-q', '--allow-empty', '-m', 'On again']);
    expect(c.code).toBe(0);
    expect(spoolLines(spool(repo)).map((l) => l.sha)).toEqual([repo.g('rev-parse', 'HEAD').trim()]);
    const on = spawnSync('git-memory', ['primer'], { cwd: repo.dir, env: repo.env, encoding: 'utf8' });
    expect(on.stdout).toContain('# Project memory');
  });

  it('any other value of GIT_MEMORY leaves it on', async () => {
    const repo = await initHooked();
    const c = repo.gTry(['commit', '-q', '--allow-empty', '-m', 'On'], { env: { GIT_MEMORY: '1' } });
    expect(c.code).toBe(0);
    expect(spoolLines(spool(repo))).toHaveLength(1);
  });

  it('reads memory.enabled as git does: section and key in any case, the last one wins, git booleans', () => {
    expect(memoryEnabledInConfig('[core]\n\tbare = false\n[memory]\n\tenabled = false\n')).toBe(false);
    expect(memoryEnabledInConfig('[Memory]\n  Enabled=No\n')).toBe(false);
    expect(memoryEnabledInConfig('[memory]\n\tenabled = false\n[memory]\n\tenabled = true\n')).toBe(true);
    expect(memoryEnabledInConfig('[other]\n\tenabled = false\n')).toBeNull();
    expect(memoryEnabledInConfig('[memory]\n\tenabled\n')).toBe(true);
    expect(memoryEnabledInConfig('')).toBeNull();
    // git itself agrees on what it wrote.
    const file = join(tempDir(), 'config');
    writeFileSync(file, '[Memory]\n  Enabled=No\n');
    expect(execFileSync('git', ['config', '-f', file, '--type=bool', 'memory.enabled'], { encoding: 'utf8' }).trim()).toBe('false');
  });
});
