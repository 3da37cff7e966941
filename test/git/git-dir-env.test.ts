// GIT_DIR set in the environment without GIT_WORK_TREE (a dotfiles manager, a script, an editor's
// terminal exporting it): git takes the current folder as the top of the working tree. Run from a
// subfolder, git-memory followed git, found no memory there, wrote a new memory folder in the
// subfolder, and `end` committed every journal session HEAD had as deleted. A GIT_WORK_TREE naming
// the wrong folder is the same. Each command now refuses in words, HEAD untouched; the session
// start goes on and says why; GIT_DIR and GIT_WORK_TREE that name the repository still work.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { payload } from '../agents/fixtures.js';
import { BIN, makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';

function exec(repo: TestRepo, cwd: string, args: string[], env: Record<string, string>, stdin = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env: { ...repo.env, ...env }, input: stdin, encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function repoWithSessions(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
  repo.commit('Add the parser', { 'src/parser.ts': '// parser\n' });
  for (const request of ['Write the parser', 'Test the parser']) {
    const end = await repo.run(['end', '--summary', JSON.stringify({ request, learned: [`${request} with vitest`] })]);
    expect(end.code, end.stderr).toBe(0);
  }
  return repo;
}

const journal = (repo: TestRepo) => repo.git('ls-tree', '-r', '--name-only', 'HEAD', '--', '.openclaw_memory/journal/');

describe('GIT_DIR or GIT_WORK_TREE in the environment', () => {
  it('GIT_DIR alone, run from a subfolder: every command refuses in words; the journal in HEAD stays whole, nothing is written in the subfolder', async () => {
    const repo = await repoWithSessions();
    const sessions = journal(repo);
    expect(sessions.split('\n').filter(Boolean)).toHaveLength(2);
    const head = repo.git('rev-parse', 'HEAD');
    const sub = join(repo.dir, 'src');
    const env = { GIT_DIR: join(repo.dir, '.git') };
    for (const args of [['end', '--summary', JSON.stringify({ request: 'From src' })], ['forget', 'Write the parser with vitest'], ['tasks', 'add', 'Write the lexer'], ['primer', '--no-write'], ['dream', '--offline', '--force'], ['init', '--no-hooks']]) {
      const r = exec(repo, sub, args, env);
      expect(r.code, `${args[0]}: ${r.stdout}`).not.toBe(0);
      expect(r.stderr, args[0]).toContain('GIT_DIR is set without GIT_WORK_TREE');
      expect(r.stderr, args[0]).toContain('GIT_WORK_TREE');
    }
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(journal(repo)).toBe(sessions);
    expect(existsSync(join(sub, '.openclaw_memory'))).toBe(false);
    expect(existsSync(join(sub, '.openclaw_memory.toml'))).toBe(false);
    // The session start never fails: it goes on, and says why there is no memory.
    const start = exec(repo, sub, ['hook', 'agent', 'session-start', '--agent', 'claude'], env, payload('claude/session-start.json', { cwd: sub }));
    expect(start.code, start.stderr).toBe(0);
    expect(start.stderr).toContain('GIT_DIR is set without GIT_WORK_TREE');
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
  });

  it('GIT_WORK_TREE naming a folder without the memory: refused the same way', async () => {
    const repo = await repoWithSessions();
    const head = repo.git('rev-parse', 'HEAD');
    const elsewhere = tempDir('gm-elsewhere-');
    const r = exec(repo, elsewhere, ['end', '--summary', JSON.stringify({ request: 'Elsewhere' })], { GIT_DIR: join(repo.dir, '.git'), GIT_WORK_TREE: elsewhere });
    expect(r.code, r.stdout).not.toBe(0);
    expect(r.stderr).toContain('GIT_WORK_TREE names it');
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(existsSync(join(elsewhere, '.openclaw_memory'))).toBe(false);
  });

  it('GIT_DIR and GIT_WORK_TREE naming the repository, run from anywhere: end commits the session beside the others', async () => {
    const repo = await repoWithSessions();
    const elsewhere = tempDir('gm-elsewhere-');
    mkdirSync(join(elsewhere, 'deep'));
    const r = exec(repo, join(elsewhere, 'deep'), ['end', '--summary', JSON.stringify({ request: 'From far away' })], { GIT_DIR: join(repo.dir, '.git'), GIT_WORK_TREE: repo.dir });
    expect(r.code, r.stderr).toBe(0);
    expect(journal(repo).split('\n').filter(Boolean)).toHaveLength(3);
    expect(repo.git('log', '-1', '--format=%s')).toBe('memory: From far away\n');
    // GIT_DIR alone from the top of the working tree: git's own reading, and ours, are right.
    const top = exec(repo, repo.dir, ['end', '--summary', JSON.stringify({ request: 'From the top' })], { GIT_DIR: join(repo.dir, '.git') });
    expect(top.code, top.stderr).toBe(0);
    expect(journal(repo).split('\n').filter(Boolean)).toHaveLength(4);
  });
  it('GIT_DIR naming another repository than the folder\'s own: refused, neither repository written', async () => {
    // audit53 (history52 left it): `cd A; GIT_DIR=B/.git git memory end` committed A's session into
    // B's branch, where B's working tree then missed it.
    const a = await repoWithSessions();
    const b = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
    const heads = [a.git('rev-parse', 'HEAD'), b.git('rev-parse', 'HEAD')];
    const env = { GIT_DIR: join(b.dir, '.git') };
    for (const args of [['end', '--summary', JSON.stringify({ request: 'From A into B' })], ['tasks', 'add', 'Write the lexer'], ['forget', 'Write the parser with vitest'], ['primer', '--no-write']]) {
      const r = exec(a, a.dir, [...args, '--json'], env);
      expect(r.code, `${args[0]}: ${r.stdout}`).toBe(1);
      const error = JSON.parse(r.stdout).error;
      expect(error.message, args[0]).toContain(`is the working tree of another repository (${join(a.dir, '.git')})`);
      expect(error.hint, args[0]).toContain('unset GIT_DIR');
    }
    expect([a.git('rev-parse', 'HEAD'), b.git('rev-parse', 'HEAD')]).toEqual(heads);
    expect(a.git('status', '--porcelain')).toBe('');
    expect(b.git('status', '--porcelain')).toBe('');
    // GIT_DIR naming the folder's own repository, or with GIT_WORK_TREE naming B's tree, still works.
    expect(exec(a, a.dir, ['sessions', '--json'], { GIT_DIR: join(a.dir, '.git') }).code).toBe(0);
    expect(exec(a, a.dir, ['sessions', '--json'], { GIT_DIR: '.git' }).code).toBe(0);
    expect(exec(a, a.dir, ['sessions', '--json'], { GIT_DIR: join(b.dir, '.git'), GIT_WORK_TREE: b.dir }).code).toBe(0);
  });
});
