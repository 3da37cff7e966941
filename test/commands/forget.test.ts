// Issue 25 §3: a wrong fact can be forgotten — `git memory forget` by text or id, or a line deleted
// from MEMORY.md by hand — and it sticks: the primer and every later dream leave it out, and the
// commit (the pull request's diff) shows what was forgotten.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { factId } from '../../src/memory/long-term.js';
import { loggingGit } from '../helpers/git-calls.js';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const end = async (repo: TestRepo, now: string, summary: object) => {
  const r = await repo.run(['end', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: now } });
  expect(r.code, r.stderr).toBe(0);
};
const dream = async (repo: TestRepo, now: string) => {
  const r = await repo.run(['dream', '--offline', '--force', '--json'], { env: { GIT_MEMORY_NOW: now } });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { report: { dropped: { text: string; reason: string }[] } };
};
const learned = async (repo: TestRepo) => ((await repo.run(['primer', '--no-write'])).stdout.split('## Learned\n')[1] ?? '').split('\n## ')[0]!;

describe('git memory forget', () => {
  it('by text: out of MEMORY.md, the primer (its session is in the window) and every later dream; the commit shows it', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
    await end(repo, '2026-11-20T10:00:00Z', { request: 'Deploys', learned: ['We deploy with Heroku pipelines', 'Sessions live in Redis'] });
    await dream(repo, '2026-11-20T11:00:00Z');
    expect(await learned(repo)).toContain('We deploy with Heroku pipelines');

    const r = await repo.run(['forget', 'Heroku pipelines', '--json'], { env: { GIT_MEMORY_NOW: '2026-11-20T12:00:00Z' } });
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.forgotten).toEqual([{ id: factId('We deploy with Heroku pipelines'), text: 'We deploy with Heroku pipelines', from: 'MEMORY.md' }]);
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    expect(memory).toMatch(/## Forgotten\n\n- We deploy with Heroku pipelines/);
    expect(memory.split('## Forgotten')[0]).not.toContain('Heroku');
    const shownInDiff = repo.git('show', 'HEAD', '--', '.openclaw_memory/MEMORY.md');
    expect(shownInDiff).toContain('Forgotten: We deploy with Heroku pipelines');
    expect(shownInDiff).toMatch(/\n\+## Forgotten\n/);
    const shown = await learned(repo);
    expect(shown).not.toContain('Heroku');
    expect(shown).toContain('Sessions live in Redis');

    // A later session says it again: the dream leaves it out, the primer too.
    await end(repo, '2026-11-21T10:00:00Z', { request: 'Again', learned: ['We deploy with Heroku pipelines'] });
    const d = await dream(repo, '2026-11-21T11:00:00Z');
    expect(d.report.dropped.map((x) => x.reason)).toContain('forgotten (MEMORY.md lists it under Forgotten)');
    expect(repo.read('.openclaw_memory/MEMORY.md').split('## Forgotten')[0]).not.toContain('Heroku');
    expect(await learned(repo)).not.toContain('Heroku');
  });

  it('by id, a fact of a session not dreamt yet; an unknown id is an error and writes nothing', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
    await end(repo, '2026-11-20T10:00:00Z', { request: 'x', learned: ['The cache is per process'] });
    const bad = await repo.run(['forget', 'abcdef']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/no fact has the id abcdef/);
    const r = await repo.run(['forget', factId('The cache is per process')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^forgotten \[[0-9a-f]{6}\]: The cache is per process \(from the journal\)/);
    expect(await learned(repo)).not.toContain('The cache is per process');
  });

  it('a fact of the journal alone is listed under Forgotten with the sessions that said it, as a fact of MEMORY.md is', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
    await end(repo, '2026-11-20T10:00:00Z', { request: 'x', learned: ['The cache is per process'] });
    await end(repo, '2026-11-20T11:00:00Z', { request: 'y', learned: ['The cache is per process'] });
    await end(repo, '2026-11-20T12:00:00Z', { request: 'z', learned: ['Sessions live in Redis'] });
    const ids = (await repo.run(['sessions', '--json'])).stdout;
    const sessions = (JSON.parse(ids) as { sessions: { id: string; request?: string }[] }).sessions;
    const said = sessions.filter((s) => s.request === 'x' || s.request === 'y').map((s) => s.id).sort();
    expect(said).toHaveLength(2);
    const r = await repo.run(['forget', 'The cache is per process'], { env: { GIT_MEMORY_NOW: '2026-11-20T13:00:00Z' } });
    expect(r.code, r.stderr).toBe(0);
    const line = repo.read('.openclaw_memory/MEMORY.md').split('## Forgotten')[1]!.split('\n').find((l) => l.includes('The cache is per process'))!;
    expect(line).toMatch(/sessions: ([^;]+);/);
    expect(/sessions: ([^;]+);/.exec(line)![1]!.split(',').map((id) => id.trim()).sort()).toEqual(said);
  });

  it('a line deleted from MEMORY.md by hand sticks: the next dream lists it under Forgotten and does not bring it back', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
    await end(repo, '2026-11-20T10:00:00Z', { request: 'x', learned: ['Invoices are rounded half up'] });
    await dream(repo, '2026-11-20T11:00:00Z');
    repo.write('.openclaw_memory/MEMORY.md', repo.read('.openclaw_memory/MEMORY.md').replace(/- Invoices are rounded half up.*\n/, ''));
    repo.git('commit', '-qam', 'Remove a wrong fact');
    await end(repo, '2026-11-21T10:00:00Z', { request: 'y', learned: ['Invoices are rounded half up'] });
    await dream(repo, '2026-11-21T11:00:00Z');
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    expect(memory).toMatch(/## Forgotten\n\n- Invoices are rounded half up/);
    expect(memory.split('## Forgotten')[0]).not.toContain('Invoices');
  });
});

