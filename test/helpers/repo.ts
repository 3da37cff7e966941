import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerStarter } from '../../src/hook/agent/process-io.js';
import { cleanEnv } from './clean-env.mjs';
import { tempDir } from './cleanup.js';
import { copyTree } from './copy-tree.js';
import { copyIndexStat } from './index-stat.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = join(ROOT, 'dist', 'git-memory.js');

/** Environment for every test process: see clean-env.mjs (the bench uses the same). */
export function testEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // The built binary's code caches (see src/code-cache.ts) go here, not in the user's home. The
  // background work runs at the test's own priority (src/nice.ts): at 19, on a machine kept busy at
  // normal priority (the other test worker, a shared CI runner), a detached worker a test waits for
  // got ~1.5% of a core and the wait ran out (test/hook/agent/session-end-priority.test.ts checks 19).
  return cleanEnv({ XDG_CACHE_HOME: join(tmpdir(), 'git-memory-test-cache'), GIT_MEMORY_NICE: '0', ...extra });
}

export { tempDir } from './cleanup.js';

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

/**
 * The repository makeRepo starts from, made once per worker process and copied: `git init`, its
 * five settings and the first commit cost eight git processes, a copy none. The test files a worker
 * runs (isolate: false) share it: they only ever get copies, and nothing in it depends on the file
 * or the test. maintenance.auto is off like gc.auto, so no commit in a test starts a `git
 * maintenance` process either.
 */
const templates = new Map<string, string>();
function template(initialCommit: boolean, objectFormat: ObjectFormat): string {
  const key = `${initialCommit}-${objectFormat}`;
  let dir = templates.get(key);
  if (dir) return dir;
  dir = tempDir('gm-template-', 'worker');
  const env = testEnv();
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  git('init', '-q', '-b', 'main', `--object-format=${objectFormat}`);
  // git's sample hooks (*.sample, which git never runs): not copied into, and removed from, every
  // test's repository (13 files each). The hooks folder itself stays, as in any repository.
  const hooks = join(dir, '.git', 'hooks');
  for (const name of readdirSync(hooks)) if (name.endsWith('.sample')) unlinkSync(join(hooks, name));
  git('config', 'user.name', 'Jane Doe');
  git('config', 'user.email', 'jane@example.com');
  git('config', 'commit.gpgSign', 'false');
  git('config', 'gc.auto', '0');
  git('config', 'maintenance.auto', 'false');
  if (initialCommit) {
    writeFileSync(join(dir, 'README.md'), '# test\n');
    git('add', '--', 'README.md');
    git('commit', '-q', '-m', 'Initial commit');
  }
  templates.set(key, dir);
  return dir;
}

/** How a repository names its objects: SHA-1 (40 hex digits, git's default) or SHA-256 (64). */
export type ObjectFormat = 'sha1' | 'sha256';

/**
 * A real git repository in a temp dir: branch main, pinned user, no signing, gc.auto=0, one commit.
 * `objectFormat`: `git init --object-format` (SHA-1 unless told).
 */
export function makeRepo(opts: { initialCommit?: boolean; now?: string; until?: 'test' | 'file' | 'worker'; objectFormat?: ObjectFormat } = {}): TestRepo {
  const dir = tempDir('gm-repo-', opts.until);
  const home = tempDir('gm-home-', opts.until);
  const from = template(opts.initialCommit !== false, opts.objectFormat ?? 'sha1');
  copyTree(from, dir);
  const repo = bindRepo(dir, home, opts.now);
  // The copy's files have new inodes: refresh the index's stat data, as after a checkout, so that
  // plumbing (diff-files) does not see them as changed.
  if (opts.initialCommit !== false) refreshIndex(from, repo);
  return repo;
}

/**
 * The repositories makeMemoryRepo copies, set up once per worker process and options (the day
 * included, which `init` writes into TASKS.md when no clock is set): `init` and its commit cost
 * ~250 ms of processor time each, a copy ~75. Init leaves nothing under the git directory's
 * git-memory folder or in the home, so a copy is what a fresh set-up would be.
 */
const memoryTemplates = new Map<string, Promise<TestRepo>>();

/** makeRepo, then `git memory init --no-hooks` committed: a repository where sessions can start. */
export async function makeMemoryRepo(opts: Parameters<typeof makeRepo>[0] = {}): Promise<TestRepo> {
  const key = JSON.stringify([opts.initialCommit !== false, opts.objectFormat ?? 'sha1', opts.now ?? new Date().toISOString().slice(0, 10)]);
  let made = memoryTemplates.get(key);
  if (!made) {
    made = (async () => {
      const repo = makeRepo({ ...opts, until: 'worker' });
      const r = await repo.run(['init', '--no-hooks']);
      if (r.code !== 0) throw new Error(`git memory init failed: ${r.stderr}`);
      repo.git('add', '.');
      repo.git('commit', '-q', '-m', 'Set up git-memory');
      return repo;
    })();
    memoryTemplates.set(key, made);
    made.catch(() => memoryTemplates.delete(key));
  }
  return copyRepo(await made, opts.until);
}

/**
 * Gives a copy's index the stat data of the copied files, so that plumbing (diff-files) does not see
 * them as changed: in node where the original's index provably matched its files (index-stat.ts),
 * else with `git update-index --refresh`, one process more.
 */
