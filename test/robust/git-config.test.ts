// A user's global git configuration (~/.gitconfig, here GIT_CONFIG_GLOBAL) full of settings that
// change what git prints: git-memory reads git's output, so the few settings it relies on are given
// to every git process it starts after the user's own (git/own-config.ts), and the user's other
// settings (and `git -c` ones, GIT_CONFIG_PARAMETERS) still apply.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { payload } from '../agents/fixtures.js';
import { GitError } from '../../src/errors.js';
import { OWN_GIT_CONFIG, withOwnConfig } from '../../src/git/own-config.js';
import { BIN, makeMemoryRepo, makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';

/** Long enough for a loaded machine, far shorter than "forever". */
const TIMEOUT_MS = 20_000;

/** A global config file holding `settings` (git config -f, so values are quoted as git writes them). */
function globalConfig(settings: Record<string, string>): string {
  const file = join(tempDir('gm-gitconfig-'), 'gitconfig');
  writeFileSync(file, '');
  for (const [k, v] of Object.entries(settings)) spawnSync('git', ['config', '-f', file, k, v]);
  return file;
}

/** The built binary in the repository, with `env` over the test's (a hang shows as a signal). */
function exec(repo: TestRepo, args: string[], env: Record<string, string>, stdin = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: repo.dir, env: { ...repo.env, ...env }, input: stdin, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** The primer's markdown, and the SessionStart hook's context, both under `env`. */
function primers(repo: TestRepo, env: Record<string, string>): { primer: string; start: string } {
  const p = exec(repo, ['primer'], env);
  expect(p.signal).toBeNull();
  expect(p.code, p.stderr).toBe(0);
  const s = exec(repo, ['hook', 'agent', 'session-start', '--agent', 'claude'], env, payload('claude/session-start.json', { cwd: repo.dir }));
  expect(s.code, s.stderr).toBe(0);
  return { primer: p.stdout, start: JSON.parse(s.stdout).hookSpecificOutput.additionalContext as string };
}

/**
 * A stand-in for gpg that signs and verifies anything, as gpg does through git (its report on
 * stderr, which `git log --show-signature` prints with the log), and counts its runs in `calls`.
 */
function fakeGpg(): { program: string; calls: string } {
  const dir = tempDir('gm-gpg-');
  const calls = join(dir, 'calls');
  const program = join(dir, 'gpg');
  writeFileSync(
    program,
    `#!/bin/sh
echo "$*" >> '${calls}'
cat >/dev/null
case " $* " in
  *" --verify "*)
    echo "gpg: Signature made Sun Dec  6 08:00:00 2026 UTC" >&2
    echo 'gpg: Good signature from "Jane Doe <jane@example.com>" [ultimate]' >&2
    echo "[GNUPG:] GOODSIG ABCDEF0123456789 Jane Doe <jane@example.com>"
    echo "[GNUPG:] VALIDSIG 0123456789ABCDEF0123456789ABCDEF01234567 2026-12-06 1796500000 0 4 0 1 10 00 0123456789ABCDEF0123456789ABCDEF01234567"
    echo "[GNUPG:] TRUST_ULTIMATE 0 pgp" ;;
  *)
    echo "[GNUPG:] SIG_CREATED D 1 10 00 1796500000 0123456789ABCDEF0123456789ABCDEF01234567" >&2
    printf -- '-----BEGIN PGP SIGNATURE-----\\n\\niQEzBAABCAAdFiEE\\n=abcd\\n-----END PGP SIGNATURE-----\\n' ;;
esac
`,
    { mode: 0o755 },
  );
  return { program, calls };
}

describe("a user's global git config", () => {
  it('log.showSignature with signed commits: the primer lists the commits and their files, not gpg\'s report, and runs no gpg', async () => {
    const repo = await makeMemoryRepo();
    const gpg = fakeGpg();
    for (const n of [1, 2, 3]) {
      repo.write(`src/f${n}.ts`, `${n}\n`);
      repo.git('add', '--', `src/f${n}.ts`);
      repo.git('-c', `gpg.program=${gpg.program}`, 'commit', '-q', '-S', '-m', `Signed change ${n}`);
    }
    const env = { GIT_CONFIG_GLOBAL: globalConfig({ 'log.showSignature': 'true', 'gpg.program': gpg.program }) };
    // The user's own `git log` shows gpg's report: the setting is in force.
    expect(spawnSync('git', ['log', '-1', '--format=%s'], { cwd: repo.dir, env: { ...repo.env, ...env }, encoding: 'utf8' }).stdout).toContain('gpg: Good signature');
    const calls = readFileSync(gpg.calls, 'utf8');

    const { primer, start } = primers(repo, env);
    for (const text of [primer, start]) {
      expect(text).not.toMatch(/gpg|GNUPG/);
      expect(text).toContain('Signed change 3');
      expect(text).toMatch(/^- src\/f1\.ts \(1 commit\)$/m);
    }
    expect(readFileSync(gpg.calls, 'utf8')).toBe(calls);
  });

  it('i18n.logOutputEncoding=ISO-8859-1: a subject "café" stays "café" in the primer and the session start', async () => {
    const repo = await makeMemoryRepo();
    repo.commit('Add the café menu', { 'menu.txt': 'crêpes\n' });
    const { primer, start } = primers(repo, { GIT_CONFIG_GLOBAL: globalConfig({ 'i18n.logOutputEncoding': 'ISO-8859-1' }) });
    for (const text of [primer, start]) {
      expect(text).toContain('Add the café menu');
      expect(text).not.toContain('\ufffd');
    }
  });

  it('i18n.commitEncoding=ISO-8859-1: a memory commit is not labelled with an encoding its UTF-8 message is not in', async () => {
    const repo = await makeMemoryRepo();
    const env = { GIT_CONFIG_GLOBAL: globalConfig({ 'i18n.commitEncoding': 'ISO-8859-1' }) };
    const end = exec(repo, ['end', '--summary', JSON.stringify({ request: 'Fix the café menu' })], env);
    expect(end.code, end.stderr).toBe(0);
    const object = repo.git('cat-file', 'commit', 'HEAD');
    expect(object).toContain('memory: Fix the café menu');
    expect(object).not.toMatch(/^encoding /m);
    // As anyone reads it, whatever their own output encoding.
    expect(repo.git('log', '-1', '--format=%s')).toBe('memory: Fix the café menu\n');
  });

  it("log.showRoot=false: the first commit's files are among the hot files", async () => {
    const repo = makeRepo({ initialCommit: false });
    repo.commit('Start the project', { 'src/app.ts': 'a\n' });
    repo.commit('Add the docs', { 'docs/guide.md': 'g\n' });
    const { primer, start } = primers(repo, { GIT_CONFIG_GLOBAL: globalConfig({ 'log.showRoot': 'false' }) });
    for (const text of [primer, start]) expect(text).toMatch(/^- src\/app\.ts \(1 commit\)$/m);
  });

  it('all of them at once, and more (colour, decorations, pretty formats, quoted paths, an external diff, failing hooks): every command exits 0, staged work survives', async () => {
    const repo = await makeMemoryRepo();
    const gpg = fakeGpg();
    repo.write('src/é.ts', '1\n');
    repo.git('add', '--', 'src/é.ts');
    repo.git('-c', `gpg.program=${gpg.program}`, 'commit', '-q', '-S', '-m', 'Add the café');
    const hooks = tempDir('gm-hooks-');
    for (const h of ['pre-commit', 'commit-msg', 'post-commit', 'post-index-change', 'post-checkout']) writeFileSync(join(hooks, h), '#!/bin/sh\necho "hook fails" >&2\nexit 1\n', { mode: 0o755 });
    const diff = join(tempDir('gm-diff-'), 'diff');
    writeFileSync(diff, '#!/bin/sh\necho "EXTERNAL DIFF"\n', { mode: 0o755 });
    const env = {
      GIT_CONFIG_GLOBAL: globalConfig({
        'color.ui': 'always',
        'color.diff': 'always',
        'color.status': 'always',
        'log.showSignature': 'true',
        'gpg.program': gpg.program,
        'log.decorate': 'full',
        'log.follow': 'true',
        'log.date': 'relative',
        'log.abbrevCommit': 'true',
        'log.showRoot': 'false',
        'core.abbrev': '12',
        'format.pretty': 'format:%C(red)%h%Creset %s %d',
        'i18n.logOutputEncoding': 'ISO-8859-1',
        'i18n.commitEncoding': 'ISO-8859-1',
        'core.quotePath': 'false',
        'diff.noprefix': 'true',
        'diff.mnemonicPrefix': 'true',
        'diff.external': diff,
        'diff.renames': 'copies',
        'diff.relative': 'true',
        'status.short': 'true',
        'status.branch': 'true',
        'status.showUntrackedFiles': 'no',
        'commit.verbose': 'true',
        'commit.gpgSign': 'true',
        'core.hooksPath': hooks,
        'core.autocrlf': 'true',
        'grep.patternType': 'perl',
        'merge.conflictStyle': 'zdiff3',
        'pull.rebase': 'true',
        'alias.log': '!echo ALIAS',
        'alias.status': '!echo ALIAS',
      }),
    };
    repo.write('staged.txt', 'mine\n');
    repo.git('add', '--', 'staged.txt');
    const staged = repo.git('diff', '--cached', '--name-only');
    for (const args of [
      ['end', '--summary', JSON.stringify({ request: 'Work on the café', learned: ['The café opens at eight'] })],
      ['primer'],
      ['log', 'A decision about the café'],
      ['tasks', 'add', 'Write the menu'],
      ['tasks', '--json'],
      ['search', 'café', '--json'],
      ['sessions', '--json'],
      ['diff', 'HEAD~2..HEAD'],
      ['forget', 'The café opens at eight'],
      ['commit'],
    ]) {
      const r = exec(repo, args, env);
      expect(r.signal, args[0]).toBeNull();
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      if (args.includes('--json')) expect(() => JSON.parse(r.stdout), args[0]).not.toThrow();
      expect(r.stdout, args[0]).not.toMatch(/\x1b\[|gpg:|\ufffd|ALIAS|EXTERNAL DIFF/);
    }
    const { primer } = primers(repo, env);
    expect(primer).toContain('Add the café');
    expect(primer).toMatch(/^- src\/é\.ts \(1 commit\)$/m);
    expect(repo.git('diff', '--cached', '--name-only')).toBe(staged);
    expect(repo.git('log', '-3', '--format=%s')).toBe('memory: forget "The café opens at eight"\nmemory: Work on the café\nAdd the café\n');
  });
});

describe("the user's own settings from the environment", () => {
  it('`git -c` settings (GIT_CONFIG_PARAMETERS) and GIT_CONFIG_COUNT ones still reach git; where they clash with the few git-memory relies on, those win', async () => {
    const repo = await makeMemoryRepo();
    repo.commit('Add the café menu', { 'menu.txt': 'crêpes\n' });
    const hooks = tempDir('gm-hooks-');
    // `git -c core.hooksPath=… -c i18n.logOutputEncoding=ISO-8859-1 memory …` starts git-memory with these.
    const env = {
      GIT_CONFIG_PARAMETERS: `'core.hookspath'='${hooks}' 'i18n.logOutputEncoding=ISO-8859-1'`,
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'log.showRoot',
      GIT_CONFIG_VALUE_0: 'false',
    };
    const doctor = exec(repo, ['doctor'], env);
    expect(doctor.stdout).toContain(`hooks run from ${hooks}`);
    const { primer } = primers(repo, env);
    expect(primer).toContain('Add the café menu');
    expect(primer).toMatch(/^- README\.md \(1 commit\)$/m);
  });

  it('withOwnConfig: git-memory\'s settings after the user\'s, never twice', () => {
    const own = withOwnConfig(undefined);
    expect(own.split("' '").length).toBe(OWN_GIT_CONFIG.length);
    expect(own).toContain("'log.showSignature=false'");
    expect(withOwnConfig('')).toBe(own);
    expect(withOwnConfig("'color.ui'='always'")).toBe(`'color.ui'='always' ${own}`);
    expect(withOwnConfig(withOwnConfig("'color.ui'='always'"))).toBe(`'color.ui'='always' ${own}`);
    // As git reads it: the user's setting, then ours.
    const r = spawnSync('git', ['config', '--get-all', 'log.showsignature'], { env: { ...process.env, GIT_CONFIG_PARAMETERS: withOwnConfig("'log.showSignature'='true'") }, encoding: 'utf8' });
    expect(r.stdout).toBe('true\nfalse\n');
  });
});

describe('a repository git refuses (safe.directory: owned by another user)', () => {
  const advice = "fatal: detected dubious ownership in repository at '/work/r'\nTo add an exception for this directory, call:\n\n\tgit config --global --add safe.directory /work/r\n";

  it("git's error names the command and keeps git's reason with its advice", () => {
    const e = new GitError(['--literal-pathspecs', 'status', '--porcelain'], advice, 128);
    expect(e.message).toBe("git status failed: fatal: detected dubious ownership in repository at '/work/r' To add an exception for this directory, call: git config --global --add safe.directory /work/r");
    expect(new GitError(['-c', 'core.quotePath=false', 'ls-files'], 'fatal: bad\n', 128).message).toBe('git ls-files failed: fatal: bad');
  });

  // Only root can give a repository to another user.
  it.skipIf(process.getuid?.() !== 0)('end says why memory was not committed; the session start still gives the primer', async () => {
    const repo = await makeMemoryRepo();
    execFileSync('chown', ['-R', 'nobody', repo.dir]);
    const end = exec(repo, ['end', '--summary', JSON.stringify({ request: 'Work in a shared checkout' })], {});
    expect(end.code, end.stderr).toBe(0);
    expect(end.stdout + end.stderr).toContain('dubious ownership');
    expect(end.stdout + end.stderr).toContain('safe.directory');
    const start = exec(repo, ['hook', 'agent', 'session-start', '--agent', 'claude'], {}, payload('claude/session-start.json', { cwd: repo.dir }));
    expect(start.code, start.stderr).toBe(0);
    expect(JSON.parse(start.stdout).hookSpecificOutput.additionalContext).toContain('# Project memory');
  });
});
