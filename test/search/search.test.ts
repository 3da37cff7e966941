import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, fixture, makeRepo, type TestRepo } from '../helpers/repo.js';

async function session(repo: TestRepo, at: string, summary: object): Promise<string> {
  const r = await repo.run(['end', '--json', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: at } });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout).session.path as string;
}

async function search(repo: TestRepo, args: string[]) {
  const r = await repo.run(['search', '--json', ...args]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as { results: { path: string; date: string; time: string; author?: string; branch?: string; section: string; snippet: string; score: number }[]; total: number; sessions: number; cache: string };
}

// Three sessions by two authors on two branches: built once for the file, copied for each test.
const journal = fixture(async () => {
  const repo = makeRepo({ until: 'file' });
  await session(repo, '2026-01-05T09:00:00', { request: 'Add login', learned: ['Refresh tokens rotate on every use'], completed: ['Login endpoint'] });
  repo.git('config', 'user.name', 'Wei Chen');
  repo.git('config', 'user.email', 'wei@example.com');
  await session(repo, '2026-01-12T14:30:00', { request: 'Speed up the invoice run', learned: ['The invoice run holds a 30 minute lock'], next_steps: ['Load-test with 50k customers'] });
  repo.git('config', 'user.name', 'Jane Doe');
  repo.git('config', 'user.email', 'jane@example.com');
  repo.git('checkout', '-q', '-b', 'feature/webhooks');
  await session(repo, '2026-02-01T11:00:00', { request: 'Retry failed webhooks', decisions: ['Webhook retries use exponential backoff'], notes: ['Refresh the signing secret in staging'] });
  return repo;
});

describe('git memory search', () => {
  it('ranks by BM25 over the sections, with snippet, date and path', async () => {
    const repo = await journal();
    const r = await search(repo, ['webhook', 'retries']);
    expect(r.sessions).toBe(3);
    expect(r.results).toHaveLength(1);
    expect(r.results[0]).toMatchObject({ date: '2026-02-01', time: '11:00', branch: 'feature/webhooks', section: 'decisions', snippet: 'Webhook retries use exponential backoff' });
    expect(existsSync(join(repo.dir, r.results[0]!.path))).toBe(true);

    // "refresh" is learned in one session and a note in another: both match, best first.
    const refresh = await search(repo, ['refresh']);
    expect(refresh.total).toBe(2);
    expect(refresh.results[0]!.score).toBeGreaterThanOrEqual(refresh.results[1]!.score);

    const text = await repo.run(['search', 'invoice']);
    expect(text.stdout).toMatch(/^2026-01-12 14:30 {2}\.openclaw_memory\/journal\/2026-01-12\/1430-agent-[0-9a-f]{6}\.md {2}\(agent, Wei Chen, main\)\n {4}request: Speed up the invoice run\n/);
    expect(text.stdout).toMatch(/1 of 1 matching session; 3 searched/);
  });

  it('filters by date, author and branch', async () => {
    const repo = await journal();
    expect((await search(repo, ['refresh', '--since', '2026-01-10'])).results.map((h) => h.date)).toEqual(['2026-02-01']);
    expect((await search(repo, ['refresh', '--until', '2026-01-31'])).results.map((h) => h.date)).toEqual(['2026-01-05']);
    expect((await search(repo, ['invoice', '--author', 'jane'])).results).toEqual([]);
    expect((await search(repo, ['invoice', '--author', 'WEI@'])).results).toHaveLength(1);
    expect((await search(repo, ['refresh', '--branch', 'main'])).results.map((h) => h.date)).toEqual(['2026-01-05']);
    expect((await search(repo, ['refresh', '--limit', '1'])).results).toHaveLength(1);
  });

  it('puts the newest first when scores tie; words of 4+ letters also match longer words', async () => {
    const repo = makeRepo();
    for (const at of ['2026-03-01T10:00:00', '2026-03-03T10:00:00', '2026-03-02T10:00:00']) await session(repo, at, { request: 'Tune the cache', learned: ['Cache entries expire after ten minutes'] });
    const r = await search(repo, ['cache']);
    expect(r.results.map((h) => h.date)).toEqual(['2026-03-03', '2026-03-02', '2026-03-01']);
    expect((await search(repo, ['minu'])).total).toBe(3); // minutes
    expect((await search(repo, ['nothing-like-this'])).results).toEqual([]);
  });

  it('keeps its index under the git directory and follows added, changed and removed journal files', async () => {
    const repo = await journal();
    expect((await search(repo, ['invoice'])).cache).toBe('rebuilt');
    // The kept listing (search-index.listed) is written only where every journal folder is older than the racy window
    // (search/key.ts keepListed): on a loaded machine the first search comes that late, on a quick one it does not.
    expect(readdirSync(join(repo.dir, '.git', 'git-memory')).filter((f) => f.startsWith('search-index') && f !== 'search-index.listed').sort()).toEqual([
      'search-index.files.json',
      'search-index.json',
      'search-index.postings',
    ]);
    expect((await search(repo, ['invoice'])).cache).toBe('fresh');

    const added = await session(repo, '2026-02-02T08:00:00', { request: 'Document the invoice export' });
    const afterAdd = await search(repo, ['invoice']);
    expect(afterAdd).toMatchObject({ cache: 'updated', total: 2, sessions: 4 });

    // An edit in place, without git knowing (not staged).
    const text = repo.read(added).replace('Document the invoice export', 'Document the payout export');
    writeFileSync(join(repo.dir, added), text);
    utimesSync(join(repo.dir, added), new Date(), new Date(Date.now() + 5000));
    expect((await search(repo, ['invoice'])).total).toBe(1);
    expect((await search(repo, ['payout'])).results.map((h) => h.path)).toEqual([added]);

    rmSync(join(repo.dir, added));
    expect((await search(repo, ['payout'])).results).toEqual([]);

    writeFileSync(join(repo.dir, '.git', 'git-memory', 'search-index.postings'), 'garbage');
    const rebuilt = await search(repo, ['invoice']);
    expect(rebuilt.total).toBe(1);
  });

  it('the built binary (its cache key started before the rest loads) sees an unstaged edit and a new untracked file', async () => {
    const repo = await journal();
    expect(JSON.parse(repo.exec(['search', '--json', 'invoice']).stdout)).toMatchObject({ cache: 'rebuilt', total: 1 });
    expect(JSON.parse(repo.exec(['search', '--json', 'invoice']).stdout)).toMatchObject({ cache: 'fresh', total: 1 });
    const path = repo.git('ls-files', '.openclaw_memory/journal/2026-01-12').trim();
    writeFileSync(join(repo.dir, path), repo.read(path).replace('Speed up the invoice run', 'Speed up the payout run'));
    utimesSync(join(repo.dir, path), new Date(), new Date(Date.now() + 5000));
    expect(JSON.parse(repo.exec(['search', '--json', 'payout']).stdout)).toMatchObject({ cache: 'updated', total: 1 });
    const added = await session(repo, '2026-02-03T08:00:00', { request: 'Payout retries' });
    const r = JSON.parse(repo.exec(['search', '--json', 'payout']).stdout);
    expect(r).toMatchObject({ cache: 'updated', total: 2 });
    expect(r.results.map((h: { path: string }) => h.path)).toContain(added);
  });

  it('the built binary, run from a subdirectory, runs the query on the cache before its key is checked and never shows a stale answer', async () => {
    const repo = await journal();
    const sub = join(repo.dir, 'src', 'deep');
    mkdirSync(sub, { recursive: true });
    const inSub = (q: string) => {
      const r = spawnSync(process.execPath, [BIN, 'search', '--json', q], { cwd: sub, env: repo.env, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as { cache: string; total: number; results: { path: string; snippet: string }[] };
    };
    expect(inSub('invoice')).toMatchObject({ cache: 'rebuilt', total: 1 });
    // The key listed from a subdirectory (started by the entry point) is the one listed from the top.
    expect((await search(repo, ['invoice'])).cache).toBe('fresh');
    expect(inSub('invoice')).toMatchObject({ cache: 'fresh', total: 1 });

    // A new untracked session the cached index does not hold: the speculative answer is dropped.
    const tracked = repo.git('ls-files', '.openclaw_memory/journal/2026-01-12').trim();
    const copy = tracked.replace('2026-01-12', '2026-01-13').replace(/[0-9a-f]{6}\.md$/, 'abc123.md');
    repo.write(copy, repo.read(tracked).replaceAll('2026-01-12', '2026-01-13').replace('Speed up the invoice run', 'Invoice payout export'));
    const added = inSub('invoice');
    expect(added).toMatchObject({ cache: 'updated', total: 2 });
    expect(added.results.map((h) => h.path)).toContain(copy);

    // A tracked file deleted from the work tree: its session goes, although the cache still has it.
    rmSync(join(repo.dir, tracked));
    expect(inSub('invoice').results.map((h) => h.path)).toEqual([copy]);
  });

  it('reads original per-day journal files, Chinese headings and text included', async () => {
    const repo = makeRepo();
    repo.write(
      '.openclaw_memory/journal/2025-12-20.md',
      '---\ndate: 2025-12-20\nsessions: 1\n---\n\n## Session 10:15\n\n### 请求\n优化数据库查询\n\n### 学到了什么\n- 订单表需要复合索引\n\n### 完成了什么\n- 添加索引\n',
    );
    const r = await search(repo, ['数据库']);
    expect(r.results).toHaveLength(1);
    expect(r.results[0]).toMatchObject({ path: '.openclaw_memory/journal/2025-12-20.md', date: '2025-12-20', time: '10:15', section: 'request' });
  });

  it('refuses bad input with exit 2', async () => {
    const repo = makeRepo();
    for (const args of [['search', '   '], ['search', 'x', '--since', 'yesterday'], ['search', 'x', '--limit', '0']]) {
      const r = await repo.run(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/error:/);
    }
  });

  it('the built binary (lean path, no argument parser) prints what the full command line prints', async () => {
    const repo = await journal();
    const lean = repo.exec(['search', 'webhook', 'retries', '--since', '2026-01-01']);
    const full = await repo.run(['search', 'webhook', 'retries', '--since', '2026-01-01']);
    expect(lean.code).toBe(0);
    expect(lean.stdout).toBe(full.stdout);
    const json = repo.exec(['search', '--json', 'refresh']);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, total: 2 });
    expect(repo.exec(['search', '--help']).stdout).toMatch(/--since/);
  });
});
