import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, PATH_WITHOUT_TOOL, pathWithBin } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';

describe('git memory init', () => {
  it('writes config, skeleton and the post-commit hook, and a second run changes nothing', async () => {
    const repo = makeRepo({ now: NOW });
    const first = await repo.run(['init', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const data = JSON.parse(first.stdout);
    expect(data.files.map((f: { result: string }) => f.result)).toEqual(['created', 'created', 'created']);
    const hook = join(repo.dir, '.git/hooks/post-commit');
    expect(readFileSync(hook, 'utf8')).toContain('git-memory hook post-commit');
    expect(statSync(hook).mode & 0o111).not.toBe(0);
    expect(repo.read('.openclaw_memory/.gitignore')).toContain('PRIMER.md');
    const snapshot = () => ['.openclaw_memory.toml', '.openclaw_memory/.gitignore', '.openclaw_memory/TASKS.md', '.git/hooks/post-commit'].map((p) => repo.read(p)).join('\0');
    const before = snapshot();
    const second = JSON.parse((await repo.run(['init', '--json'])).stdout);
    expect(second.files.every((f: { result: string }) => f.result === 'unchanged')).toBe(true);
    expect(snapshot()).toBe(before);
  });

  it('keeps a user hook and adds its block once', async () => {
    const repo = makeRepo({ now: NOW });
    repo.write('.git/hooks/post-commit', '#!/bin/sh\necho "user hook ran" > user-hook.log\nexit 0\n');
    chmodSync(join(repo.dir, '.git/hooks/post-commit'), 0o755); // git runs only executable hooks
    await repo.run(['init']);
    await repo.run(['init']);
    const text = repo.read('.git/hooks/post-commit');
    expect(text.match(/>>> git-memory >>>/g)).toHaveLength(1);
    expect(text).toContain('echo "user hook ran"');
    // our block sits before the user's `exit 0`, so both run
    const env = { PATH: pathWithBin() };
    repo.write('x.txt', 'x');
    repo.git('add', 'x.txt');
    const { execFileSync } = await import('node:child_process');
    execFileSync('git', ['commit', '-q', '-m', 'with hooks'], { cwd: repo.dir, env: { ...repo.env, ...env } });
    expect(existsSync(join(repo.dir, 'user-hook.log'))).toBe(true);
    const spool = readFileSync(join(repo.dir, '.git/git-memory/spool.jsonl'), 'utf8');
    // The line holds the commit's id and branch (end reads its subject later).
    expect(JSON.parse(spool.trim().split('\n').at(-1)!)).toMatchObject({ type: 'commit', sha: repo.git('rev-parse', 'HEAD').trim(), branch: 'main' });
  });

  it('the hook does nothing and fails nothing where git-memory is not installed', async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init']);
    const { execFileSync } = await import('node:child_process');
    repo.write('y.txt', 'y');
    repo.git('add', 'y.txt');
    execFileSync('git', ['commit', '-q', '-m', 'teammate without the tool'], { cwd: repo.dir, env: { ...repo.env, PATH: PATH_WITHOUT_TOOL } });
    expect(repo.git('log', '-1', '--format=%s').trim()).toBe('teammate without the tool');
    expect(existsSync(join(repo.dir, '.git/git-memory/spool.jsonl'))).toBe(false);
  });

  it('rejects a bad language with exit 2 and an invalid existing config with exit 1', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init', '--language', 'fr'])).code).toBe(2);
    repo.write('.openclaw_memory.toml', '[primer]\ndays = "three"\n');
    const r = await repo.run(['init']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('.openclaw_memory.toml:2: primer.days must be an integer');
  });
});

describe('git memory log', () => {
  it('queues items by kind and lists them', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['log', 'Redis is the cache'])).code).toBe(0);
    expect((await repo.run(['log', '--kind', 'note', 'Ask about quotas'])).code).toBe(0);
    const list = JSON.parse((await repo.run(['log', '--json'])).stdout);
    expect(list.pending.items.map((i: { kind: string; text: string }) => [i.kind, i.text])).toEqual([
      ['learned', 'Redis is the cache'],
      ['note', 'Ask about quotas'],
    ]);
  });

  it('refuses an unknown kind, empty text, and a secret', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['log', '--kind', 'gossip', 'x'])).code).toBe(2);
    expect((await repo.run(['log', '   '])).code).toBe(2);
    const token = ['ghp_', 'Zx8Kq2Lm9Np4Rs7Tv1Wy3Ab5Cd6Ef0Gh2Ij4'].join('');
    const r = await repo.run(['log', `use token ${token}`]);
    expect(r.code).toBe(3);
    expect(r.stderr).not.toContain(token);
    expect(existsSync(join(repo.dir, '.git/git-memory/spool.jsonl'))).toBe(false);
  });
});

