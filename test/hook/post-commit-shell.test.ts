import { execFileSync, spawn, spawnSync as spawnNode } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitPaths } from '../../src/git/commit.js';
import { findRepo } from '../../src/git/repo.js';
import { appendSpool, peekSpool } from '../../src/git/spool.js';
import { fillSpool } from '../../src/git/spool-fill.js';
import { PATH_WITHOUT_TOOL } from '../helpers/repo.js';
import { initHooked, type HookedRepo } from '../git/hooked.js';
import { countingPath, spoolLines } from './shell-hook-helpers.js';

/** git's full path, for a run whose PATH is broken. */
const GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

const spoolFile = (repo: HookedRepo) => join(repo.dir, '.git', 'git-memory', 'spool.jsonl');
const hookFile = (repo: HookedRepo) => join(repo.dir, '.git', 'hooks', 'post-commit');

/** `git commit` with the installed hooks, git-memory on PATH through the counting shim. */
function commitWith(repo: HookedRepo, path: string, message: string, env: Record<string, string> = {}): string {
  const r = repo.gTry(['commit', '-q', '--allow-empty', '-m', message], { env: { PATH: path, ...env } });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  return repo.g('rev-parse', 'HEAD').trim();
}

describe('the post-commit hook records a commit in shell, without node', () => {
  it('a real git commit appends its id and branch with no process at all; end reads subject and author time in one git call', async () => {
    const repo = await initHooked();
    const shim = countingPath();
    const a = commitWith(repo, shim.path, 'First "quoted" change\\with a \\"backslash\\" ünïcode $(x) %s *');
    const b = commitWith(repo, shim.path, 'Second change');
    expect(shim.starts()).toEqual([]);
    expect(spoolLines(spoolFile(repo))).toEqual([
      { type: 'commit', sha: a, branch: 'main' },
      { type: 'commit', sha: b, branch: 'main' },
    ]);
    const at = (sha: string) => repo.g('log', '-1', '--format=%aI', sha).trim();
    const filled = await fillSpool(repo.dir, peekSpool(join(repo.dir, '.git', 'git-memory')));
    expect(filled).toEqual([
      { type: 'commit', sha: a, subject: 'First "quoted" change\\with a \\"backslash\\" ünïcode $(x) %s *', at: at(a), branch: 'main', files: [] },
      { type: 'commit', sha: b, subject: 'Second change', at: at(b), branch: 'main', files: [] },
    ]);
  });

  it('a subject with control characters needs no node either: the line holds only the id, end reads the subject', async () => {
    const repo = await initHooked();
    const shim = countingPath();
    const sha = commitWith(repo, shim.path, 'Tab\there');
    expect(shim.starts()).toEqual([]);
    expect(spoolLines(spoolFile(repo))).toEqual([{ type: 'commit', sha, branch: 'main' }]);
    expect(await fillSpool(repo.dir, peekSpool(join(repo.dir, '.git', 'git-memory')))).toEqual([expect.objectContaining({ sha, subject: 'Tab\there' })]);
  });

  it('in a linked worktree, appends to that worktree’s own spool without node', async () => {
    const repo = await initHooked();
    const shim = countingPath();
    const wt = join(repo.dir, '..', `${repo.dir.split('/').pop()}-wt`);
    repo.g('worktree', 'add', '-q', '-b', 'side', wt);
    try {
      const r = spawnNode('git', ['commit', '-q', '--allow-empty', '-m', 'In the worktree'], { cwd: wt, env: { ...repo.env, PATH: shim.path }, encoding: 'utf8' });
      expect([r.status, r.stderr]).toEqual([0, '']);
      const sha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: wt, encoding: 'utf8' }).trim();
      expect(shim.starts()).toEqual([]);
      const gitDir = execFileSync('git', ['rev-parse', '--absolute-git-dir'], { cwd: wt, encoding: 'utf8' }).trim();
      expect(spoolLines(join(gitDir, 'git-memory', 'spool.jsonl'))).toEqual([{ type: 'commit', sha, branch: 'side' }]);
      expect(spoolLines(spoolFile(repo))).toEqual([]);
    } finally {
      rmSync(wt, { recursive: true, force: true });
    }
  });

  it('records a detached HEAD with branch null, and hands a branch name JSON must escape to node', async () => {
    const repo = await initHooked();
    const shim = countingPath();
    repo.g('checkout', '-q', '--detach');
    const detached = commitWith(repo, shim.path, 'On a detached HEAD');
    expect(shim.starts()).toEqual([]);
    repo.g('checkout', '-q', '-b', 'fix/"odd"-name');
    const odd = commitWith(repo, shim.path, 'On an odd branch');
    expect(shim.starts()).toEqual(['hook post-commit']);
    const lines = spoolLines(spoolFile(repo));
    expect(lines.map((l) => [l.sha, l.branch])).toEqual([
      [detached, null],
      [odd, 'fix/"odd"-name'],
    ]);
  });

  it("skips the tool's own commits (GIT_MEMORY_INTERNAL) without a process", async () => {
    const repo = await initHooked();
    const shim = countingPath();
    commitWith(repo, shim.path, 'Made by the tool', { GIT_MEMORY_INTERNAL: '1' });
    const user = commitWith(repo, shim.path, 'Made by the user');
    expect(shim.starts()).toEqual([]);
    expect(spoolLines(spoolFile(repo)).map((l) => l.sha)).toEqual([user]);
  });

  it("records the user's commit, not a memory commit an `end` made before the hook ran (node decides that rare case)", async () => {
    const repo = await initHooked();
    const shim = countingPath();
    // The user's commit, its hook not run yet; then a memory commit moves HEAD; then the hook runs.
    const user = repo.gTry(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '--allow-empty', '-m', 'User work']);
    expect(user.code, user.stderr).toBe(0);
    const userSha = repo.g('rev-parse', 'HEAD').trim();
    repo.write('.openclaw_memory/journal/2026-11-22/1430-agent-x.md', 'session\n');
    const memory = await commitPaths(findRepo(repo.dir, repo.env), ['.openclaw_memory/journal/2026-11-22/1430-agent-x.md'], 'memory: session\n');
    expect(repo.g('rev-parse', 'HEAD').trim()).toBe(memory!.sha);
    expect(runHookFile(repo, shim.path)).toBe(0);
    expect(shim.starts()).toEqual(['hook post-commit']);
    expect(spoolLines(spoolFile(repo)).map((l) => l.sha)).toEqual([userSha]);
    const session = await repo.end();
    expect(session.commits).toEqual([userSha]);
  });

  it('skips the commits a rebase replays, with no process per commit; post-rewrite lists them by their new ids', async () => {
    const repo = await initHooked();
    const shim = countingPath();
    repo.g('checkout', '-q', '-b', 'topic');
    for (let i = 0; i < 5; i++) {
      repo.write(`topic-${i}.txt`, `${i}\n`);
      repo.g('add', '--', `topic-${i}.txt`);
      commitWith(repo, shim.path, `Topic ${i}`);
    }
    repo.g('checkout', '-q', 'main');
    const up = repo.gTry(['commit', '-q', '--allow-empty', '-m', 'Upstream'], { env: { PATH: PATH_WITHOUT_TOOL } });
    expect(up.code, up.stderr).toBe(0);
    repo.g('checkout', '-q', 'topic');
    const r = repo.gTry(['rebase', '-q', 'main'], { env: { PATH: shim.path } });
    expect(r.code, r.stderr).toBe(0);
    // Only post-rewrite started node (the spool has ids to map), once for the whole rebase.
    expect(shim.starts()).toEqual(['hook post-rewrite rebase']);
    const rebased = repo.g('log', '--reverse', '--format=%H', 'main..topic').trim().split('\n');
    expect(spoolLines(spoolFile(repo)).map((l) => l.sha)).toEqual(rebased);
  });

  it('never fails the commit: no git-memory on PATH, a broken git-memory, a state directory that cannot be written', async () => {
    const repo = await initHooked();
    const shim = countingPath();
    // A broken PATH: git started by its full path; in the hook, git is still found (git puts its
    // exec-path first), git-memory is not.
    const broken = spawnNode(GIT, ['commit', '-q', '--allow-empty', '-m', 'PATH without the tool'], { cwd: repo.dir, env: { ...repo.env, PATH: '/nonexistent' }, encoding: 'utf8' });
    expect([broken.status, broken.stderr]).toEqual([0, '']);
    expect(spoolLines(spoolFile(repo))).toEqual([]);

    // A git-memory that fails, on the rare path that starts it (a branch name needing escapes).
    const bad = join(repo.dir, '.git', 'bad-bin');
    mkdirSync(bad);
    writeFileSync(join(bad, 'git-memory'), '#!/bin/sh\necho broken >&2\nexit 7\n', { mode: 0o755 });
    repo.g('checkout', '-q', '-b', 'a"b');
    commitWith(repo, `${bad}:${shim.path}`, 'Broken tool');
    repo.g('checkout', '-q', 'main');

    // The state directory is a file: mkdir and the append both fail, silently.
    const state = join(repo.dir, '.git', 'git-memory');
    rmSync(state, { recursive: true, force: true });
    writeFileSync(state, 'not a directory\n');
    commitWith(repo, shim.path, 'State dir is a file');
    expect(readFileSync(state, 'utf8')).toBe('not a directory\n');
    rmSync(state);

    // The spool is a directory: the append fails, silently.
    mkdirSync(join(state, 'spool.jsonl'), { recursive: true });
    commitWith(repo, shim.path, 'Spool is a directory');
    rmSync(state, { recursive: true });

    // Read-only for a user who is not root (root writes anyway; then the commit is recorded).
    mkdirSync(state);
    chmodSync(state, 0o555);
    try {
      commitWith(repo, shim.path, 'Read-only state directory');
    } finally {
      chmodSync(state, 0o755);
    }
    expect(shim.starts()).toEqual([]);
  });

  it("keeps the rest of a user's `sh -e` hook running when every step of the block fails (husky runs hooks so)", async () => {
    const repo = await initHooked();
    const shim = countingPath();
    const path = hookFile(repo);
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, `#!/bin/sh -e\n${text.replace(/^#!.*\n/, '')}touch "$(git rev-parse --git-dir)/user-hook-ran"\n`);
    const state = join(repo.dir, '.git', 'git-memory');
    rmSync(state, { recursive: true, force: true });
    writeFileSync(state, 'not a directory\n');
    commitWith(repo, shim.path, 'Under sh -e');
    expect(readFileSync(join(repo.dir, '.git', 'user-hook-ran'), 'utf8')).toBe('');
  });

  it('keeps every line whole when many hooks append beside a concurrent writer of long lines', async () => {
    const repo = await initHooked();
    const shim = countingPath();
    commitWith(repo, shim.path, 'Base');
    const stateDir = join(repo.dir, '.git', 'git-memory');
    rmSync(spoolFile(repo));
    const workers = 6;
    const perWorker = 25;
    const loop = `i=0; while [ $i -lt ${perWorker} ]; do "${hookFile(repo)}"; i=$((i+1)); done`;
    const runs = Array.from({ length: workers }, () => run(repo, ['-c', loop], shim.path));
    // Beside them, `git memory log` style appends of long lines (2 KB each, under PIPE_BUF).
    const long = 'x'.repeat(2000);
    for (let i = 0; i < 60; i++) {
      appendSpool(stateDir, { type: 'log', kind: 'note', text: `${i} ${long}`, at: '2026-11-22T14:30:00' });
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(await Promise.all(runs)).toEqual(Array(workers).fill(0));
    const raw = readFileSync(spoolFile(repo), 'utf8');
    const lines = spoolLines(spoolFile(repo)); // throws on a torn line
    expect(raw.split('\n').filter(Boolean).length).toBe(workers * perWorker + 60);
    expect(lines.filter((l) => l.type === 'commit').length).toBe(workers * perWorker);
    expect(lines.filter((l) => l.type === 'log').length).toBe(60);
    expect(shim.starts()).toEqual([]);
  });
});

/** Runs the installed post-commit file as git would (from the worktree root), returning its exit code. */
function runHookFile(repo: HookedRepo, path: string): number {
  return spawnNode(hookFile(repo), [], { cwd: repo.dir, env: { ...repo.env, PATH: path }, stdio: 'ignore' }).status ?? -1;
}

function run(repo: HookedRepo, args: string[], path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', args, { cwd: repo.dir, env: { ...repo.env, PATH: path }, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? -1));
  });
}