describe('a line deleted from MEMORY.md by hand', () => {
  it('is out of the primer at once, though its session is in the window; a session not dreamt yet still shows what it learned', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
    await end(repo, '2026-11-20T10:00:00Z', { request: 'x', learned: ['Invoices are rounded half up', 'Sessions live in Redis'], decisions: ['We deploy with Heroku pipelines'] });
    await dream(repo, '2026-11-20T11:00:00Z');
    await end(repo, '2026-11-20T12:00:00Z', { request: 'y', learned: ['The cache is per process'] });
    const before = await learned(repo);
    expect(before).toContain('Invoices are rounded half up');
    expect(before).toContain('We deploy with Heroku pipelines');
    const file = '.openclaw_memory/MEMORY.md';
    repo.write(file, repo.read(file).replace(/- Invoices are rounded half up.*\n/, '').replace(/- We deploy with Heroku pipelines.*\n/, ''));
    // As the file is now, before any commit or dream.
    let shown = await learned(repo);
    expect(shown).not.toContain('Invoices');
    expect(shown).not.toContain('Heroku');
    expect(shown).toContain('Sessions live in Redis');
    expect(shown).toContain('The cache is per process');
    // And once the deletion is committed.
    repo.git('commit', '-qam', 'Remove two wrong facts');
    shown = await learned(repo);
    expect(shown).not.toContain('Invoices');
    expect(shown).not.toContain('Heroku');
    expect(shown).toContain('The cache is per process');
    // Which sessions the dream took in is asked of git once: a later session start asks nothing.
    const g = loggingGit();
    const saved = process.env.PATH;
    process.env.PATH = `${g.path}:${saved}`; // the in-process run's git processes take this process's PATH
    // The one question judgedWindow asks (src/git/in-trees.ts); other reads may run `cat-file --batch` when files are freshly written.
    const catFiles = () => g.calls().filter((c) => c.includes('cat-file') && c.includes('--batch-check=%(objecttype)')).length;
    try {
      // Nothing kept of it: neither the answer nor the primer's reading made with it (kept-reading.ts).
      for (const f of ['dreamt-files.json', 'primer-read.json']) rmSync(join(repo.dir, '.git', 'git-memory', f), { force: true });
      expect(await learned(repo)).not.toContain('Invoices');
      expect(catFiles()).toBe(1);
      g.clear();
      expect(await learned(repo)).not.toContain('Invoices');
      expect(catFiles()).toBe(0);
    } finally {
      process.env.PATH = saved;
    }
  });
});

describe('a line deleted from MEMORY.md by hand, said again by a later session', () => {
  it('stays out of the primer and search before the next dream, as the dream will list it under Forgotten', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
    await end(repo, '2026-11-20T10:00:00Z', { request: 'x', learned: ['Invoices are rounded half up', 'Sessions live in Redis'] });
    await dream(repo, '2026-11-20T11:00:00Z');
    const file = '.openclaw_memory/MEMORY.md';
    repo.write(file, repo.read(file).replace(/- Invoices are rounded half up.*\n/, ''));
    repo.git('commit', '-qam', 'Remove a wrong fact');
    await end(repo, '2026-11-20T12:00:00Z', { request: 'y', learned: ['Invoices are rounded half up', 'The cache is per process'] });
    const shown = await learned(repo);
    expect(shown).not.toContain('Invoices');
    expect(shown).toContain('The cache is per process');
    expect(shown).toContain('Sessions live in Redis');
    const found = JSON.parse((await repo.run(['search', 'rounded half', '--json'])).stdout) as { total: number };
    expect(found.total).toBe(0);
    const d = await dream(repo, '2026-11-21T11:00:00Z');
    expect(d.report.dropped.map((x) => x.text)).toContain('Invoices are rounded half up');
    expect(await learned(repo)).not.toContain('Invoices');
  });
});

describe('primer --explain', () => {
  it('shows the id of each learned fact it shows, which forget takes', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
    await end(repo, '2026-11-20T10:00:00Z', { request: 'x', learned: ['Sessions live in Redis'] });
    const r = await repo.run(['primer', '--no-write', '--explain']);
    expect(r.stderr).toContain(`  ${factId('Sessions live in Redis')} Sessions live in Redis`);
    expect((await repo.run(['forget', factId('Sessions live in Redis')])).code).toBe(0);
    expect((await repo.run(['primer', '--no-write'])).stdout).not.toContain('Sessions live in Redis');
  });
});
