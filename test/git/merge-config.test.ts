// The merge driver's registration in git config (src/git/merge-config.ts): `init` reads the keys it
// needs with one git process and appends the driver's section itself where the config is in git's
// plain shape; every result must be byte for byte, mode for mode, what the two `git config`
// processes it replaces write, and wherever the file is anything else git writes it as before.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { GitError } from '../../src/errors.js';
import { HOOKS_PATH_KEY, hooksDir } from '../../src/git/hooks.js';
import { DRIVER_COMMAND, DRIVER_KEYS, DRIVER_SECTION, installDriverConfig, plainConfig, readConfigKeys } from '../../src/git/merge-config.js';
import { findRepo } from '../../src/git/repo.js';
import { loggingGit } from '../helpers/git-calls.js';
import { copyRepo, makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';

const configOf = (repo: TestRepo) => join(repo.dir, '.git', 'config');

/** What the two `git config` processes this replaces leave in `repo` (run from `cwd` inside it). */
function byGit(copy: TestRepo, cwd = '.'): { bytes: Buffer; mode: number } {
  const at = join(copy.dir, cwd);
  execFileSync('git', ['config', 'merge.git-memory-tasks.name', 'git-memory: TASKS.md merged by task id'], { cwd: at, env: copy.env });
  execFileSync('git', ['config', 'merge.git-memory-tasks.driver', DRIVER_COMMAND], { cwd: at, env: copy.env });
  return { bytes: readFileSync(configOf(copy)), mode: statSync(configOf(copy)).mode };
}

/** installDriverConfig in `repo`, in-process, with every git process it starts recorded. */
async function byUs(copy: TestRepo, cwd = '.'): Promise<{ bytes: Buffer; mode: number; result: string; calls: string[][] }> {
  const log = loggingGit();
  vi.stubEnv('PATH', `${log.path}:${copy.env.PATH}`);
  for (const k of ['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_NOSYSTEM'] as const) vi.stubEnv(k, copy.env[k]!);
  try {
    const result = await installDriverConfig(findRepo(join(copy.dir, cwd), copy.env));
    return { bytes: readFileSync(configOf(copy)), mode: statSync(configOf(copy)).mode, result, calls: log.calls() };
  } finally {
    vi.unstubAllEnvs();
  }
}

const READ = ['config', '-z', '--get-regexp', '^(merge\\.git-memory-tasks\\.(name|driver))$'];
const SETS = [
  ['config', 'merge.git-memory-tasks.name', 'git-memory: TASKS.md merged by task id'],
  ['config', 'merge.git-memory-tasks.driver', DRIVER_COMMAND],
];

/** A repository whose config `shape` has changed (by git or by hand). */
function shaped(shape: (repo: TestRepo) => void, opts: Parameters<typeof makeRepo>[0] = {}): TestRepo {
  const repo = makeRepo(opts);
  shape(repo);
  return repo;
}

describe('installDriverConfig: the merge driver in git config', () => {
  it('init starts one git process where it started six, and leaves the config git leaves', () => {
    const repo = makeRepo();
    const expected = byGit(copyRepo(repo)).bytes;
    const log = loggingGit();
    const r = repo.exec(['init'], { env: { PATH: `${log.path}:${repo.env.PATH}` } });
    expect(r.code, r.stderr).toBe(0);
    expect(log.calls().map((c) => c.slice(0, 4))).toEqual([
      ['config', '-z', '--get-regexp', '^(core\\.hookspath|merge\\.git-memory-tasks\\.(name|driver))$'],
    ]);
    expect(readFileSync(configOf(repo))).toEqual(expected);
    // Again: nothing to write, the same one read.
    log.clear();
    const json = JSON.parse(repo.exec(['init', '--json'], { env: { PATH: `${log.path}:${repo.env.PATH}` } }).stdout);
    expect((json.data ?? json).mergeDriver.config).toBe('unchanged');
    expect(log.calls()).toHaveLength(1);
    expect(readFileSync(configOf(repo))).toEqual(expected);
  });

  const plain: [string, () => TestRepo, string?][] = [
    ['a new repository', () => makeRepo()],
    ['a SHA-256 repository', () => makeRepo({ objectFormat: 'sha256' })],
    ['an empty config file', () => shaped((r) => writeFileSync(configOf(r), ''), { initialCommit: false })],
    [
      'a config holding other values: quoted, escaped, bare, includes, subsections',
      () =>
        shaped((r) => {
          r.git('config', 'alias.x', '!echo "a; b" # not a comment');
          r.git('config', 'core.editor', ' vim ');
          r.git('config', 'user.note', 'back\\slash\ttab');
          r.git('config', 'includeIf.gitdir:/nowhere/.path', '/nowhere/config');
          r.git('config', 'include.path', '/nowhere/either');
          r.git('config', 'branch.fe"at\\ure.remote', 'origin');
          r.git('config', 'merge.other.driver', 'true');
          writeFileSync(configOf(r), `${readFileSync(configOf(r), 'utf8')}[extra]\n\tflag\n`);
        }),
    ],
    ['a read-only config file (mode 0444)', () => shaped((r) => chmodSync(configOf(r), 0o444))],
    [
      'a linked worktree (the shared config), with per-worktree config on',
      () =>
        shaped((r) => {
          r.git('config', 'extensions.worktreeConfig', 'true');
          r.git('worktree', 'add', '-q', 'wt', '-b', 'side');
          execFileSync('git', ['config', '--worktree', 'wt.only', 'yes'], { cwd: join(r.dir, 'wt'), env: r.env });
        }),
      'wt',
    ],
  ];
  for (const [name, make, cwd] of plain) {
    it(`appends the section itself, byte for byte and mode for mode as git: ${name}`, async () => {
      // Made twice, not copied: a copied linked worktree would name the original's git directory.
      const [mine, git] = [make(), make()];
      expect(plainConfig(readFileSync(configOf(mine), 'latin1'))).toBe(true);
      const theirs = byGit(git, cwd);
      const ours = await byUs(mine, cwd);
      expect(ours.result).toBe('created');
      expect(ours.calls).toEqual([READ]);
      expect(ours.bytes.toString('latin1')).toBe(theirs.bytes.toString('latin1'));
      expect(ours.mode).toBe(theirs.mode);
      expect(ours.bytes.toString('latin1').endsWith(DRIVER_SECTION)).toBe(true);
    });
  }

  const other: [string, () => TestRepo, string][] = [
    ['a comment', () => shaped((r) => writeFileSync(configOf(r), `# mine\n${readFileSync(configOf(r), 'utf8')}`)), 'created'],
    ['no newline at the end', () => shaped((r) => writeFileSync(configOf(r), readFileSync(configOf(r), 'utf8').trimEnd())), 'created'],
    ['CRLF lines', () => shaped((r) => writeFileSync(configOf(r), readFileSync(configOf(r), 'utf8').replace(/\n/g, '\r\n'))), 'created'],
    ['a blank line', () => shaped((r) => writeFileSync(configOf(r), `${readFileSync(configOf(r), 'utf8')}\n[x]\n\ty = 1\n`)), 'created'],
    ['the driver\'s section with its name only', () => shaped((r) => r.git('config', 'merge.git-memory-tasks.name', 'mine')), 'created'],
    ['an empty section of the driver\'s', () => shaped((r) => writeFileSync(configOf(r), `${readFileSync(configOf(r), 'utf8')}[merge "git-memory-tasks"]\n`)), 'created'],
    ['an older driver command', () => shaped((r) => r.git('config', 'merge.git-memory-tasks.driver', 'git-memory merge-driver %O %A %B')), 'updated'],
    ['a driver with no name', () => shaped((r) => r.git('config', 'merge.git-memory-tasks.driver', DRIVER_COMMAND)), 'updated'],
  ];
  for (const [name, make, result] of other) {
    it(`leaves the writing to git where the config is not in its plain shape or has the driver's keys: ${name}`, async () => {
      const repo = make();
      const theirs = byGit(copyRepo(repo));
      const ours = await byUs(copyRepo(repo));
      expect(ours.result).toBe(result);
      expect(ours.calls).toEqual([READ, ...SETS]);
      expect(ours.bytes.toString('latin1')).toBe(theirs.bytes.toString('latin1'));
    });
  }

  it('is unchanged, writing nothing, where the driver is set: in the repository, or in a file it includes', async () => {
    const repo = makeRepo();
    const set = copyRepo(repo);
    await installDriverConfig(findRepo(set.dir, set.env));
    const again = await byUs(copyRepo(set));
    expect(again.result).toBe('unchanged');
    expect(again.calls).toEqual([READ]);
    expect(again.bytes).toEqual(readFileSync(configOf(set)));
    // The driver in an included file: git reads it there, and so nothing is written here.
    const inc = join(tempDir('gm-include-'), 'driver.config');
    mkdirSync(join(inc, '..'), { recursive: true });
    writeFileSync(inc, `[merge "git-memory-tasks"]\n\tname = x\n\tdriver = "${DRIVER_COMMAND.replace(/"/g, '\\"')}"\n`);
    repo.git('config', 'include.path', inc);
    const before = readFileSync(configOf(repo));
    const included = await byUs(copyRepo(repo));
    expect(included.result).toBe('unchanged');
    expect(included.bytes).toEqual(before);
  });

  it('fails as git fails where the config is locked or unreadable, and writes nothing', async () => {
    const locked = makeRepo();
    writeFileSync(`${configOf(locked)}.lock`, '');
    const before = readFileSync(configOf(locked));
    const err = await installDriverConfig(findRepo(locked.dir, locked.env)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitError);
    expect((err as GitError).stderr).toMatch(/could not lock config file/);
    expect(readFileSync(configOf(locked))).toEqual(before);
    const broken = makeRepo();
    writeFileSync(configOf(broken), `${readFileSync(configOf(broken), 'utf8')}[broken\n`);
    const bad = readFileSync(configOf(broken));
    const err2 = await installDriverConfig(findRepo(broken.dir, broken.env)).catch((e: unknown) => e);
    expect(err2).toBeInstanceOf(GitError);
    expect(readFileSync(configOf(broken))).toEqual(bad);
  });
});

describe('hooksDir given the config keys init read', () => {
  /** hooksDir with the keys read beforehand, and the git processes it started; then hooksDir asking git itself. */
  async function both(repo: TestRepo, cwd = '.') {
    const found = findRepo(join(repo.dir, cwd), repo.env);
    const log = loggingGit();
    vi.stubEnv('PATH', `${log.path}:${repo.env.PATH}`);
    for (const k of ['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_NOSYSTEM'] as const) vi.stubEnv(k, repo.env[k]!);
    try {
      const keys = await readConfigKeys(found, `${HOOKS_PATH_KEY.replace('.', '\\.')}|${DRIVER_KEYS}`);
      log.clear();
      const failed = (e: unknown) => ({ dir: '', husky: false, hooksPath: null, error: String(e) });
      const ours = await hooksDir(found, keys!).catch(failed);
      const calls = log.calls();
      return { ours, calls, git: await hooksDir(found).catch(failed) };
    } finally {
      vi.unstubAllEnvs();
    }
  }

  it('answers as git does with no git process where core.hooksPath is not set: through a linked path, a linked worktree, no hooks folder', async () => {
    const repo = makeRepo();
    const plainRepo = await both(repo);
    expect(plainRepo.ours).toEqual(plainRepo.git);
    expect(plainRepo.calls).toEqual([]);
    expect(plainRepo.ours.dir).toBe(join(repo.dir, '.git', 'hooks'));
    // Reached through a symbolic link: git names the real folder.
    const link = join(tempDir('gm-link-'), 'to-repo');
    symlinkSync(repo.dir, link);
    const viaLink = await both({ ...repo, dir: link });
    expect(viaLink.ours).toEqual(viaLink.git);
    expect(viaLink.ours.dir).toBe(join(repo.dir, '.git', 'hooks'));
    // A linked worktree runs the shared hooks.
    repo.git('worktree', 'add', '-q', 'wt', '-b', 'side');
    const wt = await both(repo, 'wt');
    expect(wt.ours).toEqual(wt.git);
    expect(wt.calls).toEqual([]);
    // No hooks folder yet.
    rmSync(join(repo.dir, '.git', 'hooks'), { recursive: true });
    const none = await both(repo);
    expect(none.ours).toEqual(none.git);
    expect(none.calls).toEqual([]);
  });

  it('asks git where hooks is a link or core.hooksPath is set (even to nothing)', async () => {
    const repo = makeRepo();
    const shared = tempDir('gm-shared-hooks-');
    rmSync(shared, { recursive: true });
    renameSync(join(repo.dir, '.git', 'hooks'), shared);
    symlinkSync(shared, join(repo.dir, '.git', 'hooks'));
    const linked = await both(repo);
    expect(linked.ours).toEqual(linked.git);
    expect(linked.ours.dir).toBe(shared);
    expect(linked.calls.map((c) => c[0])).toEqual(['rev-parse']);
    // (An empty core.hooksPath: git fails, both ways alike.)
    for (const value of ['my-hooks', '']) {
      const set = makeRepo();
      set.git('config', 'core.hooksPath', value);
      const r = await both(set);
      expect(r.ours).toEqual(r.git);
      expect(r.calls.map((c) => c[0])).toEqual(['rev-parse']);
    }
  });
});
