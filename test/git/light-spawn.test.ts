import { closeSync, openSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnToFd } from '../../src/git/light-spawn.js';
import { spawnSync } from 'node:child_process';
import { BIN, makeRepo, tempDir } from '../helpers/repo.js';

/** Runs spawnToFd and waits for its exit: the started flag, the exit code and what was written. */
function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ started: boolean; code?: number | null; out: string }> {
  const path = join(tempDir('gm-light-spawn-'), 'out');
  const fd = openSync(path, 'w+');
  return new Promise((resolve) => {
    const finish = (started: boolean, code?: number | null) => {
      closeSync(fd);
      resolve({ started, code, out: readFileSync(path, 'utf8') });
    };
    if (!spawnToFd(file, args, cwd, env, fd, (code) => finish(true, code))) finish(false);
  });
}

describe('spawnToFd (a process without node:child_process)', () => {
  it('runs git in the given directory and environment, stdout into the descriptor, and reports its exit code', async () => {
    const repo = makeRepo();
    repo.commit('Add the invoice exporter');
    const ok = await run('git', ['log', '-1', '--format=%s %an'], repo.dir, repo.env);
    expect(ok).toEqual({ started: true, code: 0, out: `Add the invoice exporter ${repo.git('log', '-1', '--format=%an').trim()}\n` });
    const bad = await run('git', ['rev-parse', '--verify', '-q', 'no-such-ref'], repo.dir, repo.env);
    expect(bad).toEqual({ started: true, code: 1, out: '' });
  });

  it('finds the command on the PATH of the environment it is given', async () => {
    const bin = tempDir('gm-light-bin-');
    writeFileSync(join(bin, 'say-where'), '#!/bin/sh\necho "$WHERE $(pwd)"\nexit 3\n');
    chmodSync(join(bin, 'say-where'), 0o755);
    const cwd = tempDir('gm-light-cwd-');
    const r = await run('say-where', [], cwd, { PATH: `${bin}:/usr/bin:/bin`, WHERE: 'here' });
    expect(r.started).toBe(true);
    expect(r.code).toBe(3);
    expect(r.out.trim()).toMatch(/^here \/.*gm-light-cwd-/);
  });

  it('is not used where node would warn about it: the primer then starts git as before, and prints no warning', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init'])).code).toBe(0);
    for (const [flags, env] of [[['--pending-deprecation'], {}], [[], { NODE_PENDING_DEPRECATION: '1' }]] as const) {
      const subject = `Wire the exporter ${flags.length}`;
      repo.commit(subject); // HEAD moved: the entry point starts the primer's git log early
      const r = spawnSync(process.execPath, [...flags, BIN, 'primer', '--no-write'], { cwd: repo.dir, env: { ...repo.env, ...env }, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain(subject);
    }
  });

  it('starts nothing and says so when the command is not found, so the caller can fall back', async () => {
    const r = await run('git-memory-no-such-command', [], tempDir('gm-light-none-'), { PATH: tempDir('gm-light-empty-') });
    expect(r).toEqual({ started: false, code: undefined, out: '' });
  });
});