describe('git memory tasks', () => {
  it('adds, lists, marks done and sets by JSON, keeping ids stable', async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init', '--no-hooks']);
    const added = JSON.parse((await repo.run(['tasks', 'add', 'Implement logout', '--status', 'in_progress', '--next-step', 'clear cookie', '--json'])).stdout);
    const id = added.changes[0].id;
    expect(id).toMatch(/^t-[0-9a-f]{4,}$/);
    await repo.run(['tasks', 'set', JSON.stringify([{ task: 'Rate limiting', status: 'blocked' }, { task: 'implement logout', progress: 'half' }])]);
    const list = JSON.parse((await repo.run(['tasks', 'list', '--json'])).stdout).tasks;
    expect(list.map((t: { id: string; status: string; task: string }) => [t.task, t.status])).toEqual([
      ['Implement logout', 'in_progress'],
      ['Rate limiting', 'blocked'],
    ]);
    expect(list[0]).toMatchObject({ id, progress: 'half', next_step: 'clear cookie' });
    const human = await repo.run(['tasks']);
    expect(human.stdout).toContain(`[~] ${id}  Implement logout`);
    expect((await repo.run(['tasks', 'done', id])).code).toBe(0);
    expect(JSON.parse((await repo.run(['tasks', 'list', '--json'])).stdout).tasks).toHaveLength(1);
    expect(JSON.parse((await repo.run(['tasks', 'list', '--all', '--json'])).stdout).tasks).toHaveLength(2);
    expect(repo.read('.openclaw_memory/PRIMER.md')).toContain('Rate limiting');
  });

  it('set --replace drops tasks not given', async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['tasks', 'add', 'A']);
    await repo.run(['tasks', 'add', 'B']);
    await repo.run(['tasks', 'set', '--replace', '[{"task":"B"}]']);
    expect(JSON.parse((await repo.run(['tasks', 'list', '--all', '--json'])).stdout).tasks.map((t: { task: string }) => t.task)).toEqual(['B']);
  });

  it('refuses bad input with exit 2 and leaves TASKS.md alone', async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init', '--no-hooks']);
    const before = repo.read('.openclaw_memory/TASKS.md');
    expect((await repo.run(['tasks', 'set', '[{"task":"x","status":"soon"}]'])).code).toBe(2);
    expect((await repo.run(['tasks', 'set', '{"task":"x"}'])).code).toBe(2);
    expect((await repo.run(['tasks', 'done', 't-ffff'])).code).toBe(2);
    expect((await repo.run(['tasks', 'add', ''])).code).toBe(2);
    expect(repo.read('.openclaw_memory/TASKS.md')).toBe(before);
  });
});

describe('git memory journal, config, commit', () => {
  it('journal renders the day view; --list counts sessions per day', async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init', '--no-hooks']);
    await repo.run(['end', '--summary', '{"request":"Morning work","completed":["A"]}'], { env: { GIT_MEMORY_NOW: '2026-11-22T09:00:00' } });
    await repo.run(['end', '--summary', '{"request":"Afternoon work"}'], { env: { GIT_MEMORY_NOW: '2026-11-22T15:00:00' } });
    const day = await repo.run(['journal', '2026-11-22']);
    expect(day.stdout).toMatch(/^---\ndate: 2026-11-22\nsessions: 2\nupdated: "15:00"\n---/);
    expect(day.stdout.indexOf('Morning work')).toBeLessThan(day.stdout.indexOf('Afternoon work'));
    expect((await repo.run(['journal'])).stdout).toContain('Morning work'); // today = GIT_MEMORY_NOW
    expect(JSON.parse((await repo.run(['journal', '--list', '--json'])).stdout).days).toEqual([{ date: '2026-11-22', sessions: 2 }]);
    expect((await repo.run(['journal', '22/11/2026'])).code).toBe(2);
  });

  it('journal reads a legacy per-day file', async () => {
    const repo = makeRepo({ now: NOW });
    repo.write('.openclaw_memory/journal/2026-03-02.md', '---\ndate: 2026-03-02\nsessions: 1\n---\n\n## Session 10:00\n\n### 请求\n修复登录\n');
    const r = await repo.run(['journal', '2026-03-02', '--json']);
    expect(JSON.parse(r.stdout).sessions[0].request).toBe('修复登录');
  });

  it('config shows effective values and one key', async () => {
    const repo = makeRepo({ now: NOW });
    repo.write('.openclaw_memory.toml', '[primer]\ndays = 5\n');
    expect((await repo.run(['config', 'primer.days'])).stdout).toBe('5\n');
    expect(JSON.parse((await repo.run(['config', '--json'])).stdout).value.primer.max_tokens).toBe(1000);
    expect((await repo.run(['config', 'primer.nope'])).code).toBe(2);
  });

  it('commit with nothing pending says so; with [commit] auto = false end leaves it pending', async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init', '--no-hooks']);
    repo.write('.openclaw_memory.toml', '[commit]\nauto = false\n');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'setup');
    const head = repo.git('rev-parse', 'HEAD');
    const end = JSON.parse((await repo.run(['end', '--summary', '{"request":"x"}', '--json'])).stdout);
    expect(end.waiting).toBe('disabled');
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    const c = await repo.run(['commit', '-m', 'sessions of today']);
    expect(c.stdout).toContain('committed memory as');
    expect(repo.git('log', '-1', '--format=%s').trim()).toBe('memory: sessions of today');
    expect((await repo.run(['commit'])).stdout).toBe('nothing to commit: memory is up to date\n');
  });
});
