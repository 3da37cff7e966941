// A team that requires signed commits (a protected branch that takes signed commits only) could not
// merge a pull request with git-memory's memory commits in it: `git commit-tree` does not read
// `commit.gpgSign`, and memory commits were never signed. Where the user's configuration signs every
// commit, memory commits are signed the same way (their gpg.program, format and key); a signature that
// fails leaves the files written for `git memory commit`, never an unsigned commit.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, tempDir } from '../helpers/repo.js';

/** A gpg.program that signs anything (git checks only gpg's status line) and notes each call; or one that fails. */
function fakeGpg(ok: boolean): { program: string; calls: () => string[] } {
  const dir = tempDir('gm-gpg-');
  const log = join(dir, 'calls.log');
  writeFileSync(log, '');
  const program = join(dir, 'gpg');
  writeFileSync(
    program,
    ok
      ? `#!/bin/sh\necho "$*" >> "${log}"\ncat > /dev/null\necho "[GNUPG:] SIG_CREATED D 1 8 00 0 X" >&2\nprintf -- '-----BEGIN PGP SIGNATURE-----\\nsigned by the test\\n-----END PGP SIGNATURE-----\\n'\n`
      : `#!/bin/sh\necho "$*" >> "${log}"\necho "gpg: signing failed: No pinentry" >&2\nexit 2\n`,
  );
  chmodSync(program, 0o755);
  return { program, calls: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

describe('memory commits where the user signs every commit (commit.gpgSign)', () => {
  it('are signed as the user signs; unsigned where the user does not sign', async () => {
    const repo = await makeMemoryRepo({ until: 'file' });
    repo.write('src/app.ts', '// staged\n');
    repo.git('add', 'src/app.ts');
    const plain = await repo.run(['end', '--summary', JSON.stringify({ request: 'Not signed' })]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(repo.git('cat-file', '-p', 'HEAD')).not.toContain('gpgsig');

    const gpg = fakeGpg(true);
    repo.git('config', 'commit.gpgSign', 'true');
    repo.git('config', 'gpg.program', gpg.program);
    const head = repo.git('rev-parse', 'HEAD').trim();
    const signed = await repo.run(['end', '--summary', JSON.stringify({ request: 'Signed' })]);
    expect(signed.code, signed.stderr).toBe(0);
    expect(repo.git('rev-parse', 'HEAD~1').trim()).toBe(head);
    expect(repo.git('cat-file', '-p', 'HEAD')).toContain('gpgsig -----BEGIN PGP SIGNATURE-----');
    expect(gpg.calls()).toHaveLength(1);
    // The user's staged work is untouched.
    expect(repo.git('diff', '--cached', '--name-only').trim()).toBe('src/app.ts');
  });

  it('a signature that fails leaves the files written and uncommitted; `git memory commit` signs them once it works', async () => {
    const repo = await makeMemoryRepo({ until: 'file' });
    const bad = fakeGpg(false);
    repo.git('config', 'commit.gpgSign', 'true');
    repo.git('config', 'gpg.program', bad.program);
    const head = repo.git('rev-parse', 'HEAD').trim();
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'Signing fails' })]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toMatch(/not committed: .*gpg failed to sign/);
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(head);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toMatch(/\?\? \.openclaw_memory\/journal\/.*\.md/);

    repo.git('config', 'gpg.program', fakeGpg(true).program);
    const c = await repo.run(['commit']);
    expect(c.code, c.stderr).toBe(0);
    expect(repo.git('cat-file', '-p', 'HEAD')).toContain('gpgsig');
    expect(repo.git('status', '--porcelain')).toBe('');
  });
});
