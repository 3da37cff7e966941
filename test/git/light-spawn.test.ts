import { closeSync, existsSync, openSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnDetached, spawnToFd } from '../../src/git/light-spawn.js';
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

describe('spawnDetached (a worker without node:child_process)', () => {
  it('starts the command in its directory and environment, in a session of its own, and returns its pid', async () => {
    const dir = tempDir('gm-light-detached-');
    const out = join(dir, 'out');
    // The session id is the sixth field of /proc/<pid>/stat; written last, so the file is whole once it exists.
    const script = `echo "$WHERE $(pwd) $$ $(cut -d' ' -f6 /proc/$$/stat)" > "${out}.tmp" && mv "${out}.tmp" "${out}"`;
    const pid = spawnDetached('/bin/sh', ['-c', script], dir, { PATH: '/usr/bin:/bin', WHERE: 'here' });
    expect(pid).toEqual(expect.any(Number));
    const deadline = Date.now() + 10_000;
    while (!existsSync(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const [where, cwd, shellPid, session] = readFileSync(out, 'utf8').trim().split(' ');
    expect([where, cwd, shellPid]).toEqual(['here', dir, String(pid)]);
    // Detached: it leads its own session (setsid), not this process's.
    expect(session).toBe(String(pid));
    expect(readFileSync('/proc/self/stat', 'utf8').split(' ')[5]).not.toBe(session);
  });

  it('returns null, having started nothing, for a command that cannot start', () => {
    expect(spawnDetached('/no/such/program', [], tempDir('gm-light-detached-'), { PATH: '/usr/bin:/bin' })).toBeNull();
  });
});
