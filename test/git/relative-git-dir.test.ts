// git resolves a relative GIT_DIR (GIT_WORK_TREE, GIT_INDEX_FILE…) against the directory it is
// started in. git-memory runs git from the repository's root, so it must pass these on made
// absolute against the directory the user ran it in; the built binary, as a user runs it.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';

/** `git memory …` run from `sub/` with GIT_DIR and GIT_WORK_TREE relative to it. */
function fromSub(repo: TestRepo, args: string[], env: Record<string, string> = {}) {
  const sub = join(repo.dir, 'sub');
  mkdirSync(sub, { recursive: true });
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: sub, env: { ...repo.env, GIT_MEMORY_NOW: NOW, GIT_DIR: '../.git', GIT_WORK_TREE: '..', ...env }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const pending = (repo: TestRepo) => repo.git('status', '--porcelain', '--untracked-files=all', '--', '.openclaw_memory', '.openclaw_memory.toml');

describe('GIT_DIR and GIT_WORK_TREE relative to a subdirectory', () => {
  it('end writes the session and commits it', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const before = repo.git('rev-parse', 'HEAD').trim();
    const r = fromSub(repo, ['end', '--summary', JSON.stringify({ request: 'From a subdirectory' }), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d.commit.sha).toBe(repo.git('rev-parse', 'HEAD').trim());
    expect(repo.git('rev-parse', 'HEAD~1').trim()).toBe(before);
    expect(repo.git('show', `HEAD:${d.session.path}`)).toContain('From a subdirectory');
    expect(pending(repo)).toBe('');
  });

  it('a relative GIT_INDEX_FILE is the index used: what it stages stays staged', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.write('staged.txt', 'mine\n');
    repo.git('add', 'staged.txt');
    const r = fromSub(repo, ['end', '--summary', JSON.stringify({ request: 'With an index' }), '--json'], { GIT_INDEX_FILE: '../.git/index' });
    expect(r.code, r.stderr).toBe(0);
    expect(repo.git('diff', '--cached', '--name-only')).toBe('staged.txt\n');
    expect(pending(repo)).toBe('');
  });

  it('primer reads the same repository as from its root', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.commit('Add the parser', { 'src/parser.ts': 'export {};\n' });
    expect((await repo.run(['end', '--summary', JSON.stringify({ request: 'Parser', next_steps: ['Test the parser'] })])).code).toBe(0);
    const atRoot = repo.exec(['primer'], { env: { GIT_MEMORY_NOW: NOW } });
    expect(atRoot.code, atRoot.stderr).toBe(0);
    const r = fromSub(repo, ['primer']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Test the parser');
    expect(r.stdout).toBe(atRoot.stdout);
  });

  it('tasks add, then commit: the task is committed', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const add = fromSub(repo, ['tasks', 'add', 'Write the parser']);
    expect(add.code, add.stderr).toBe(0);
    expect(repo.read('.openclaw_memory/TASKS.md')).toContain('Write the parser');
    const c = fromSub(repo, ['commit', '--json']);
    expect(c.code, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout).commit.paths).toContain('.openclaw_memory/TASKS.md');
    expect(repo.git('show', 'HEAD:.openclaw_memory/TASKS.md')).toContain('Write the parser');
    expect(pending(repo)).toBe('');
  });
});
