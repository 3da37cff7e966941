// The bare-repository-with-worktrees layout: `git clone --bare URL .bare`, a `.git` file holding
// `gitdir: ./.bare`, and each branch's worktree a folder beside it (`git worktree add main`). The
// container folder is no working tree (git: "this operation must be run in a work tree"), but
// git-memory took its `.git` file for a worktree's: `init` "set up" git-memory there, `tasks add`
// and `end` wrote a memory folder there, and the primer said there were no sessions. It now refuses
// there as in any bare repository; in each worktree every command works as in a clone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { payload } from '../agents/fixtures.js';
import { BIN, makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';

function exec(repo: TestRepo, cwd: string, args: string[], stdin = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env: repo.env, input: stdin, encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function git(repo: TestRepo, cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, env: repo.env, encoding: 'utf8' });
  expect(r.status, `git ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/** A repository with a session, cloned into the bare-with-worktrees layout: the container and its two worktrees. */
async function layout(): Promise<{ repo: TestRepo; container: string; main: string; feat: string }> {
  const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
  repo.commit('Add the parser', { 'src/parser.ts': '// parser\n' });
  const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Write the parser', learned: ['The parser is hand-written'] })]);
  expect(end.code, end.stderr).toBe(0);
  const container = tempDir('gm-bare-layout-');
  git(repo, container, 'clone', '-q', '--bare', repo.dir, '.bare');
  writeFileSync(join(container, '.git'), 'gitdir: ./.bare\n');
  git(repo, container, 'worktree', 'add', '-q', 'main', 'main');
  git(repo, container, 'worktree', 'add', '-q', '-b', 'feat', 'feat');
  return { repo, container, main: join(container, 'main'), feat: join(container, 'feat') };
}

describe('a bare repository with worktrees beside it', () => {
  it('in the container folder every command refuses as in a bare repository, and nothing is written there', async () => {
    const { repo, container, main } = await layout();
    expect(spawnSync('git', ['status'], { cwd: container, env: repo.env, encoding: 'utf8' }).stderr).toContain('must be run in a work tree');
    const head = git(repo, main, 'rev-parse', 'HEAD');
    for (const args of [['init', '--no-hooks'], ['end', '--summary', JSON.stringify({ request: 'In the container' })], ['tasks', 'add', 'Write the lexer'], ['primer', '--no-write'], ['sessions'], ['forget', 'The parser is hand-written']]) {
      const r = exec(repo, container, args);
      expect(r.code, `${args[0]}: ${r.stdout}`).not.toBe(0);
      expect(r.stderr, args[0]).toContain('a bare repository has no working tree');
    }
    expect(readdirSync(container).sort()).toEqual(['.bare', '.git', 'feat', 'main']);
    expect(git(repo, main, 'rev-parse', 'HEAD')).toBe(head);
    // The session start never fails.
    const start = exec(repo, container, ['hook', 'agent', 'session-start', '--agent', 'claude'], payload('claude/session-start.json', { cwd: container }));
    expect(start.code, start.stderr).toBe(0);
    // History is read there, as in any bare repository.
    expect(exec(repo, container, ['diff', 'HEAD~1..HEAD']).code).toBe(0);
  });

  it('in each worktree the primer reads the memory and end commits to its branch', async () => {
    const { repo, main, feat } = await layout();
    const primer = exec(repo, main, ['primer', '--no-write']);
    expect(primer.code, primer.stderr).toBe(0);
    expect(primer.stdout).toContain('The parser is hand-written');
    const end = exec(repo, feat, ['end', '--summary', JSON.stringify({ request: 'Work on feat' })]);
    expect(end.code, end.stderr).toBe(0);
    expect(git(repo, feat, 'log', '-1', '--format=%s')).toBe('memory: Work on feat\n');
    expect(git(repo, main, 'log', '-1', '--format=%s')).not.toBe('memory: Work on feat\n');
    expect(git(repo, feat, 'status', '--porcelain')).toBe('');
    expect(existsSync(join(feat, '.openclaw_memory', 'journal'))).toBe(true);
  });
});
