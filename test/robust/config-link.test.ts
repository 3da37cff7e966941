// A committed `.openclaw_memory.toml` that is not a regular file of the repository: a symbolic link
// (to a FIFO or /dev/zero, which block or never end, to a file outside the clone) or a FIFO. Memory is not read or written
// through links (worktree-path.ts); the config was, and reading it blocked every hook and command
// that loads it, and `init` created the file wherever a dangling link pointed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { payload } from '../agents/fixtures.js';
import { BIN, makeRepo, tempDir, testEnv } from '../helpers/repo.js';
import { initHooked } from '../git/hooked.js';

const CONFIG = '.openclaw_memory.toml';
/** Long enough for a loaded machine, far shorter than "forever". */
const TIMEOUT_MS = 20_000;

/** The built binary in `cwd`, killed after TIMEOUT_MS (a hang shows as signal SIGKILL). */
function exec(cwd: string, env: NodeJS.ProcessEnv, args: string[], stdin = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env, input: stdin, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** A FIFO outside the repository no one ever writes to. */
function fifo(): string {
  const path = join(tempDir('gm-fifo-'), 'config.toml');
  execFileSync('mkfifo', [path]);
  return path;
}

describe('a committed config that is a symbolic link', () => {
  it('to a FIFO: SessionStart still gives the primer on the defaults and says why; commands refuse it in words; nothing hangs', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    rmSync(join(repo.dir, CONFIG));
    symlinkSync(fifo(), join(repo.dir, CONFIG));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'config from elsewhere');

    const start = exec(repo.dir, repo.env, ['hook', 'agent', 'session-start', '--agent', 'claude'], payload('claude/session-start.json', { cwd: repo.dir }));
    expect(start.signal).toBeNull();
    expect(start.code).toBe(0);
    const context = JSON.parse(start.stdout).hookSpecificOutput.additionalContext as string;
    expect(context).toContain('# Project memory');
    expect(context).toContain('> git-memory: .openclaw_memory.toml could not be read: every setting has its default');
    expect(start.stderr).toContain('.openclaw_memory.toml is a symbolic link');

    for (const args of [['primer'], ['config', '--json'], ['end', '--summary', '{"request":"x"}']]) {
      const r = exec(repo.dir, repo.env, args);
      expect(r.signal, args.join(' ')).toBeNull();
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr + r.stdout).toContain('.openclaw_memory.toml is a symbolic link');
    }
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('to a FIFO: the pre-push hook scans with no allowlist and lets a clean push through', async () => {
    const repo = await initHooked();
    const remote = tempDir('gm-remote-');
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote], { env: testEnv() });
    repo.g('remote', 'add', 'origin', remote);
    rmSync(join(repo.dir, CONFIG), { force: true });
    symlinkSync(fifo(), join(repo.dir, CONFIG));
    repo.g('add', CONFIG);
    repo.commit('Notes', { '.openclaw_memory/user/notes.md': 'prefer small commits\n' });
    const push = spawnSync('git', ['push', '-q', 'origin', 'main'], { cwd: repo.dir, env: repo.env, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
    expect(push.signal).toBeNull();
    expect(push.status, push.stderr).toBe(0);
  });

  it('dangling, to a file outside the repository: init refuses it and creates nothing there or here', async () => {
    const repo = makeRepo();
    const outside = tempDir('gm-outside-');
    symlinkSync(join(outside, 'made-by-init.toml'), join(repo.dir, CONFIG));
    const r = exec(repo.dir, repo.env, ['init', '--no-hooks']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cannot write ${CONFIG}: ${CONFIG} is a symbolic link (to ${join(outside, 'made-by-init.toml')})`);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join(repo.dir, '.openclaw_memory'))).toBe(false);
  });
});

describe('a config that is not a regular file', () => {
  it('a FIFO in its place is not opened for a blocking read', async () => {
    const repo = makeRepo();
    mkdirSync(join(repo.dir, '.openclaw_memory'));
    execFileSync('mkfifo', [join(repo.dir, CONFIG)]);
    const r = exec(repo.dir, repo.env, ['config', 'primer.days']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('.openclaw_memory.toml is not a regular file; it was not read');
  });
});
