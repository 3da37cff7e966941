// Aider runs no hooks (issue 24, item 12): the next Aider session reads .openclaw_memory/PRIMER.md
// as it was left. After a commit Aider makes (`git commit --no-verify -- FILES`, its committer named
// "<user> (aider)"; --no-verify skips pre-commit and commit-msg, not post-commit) the post-commit
// hook refreshes the gitignored PRIMER.md in the background where .aider.conf.yml reads it, so the
// commit is in it; PRIMER.md is never staged or committed.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, PATH_WITHOUT_TOOL, pathWithBin, tempDir, type TestRepo } from '../helpers/repo.js';
import { heldShim } from '../helpers/held-shim.js';
import { settled } from '../helpers/settled.js';

const PRIMER = '.openclaw_memory/PRIMER.md';

/** A commit as Aider makes one (aider/repo.py GitRepo.commit). */
function aiderCommit(repo: TestRepo, path: string, text: string, message: string, PATH: string): void {
  repo.write(path, text);
  execFileSync('git', ['add', path], { cwd: repo.dir, env: { ...repo.env, PATH } });
  execFileSync('git', ['commit', '-m', message, '--no-verify', '--', path], {
    cwd: repo.dir,
    env: { ...repo.env, PATH, GIT_COMMITTER_NAME: 'Test User (aider)', GIT_AUTHOR_NAME: 'Test User (aider)' },
  });
}

describe('Aider: PRIMER.md is refreshed after its commits', () => {
  it('an Aider-style commit is in PRIMER.md once the post-commit hook\'s refresh is done; PRIMER.md stays out of git', async () => {
    const repo = makeRepo();
    const PATH = pathWithBin();
    expect((await repo.run(['init', '--agent', 'aider'], { env: { PATH } })).code).toBe(0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'Set up git-memory');
    const before = readFileSync(join(repo.dir, PRIMER), 'utf8');
    // The session's start (what bounds the next session's commits) is not moved by a refresh.
    const start = join(repo.dir, '.git', 'git-memory', 'session-start.json');
    const started = existsSync(start) ? readFileSync(start, 'utf8') : null;
    aiderCommit(repo, 'src/greet.py', 'def greet(n):\n    return f"Hi {n}"\n', 'feat: Add greet helper', PATH);
    await settled(repo);
    const after = readFileSync(join(repo.dir, PRIMER), 'utf8');
    expect(before).not.toContain('Add greet helper');
    expect(after).toContain('feat: Add greet helper');
    expect(existsSync(start) ? readFileSync(start, 'utf8') : null).toBe(started);
    // Gitignored: never staged, never committed, and the worktree is clean.
    expect(repo.git('status', '--porcelain')).toBe('');
    expect(repo.git('log', '--format=%s', '--name-only')).not.toContain('PRIMER.md');
  });

  it('a repository without Aider starts no refresh at a commit', async () => {
    const repo = makeRepo();
    const PATH = pathWithBin();
    expect((await repo.run(['init', '--agent', 'claude'], { env: { PATH } })).code).toBe(0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'Set up git-memory');
    const primer = () => (existsSync(join(repo.dir, PRIMER)) ? readFileSync(join(repo.dir, PRIMER), 'utf8') : null);
    const before = primer();
    aiderCommit(repo, 'a.txt', 'a\n', 'Plain commit', PATH);
    await settled(repo);
    expect(primer()).toBe(before);
  });

  it('a burst of commits starts one refresh, not one each, and PRIMER.md ends with the last commit', async () => {
    const repo = makeRepo();
    // A git-memory that logs its starts and is held back while held.
    const shim = heldShim();
    const PATH = `${shim.bin}:${PATH_WITHOUT_TOOL}`;
    expect((await repo.run(['init', '--agent', 'aider'], { env: { PATH } })).code).toBe(0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'Set up git-memory');
    shim.hold();
    for (let i = 1; i <= 5; i++) aiderCommit(repo, 'n.txt', `${i}\n`, `feat: Step ${i}`, PATH);
    const refreshes = () => shim.starts().filter((l) => l.startsWith('hook refresh-primer'));
    expect(refreshes()).toHaveLength(1);
    shim.release();
    await settled(repo);
    expect(readFileSync(join(repo.dir, PRIMER), 'utf8')).toContain('feat: Step 5');
    expect(existsSync(join(repo.dir, '.git', 'git-memory', 'primer-refresh'))).toBe(false);
    // The next commit, the refresh done, starts one again.
    aiderCommit(repo, 'n.txt', '6\n', 'feat: Step 6', PATH);
    await settled(repo);
    expect(refreshes()).toHaveLength(2);
    expect(readFileSync(join(repo.dir, PRIMER), 'utf8')).toContain('feat: Step 6');
  });

  it('a mark a killed refresh left does not stop the refreshes for good where `find` has no -mmin', async () => {
    const repo = makeRepo();
    // POSIX find has no -mmin: this one fails on it, as such a find does.
    const bin = tempDir('gm-find-');
    writeFileSync(join(bin, 'find'), '#!/bin/sh\ncase " $* " in *" -mmin "*) echo "find: bad option -mmin" >&2; exit 1 ;; esac\nexec /usr/bin/find "$@"\n');
    chmodSync(join(bin, 'find'), 0o755);
    const PATH = `${bin}:${pathWithBin()}`;
    expect((await repo.run(['init', '--agent', 'aider'], { env: { PATH } })).code).toBe(0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'Set up git-memory');
    // The mark of a refresh killed before it could remove it.
    mkdirSync(join(repo.dir, '.git', 'git-memory'), { recursive: true });
    writeFileSync(join(repo.dir, '.git', 'git-memory', 'primer-refresh'), '');
    aiderCommit(repo, 'src/greet.py', 'def greet(n):\n    return f"Hi {n}"\n', 'feat: Add greet helper', PATH);
    await settled(repo);
    expect(readFileSync(join(repo.dir, PRIMER), 'utf8')).toContain('feat: Add greet helper');
  });
});
