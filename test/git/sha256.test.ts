// Repositories whose object ids are SHA-256 (`git init --object-format=sha256`): 64 hex digits, so
// git refuses any 40-digit id, the null id included ("0000…0000: not a valid old SHA1").
import { describe, expect, it } from 'vitest';
import { parseSession, serializeSession } from '../../src/memory/session.js';
import { makeMemoryRepo, makeRepo, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';
const ID = /^[0-9a-f]{64}$/;
const summary = (request: string, extra: Record<string, unknown> = {}) => JSON.stringify({ request, completed: [`${request}: done`], next_steps: ['Next'], ...extra });

const sha256Repo = (initialCommit: boolean) => makeRepo({ now: NOW, initialCommit, objectFormat: 'sha256' });

/** Every memory path committed: nothing left pending or untracked. */
const memoryClean = (repo: TestRepo) => repo.git('status', '--porcelain', '--untracked-files=all', '--', '.openclaw_memory', '.openclaw_memory.toml');

describe('a SHA-256 repository', () => {
  it('init, then end on a branch with no commit yet: the session and the skeleton become its first commit', async () => {
    const repo = sha256Repo(false);
    expect(repo.git('rev-parse', '--show-object-format').trim()).toBe('sha256');
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const r = await repo.run(['end', '--summary', summary('First session'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d.commit.sha).toMatch(ID);
    expect(d.waiting).toBeNull();
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(d.commit.sha);
    expect(repo.git('rev-list', '--count', 'HEAD').trim()).toBe('1');
    expect(repo.git('show', `HEAD:${d.session.path}`)).toContain('First session');
    expect(memoryClean(repo)).toBe('');
    expect(repo.git('fsck', '--strict', '--no-dangling')).toBe('');
  });

  it('end on history: the commit goes on top of HEAD and what the user staged stays staged', async () => {
    const repo = await makeMemoryRepo({ now: NOW, objectFormat: 'sha256' });
    const before = repo.git('rev-parse', 'HEAD').trim();
    repo.write('staged.txt', 'mine\n');
    repo.git('add', 'staged.txt');
    const r = await repo.run(['end', '--summary', summary('On history'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d.commit.sha).toMatch(ID);
    expect(repo.git('rev-parse', 'HEAD~1').trim()).toBe(before);
    expect(repo.git('diff', '--cached', '--name-only')).toBe('staged.txt\n');
    expect(memoryClean(repo)).toBe('');
  });

  it('`git memory commit` on a branch with no commit yet commits what init wrote', async () => {
    const repo = sha256Repo(false);
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const c = await repo.run(['commit', '--json']);
    expect(c.code, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout).commit.sha).toMatch(ID);
    expect(repo.git('rev-list', '--count', 'HEAD').trim()).toBe('1');
    expect(memoryClean(repo)).toBe('');
  });

  it('tasks: added, listed, then committed with the next end on an unborn branch', async () => {
    const repo = sha256Repo(false);
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const add = await repo.run(['tasks', 'add', 'Write the parser']);
    expect(add.code, add.stderr).toBe(0);
    const list = await repo.run(['tasks']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('Write the parser');
    const r = await repo.run(['end', '--summary', summary('Tasks', { tasks: [{ task: 'Write the parser', status: 'in_progress' }] }), '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(repo.git('show', 'HEAD:.openclaw_memory/TASKS.md')).toContain('Write the parser');
    expect(memoryClean(repo)).toBe('');
  });

  it('dream --offline --branch creates the branch on top of HEAD and leaves HEAD alone', async () => {
    const repo = await makeMemoryRepo({ now: NOW, objectFormat: 'sha256' });
    for (let i = 1; i <= 3; i++) {
      repo.commit(`Work ${i}`, { 'src/cache.ts': `// ${i}\n` });
      const learned = ['The cache in src/cache.ts is per process; never share it across workers'];
      const r = await repo.run(['end', '--summary', summary(`Session ${i}`, { learned })], { env: { GIT_MEMORY_NOW: `2026-11-${10 + i}T10:00:00` } });
      expect(r.code, r.stderr).toBe(0);
    }
    const head = repo.git('rev-parse', 'HEAD').trim();
    const b = await repo.run(['dream', '--offline', '--force', '--branch', 'memory/dream']);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toContain('committed on new branch memory/dream');
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(head);
    expect(repo.git('rev-parse', 'memory/dream~1').trim()).toBe(head);
    expect(repo.git('rev-parse', 'memory/dream').trim()).toMatch(ID);
    expect(repo.git('show', 'memory/dream:.openclaw_memory/MEMORY.md')).toContain('per process');
  });

  it('a session listing a commit by its whole SHA-256 id keeps the id', () => {
    const sha = 'ab'.repeat(32);
    const text = serializeSession(
      { id: '20261122-1430-abcdef', date: '2026-11-22', time: '14:30', agent: 'agent', author: 'Jane Doe <jane@example.com>', branch: 'main', request: 'x', learned: [], decisions: [], completed: [], next_steps: [], notes: [], commits: [{ sha, subject: 'Add the parser' }] },
      'en',
    );
    expect(parseSession(text, '.openclaw_memory/journal/2026-11-22/1430-agent-abcdef.md').commits).toEqual([{ sha, subject: 'Add the parser' }]);
  });
});
