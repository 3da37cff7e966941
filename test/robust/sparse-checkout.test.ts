// A sparse checkout that leaves the memory folder out (`git sparse-checkout set src`, as a monorepo's
// people check out their package: cone mode keeps the top-level files, so .openclaw_memory.toml is
// there, but not .openclaw_memory/): git-memory read no MEMORY.md, TASKS.md or journal, and the
// commands that carry a file's old content on wrote a new one over the committed file — `forget`
// committed a MEMORY.md holding only its own line, every fact of the team's gone. Each command now
// refuses in words and says how to bring the folder in. What it imitates: a monorepo worked on
// through a sparse checkout (the history is built here).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const MEMORY = '.openclaw_memory/MEMORY.md';
const TASKS = '.openclaw_memory/TASKS.md';

async function sparseRepo(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
  repo.commit('Add the parser', { 'src/parser.ts': '// parser\n', 'docs/guide.md': '# guide\n' });
  const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Deploys', learned: ['We deploy with Heroku pipelines', 'Sessions live in Redis'], tasks: [{ task: 'Ship the parser', status: 'todo' }] })]);
  expect(end.code, end.stderr).toBe(0);
  const dream = await repo.run(['dream', '--offline', '--force']);
  expect(dream.code, dream.stderr).toBe(0);
  const sparse = spawnSync('git', ['sparse-checkout', 'set', 'src'], { cwd: repo.dir, env: repo.env, encoding: 'utf8' });
  expect(sparse.status, sparse.stderr).toBe(0);
  return repo;
}

const committed = (repo: TestRepo, path: string) => repo.git('show', `HEAD:${path}`);

describe('a sparse checkout that leaves .openclaw_memory/ out', () => {
  it('forget, tasks, end, dream and the readers refuse in words; the committed memory files stay whole', async () => {
    const repo = await sparseRepo();
    const memory = committed(repo, MEMORY);
    const tasks = committed(repo, TASKS);
    expect(memory).toContain('Sessions live in Redis');
    expect(tasks).toContain('Ship the parser');
    const head = repo.git('rev-parse', 'HEAD');
    for (const args of [['forget', 'Heroku pipelines'], ['tasks', 'add', 'Write the lexer'], ['end', '--summary', JSON.stringify({ request: 'More' })], ['dream', '--offline', '--force'], ['sessions'], ['primer', '--no-write'], ['search', 'Redis'], ['init', '--no-hooks']]) {
      const r = await repo.run(args);
      expect(r.code, `${args[0]}: ${r.stdout}`).not.toBe(0);
      expect(r.stderr, args[0]).toContain('sparse checkout');
      expect(r.stderr, args[0]).toContain('git sparse-checkout add .openclaw_memory');
    }
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(committed(repo, MEMORY)).toBe(memory);
    expect(committed(repo, TASKS)).toBe(tasks);
    expect(repo.git('status', '--porcelain')).toBe(''); // init made no TASKS.md over the committed one
  });

  it('once the folder is checked out, forget works on the whole file', async () => {
    const repo = await sparseRepo();
    expect(spawnSync('git', ['sparse-checkout', 'add', '.openclaw_memory'], { cwd: repo.dir, env: repo.env }).status).toBe(0);
    const r = await repo.run(['forget', 'Heroku pipelines']);
    expect(r.code, r.stderr).toBe(0);
    const memory = committed(repo, MEMORY);
    expect(memory).toContain('Sessions live in Redis');
    expect(memory).toMatch(/## Forgotten\n\n- We deploy with Heroku pipelines/);
  });
});
