import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { main } from '../../src/cli/main.js';
import { cleanEnv } from './clean-env.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = join(ROOT, 'dist', 'git-memory.js');

/** Environment for every test process: see clean-env.mjs (the bench uses the same). */
export function testEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // The built binary's code caches (see src/code-cache.ts) go here, not in the user's home.
  return cleanEnv({ XDG_CACHE_HOME: join(tmpdir(), 'git-memory-test-cache'), ...extra });
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** A fresh temporary directory, removed after the test. */
export function tempDir(prefix = 'gm-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface TestRepo {
  dir: string;
  /** Home for user files (OPENCLAW_MEMORY_HOME). */
  home: string;
  env: NodeJS.ProcessEnv;
  git(...args: string[]): string;
  write(path: string, text: string): void;
  read(path: string): string;
  commit(message: string, files?: Record<string, string>): string;
  /** Runs the CLI in-process (src), like `git memory …`. */
  run(args: string[], opts?: { stdin?: string | Buffer; env?: Record<string, string> }): Promise<RunResult>;
  /** Runs the built binary (dist) as a separate process. */
  exec(args: string[], opts?: { stdin?: string | Buffer; env?: Record<string, string> }): RunResult;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A real git repository in a temp dir: branch main, pinned user, no signing, gc.auto=0, one commit. */
export function makeRepo(opts: { initialCommit?: boolean; now?: string } = {}): TestRepo {
  const dir = tempDir('gm-repo-');
  const home = tempDir('gm-home-');
  const env = testEnv({ OPENCLAW_MEMORY_HOME: home, ...(opts.now ? { GIT_MEMORY_NOW: opts.now } : {}) });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Jane Doe');
  git('config', 'user.email', 'jane@example.com');
  git('config', 'commit.gpgSign', 'false');
  git('config', 'gc.auto', '0');
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const repo: TestRepo = {
    dir,
    home,
    env,
    git,
    write,
    read: (path) => readFileSync(join(dir, path), 'utf8'),
    commit(message, files = { [`file-${Math.random().toString(36).slice(2, 8)}.txt`]: message }) {
      for (const [p, t] of Object.entries(files)) {
        write(p, t);
        git('add', '--', p);
      }
      git('commit', '-q', '-m', message);
      return git('rev-parse', 'HEAD').trim();
    },
    async run(args, o = {}) {
      let stdout = '';
      let stderr = '';
      const input = o.stdin === undefined ? Buffer.alloc(0) : Buffer.from(o.stdin);
      const code = await main(args, {
        cwd: dir,
        env: { ...env, ...o.env },
        out: (t) => void (stdout += t),
        err: (t) => void (stderr += t),
        readStdin: async () => input,
      });
      return { code, stdout, stderr };
    },
    exec(args, o = {}) {
      const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, env: { ...env, ...o.env }, input: o.stdin ?? '', encoding: 'utf8' });
      return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    },
  };
  if (opts.initialCommit !== false) repo.commit('Initial commit', { 'README.md': '# test\n' });
  return repo;
}

/**
 * PATH with no git-memory on it, even where one is installed (after `npm link`): a teammate who does
 * not have the tool. Every test environment has it (see cleanEnv).
 */
export const PATH_WITHOUT_TOOL = testEnv().PATH!;

/** PATH with the built git-memory first, so installed hooks find `git-memory`. */
export function pathWithBin(): string {
  const binDir = tempDir('gm-bin-');
  writeFileSync(join(binDir, 'git-memory'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
  return `${binDir}:${PATH_WITHOUT_TOOL}`;
}