function refreshIndex(from: string, copy: TestRepo): void {
  if (!copyIndexStat(from, copy.dir)) copy.git('update-index', '-q', '--refresh');
}

/**
 * A copy of a repository and its home, for a test to change as it likes: a fixture built once
 * (makeRepo with until 'file') and copied per test costs a directory copy instead of its history.
 */
export function copyRepo(from: TestRepo, until: 'test' | 'file' | 'worker' = 'test'): TestRepo {
  const dir = tempDir('gm-repo-', until);
  const home = tempDir('gm-home-', until);
  // git's object files are hard links to the original's (copy-tree.ts): they never change.
  copyTree(from.dir, dir);
  copyTree(from.home, home);
  const repo = bindRepo(dir, home, from.env.GIT_MEMORY_NOW);
  refreshIndex(from.dir, repo);
  return repo;
}

/** Builds a fixture once per test file, on first use; each call returns a fresh copy of it. */
export function fixture(build: () => TestRepo | Promise<TestRepo>): () => Promise<TestRepo> {
  let built: Promise<TestRepo> | undefined;
  return async () => copyRepo(await (built ??= Promise.resolve(build())));
}

/**
 * A fixture of `git memory init --agent AGENT` (its git hooks too) and the setup commit, made with
 * git-memory on PATH so that its post-commit hook runs and records it.
 */
export function wiredFixture(agent: string): () => Promise<TestRepo> {
  return fixture(async () => {
    const repo = makeRepo({ until: 'file' });
    const r = await repo.run(['init', '--agent', agent]);
    if (r.code !== 0) throw new Error(`git memory init --agent ${agent} failed: ${r.stderr}`);
    repo.git('add', '.');
    execFileSync('git', ['commit', '-q', '-m', 'Set up git-memory'], { cwd: repo.dir, env: { ...repo.env, PATH: pathWithBin() }, stdio: 'ignore' });
    return repo;
  });
}

/** fixture() for each key (an agent's name, say): each built once per test file on first use; each call a fresh copy. */
export function fixtureBy<K>(build: (key: K) => TestRepo | Promise<TestRepo>): (key: K) => Promise<TestRepo> {
  const made = new Map<K, () => Promise<TestRepo>>();
  return (key) => {
    let copy = made.get(key);
    if (!copy) made.set(key, (copy = fixture(() => build(key))));
    return copy();
  };
}

/**
 * HEAD's commit id, read from the files git keeps it in (HEAD and the branch's loose ref, which a
 * commit has just written) instead of a `git rev-parse` process; from git where they do not hold it
 * (a linked worktree, a packed or other ref store).
 */
export function headId(dir: string, git: (...args: string[]) => string): string {
  try {
    const gitDir = join(dir, '.git');
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
    const id = ref ? readFileSync(join(gitDir, ref), 'utf8').trim() : head;
    if (/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(id)) return id;
  } catch {
    /* not a plain .git directory with a loose ref: git knows */
  }
  return git('rev-parse', 'HEAD').trim();
}

function bindRepo(dir: string, home: string, now: string | undefined): TestRepo {
  const env = testEnv({ OPENCLAW_MEMORY_HOME: home, ...(now ? { GIT_MEMORY_NOW: now } : {}) });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  return {
    dir,
    home,
    env,
    git,
    write,
    read: (path) => readFileSync(join(dir, path), 'utf8'),
    commit(message, files = { [`file-${Math.random().toString(36).slice(2, 8)}.txt`]: message }) {
      for (const [p, t] of Object.entries(files)) write(p, t);
      // One `git add` for all the files: the index it leaves is that of one add per file.
      if (Object.keys(files).length) git('add', '--', ...Object.keys(files));
      git('commit', '-q', '-m', message);
      return headId(dir, git);
    },
    async run(args, o = {}) {
      let stdout = '';
      let stderr = '';
      const input = o.stdin === undefined ? Buffer.alloc(0) : Buffer.from(o.stdin);
      const runEnv = { ...env, ...o.env };
      // Loaded at the first run: a file that never runs the command line (a fresh worker's, say) does not load it.
      const { main } = await import('../../src/cli/main.js');
      const code = await main(args, {
        cwd: dir,
        env: runEnv,
        out: (t) => void (stdout += t),
        err: (t) => void (stderr += t),
        readStdin: async () => input,
        // `hook agent`'s workers: real detached processes of the built binary, with this run's environment.
        startWorker: workerStarter(runEnv, BIN),
      });
      return { code, stdout, stderr };
    },
    exec(args, o = {}) {
      const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, env: { ...env, ...o.env }, input: o.stdin ?? '', encoding: 'utf8' });
      return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    },
  };
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

/**
 * Leaves `repo` stopped in a rebase of `topic` onto `main` that conflicts in f.txt (both branches
 * changed it): the state in which memory must be written but never committed.
 */
export function stopInConflictingRebase(repo: TestRepo): void {
  repo.commit('base', { 'f.txt': 'base\n' });
  repo.git('checkout', '-q', '-b', 'topic');
  repo.commit('topic change', { 'f.txt': 'topic\n' });
  repo.git('checkout', '-q', 'main');
  repo.commit('main change', { 'f.txt': 'main\n' });
  repo.git('checkout', '-q', 'topic');
  let stopped = false;
  try {
    repo.git('rebase', 'main');
  } catch {
    stopped = true;
  }
  if (!stopped) throw new Error('the rebase did not stop on its conflict');
}
