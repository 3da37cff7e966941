// The repository the tests' multi-week history (test/helpers/dream-history.ts) is built in, for the
// bench: the same interface as test/helpers/repo.ts's makeMemoryRepo (a real git repository, the
// CLI run in-process), without vitest. bench/parts/history.mjs bundles the tests' helper with this
// module in place of its ./repo.js, so the bench builds the very history the tests check.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { main } from '../src/cli/main.ts';
import { cleanEnv } from '../test/helpers/clean-env.mjs';

/** Where the repositories go: set by the bench part to its workspace. */
export const place = { dir: tmpdir() };

export function makeRepo(opts = {}) {
  const dir = mkdtempSync(join(place.dir, 'history-repo-'));
  const home = mkdtempSync(join(place.dir, 'history-home-'));
  const env = cleanEnv({ XDG_CACHE_HOME: join(place.dir, 'history-cache'), OPENCLAW_MEMORY_HOME: home, ...(opts.now ? { GIT_MEMORY_NOW: opts.now } : {}) });
  const git = (...args) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const write = (path, text) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  git('init', '-q', '-b', 'main');
  for (const [k, v] of [['user.name', 'Jane Doe'], ['user.email', 'jane@example.com'], ['commit.gpgSign', 'false'], ['gc.auto', '0'], ['maintenance.auto', 'false']]) git('config', k, v);
  write('README.md', '# test\n');
  git('add', '--', 'README.md');
  git('commit', '-q', '-m', 'Initial commit');
  return {
    dir,
    home,
    env,
    git,
    write,
    read: (path) => readFileSync(join(dir, path), 'utf8'),
    commit(message, files = { 'file.txt': message }) {
      for (const [p, t] of Object.entries(files)) {
        write(p, t);
        git('add', '--', p);
      }
      git('commit', '-q', '-m', message);
      return git('rev-parse', 'HEAD').trim();
    },
    /** The CLI in-process, like `git memory …` in `cwd` (the repository unless told). */
    async run(args, o = {}) {
      let stdout = '';
      let stderr = '';
      const input = Buffer.from(o.stdin ?? '');
      const code = await main(args, { cwd: o.cwd ?? dir, env: { ...env, ...o.env }, out: (t) => void (stdout += t), err: (t) => void (stderr += t), readStdin: async () => input });
      return { code, stdout, stderr };
    },
  };
}

/** HEAD's commit id, as the tests' headId gives it (git asked: the bench needs no shortcut). */
export function headId(_dir, git) {
  return git('rev-parse', 'HEAD').trim();
}

/** makeRepo, then `git memory init --no-hooks` committed, as the tests' makeMemoryRepo. */
export async function makeMemoryRepo(opts = {}) {
  const repo = makeRepo(opts);
  const r = await repo.run(['init', '--no-hooks']);
  if (r.code !== 0) throw new Error(`git memory init failed: ${r.stderr}`);
  repo.git('add', '.');
  repo.git('commit', '-q', '-m', 'Set up git-memory');
  return repo;
}
