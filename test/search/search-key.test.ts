// The search's freshness check (search/key.ts) is the journal's own listing, one lstat per file: no
// git process at a warm search (its `ls-tree` and `git status` of the journal were about as much CPU
// as the rest of a warm search at 10,000 sessions; issue 28 item 5), and no listing of git's.
import { chmodSync, closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';

/** A PATH whose `git` logs each call's arguments and the bytes it printed, then is the real git. */
function loggingGit(env: NodeJS.ProcessEnv): { path: string; calls: () => { args: string; bytes: number }[] } {
  const bin = tempDir('gm-gitlog-');
  const log = join(bin, 'calls.log');
  writeFileSync(log, '');
  const real = env.PATH!.split(':').map((d) => join(d, 'git')).find((p) => {
    try {
      return readFileSync(p).length > 0;
    } catch {
      return false;
    }
  })!;
  const out = join(bin, 'out');
  writeFileSync(join(bin, 'git'), `#!/bin/sh\n'${real}' "$@" > '${out}.'$$\ncode=$?\ncat '${out}.'$$\necho "$(wc -c < '${out}.'$$) $*" >> '${log}'\nrm -f '${out}.'$$\nexit $code\n`);
  chmodSync(join(bin, 'git'), 0o755);
  return {
    path: `${bin}:${env.PATH}`,
    calls: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => {
          const [bytes, ...args] = l.trim().split(' ');
          return { args: args.join(' '), bytes: Number(bytes) };
        }),
  };
}

async function session(repo: TestRepo, at: string, summary: object): Promise<string> {
  const r = await repo.run(['end', '--json', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: at } });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout).session.path as string;
}

// Twelve sessions over six days, each committed by `end`.
const journal = fixture(async () => {
  const repo = makeRepo({ until: 'file' });
  for (let d = 1; d <= 6; d++) {
    for (const h of [9, 15]) await session(repo, `2026-03-${String(d).padStart(2, '0')}T${String(h).padStart(2, "0")}:00:00`, { request: `Task ${d}-${h} on the invoice run`, learned: [`Fact number ${d * 100 + h}`] });
  }
  expect(repo.git('status', '--porcelain', '--', '.openclaw_memory/journal')).toBe('');
  return repo;
});

describe('the search cache key', () => {
  it('a warm search starts no git process', async () => {
    const repo = await journal();
    const git = loggingGit(repo.env);
    const env = { PATH: git.path };
    const run = (q: string) => JSON.parse(repo.exec(['search', '--json', q], { env }).stdout) as { cache: string; total: number };
    expect(run('invoice')).toMatchObject({ cache: 'rebuilt', total: 12 });
    const before = git.calls().length;
    expect(run('invoice')).toMatchObject({ cache: 'fresh', total: 12 });
    expect(git.calls().slice(before)).toEqual([]);
  });

  it('sees a commit, a staged edit, an unstaged edit, a new untracked file and a deletion', async () => {
    const repo = await journal();
    const run = (q: string) => JSON.parse(repo.exec(['search', '--json', q]).stdout) as { cache: string; total: number; results: { path: string }[] };
    expect(run('payout')).toMatchObject({ cache: 'rebuilt', total: 0 });
    const path = repo.git('ls-files', '.openclaw_memory/journal/2026-03-05').split('\n')[0]!;
    const text = repo.read(path);

    // Staged, same size: git's index knows it, the work tree file is as staged.
    repo.write(path, text.replace('invoice run', 'payout xxxx'));
    repo.git('add', path);
    expect(run('payout')).toMatchObject({ cache: 'updated', total: 1 });
    // Committed: no journal file changed, so the index as updated is current.
    repo.git('commit', '-q', '-m', 'edit');
    expect(run('payout')).toMatchObject({ cache: 'fresh', total: 1 });
    // Changed again in the work tree only.
    repo.write(path, text.replace('invoice run', 'refund zzzz'));
    expect(run('payout')).toMatchObject({ cache: 'updated', total: 0 });
    expect(run('refund')).toMatchObject({ cache: 'fresh', total: 1 });
    // A new untracked file, then the tracked one deleted.
    const added = path.replace(/[0-9a-f]{6}\.md$/, 'abc123.md').replace('2026-03-05', '2026-03-21');
    repo.write(added, text.replaceAll('2026-03-05', '2026-03-21').replace('invoice run', 'refund run'));
    expect(run('refund')).toMatchObject({ cache: 'updated', total: 2 });
    repo.git('rm', '-q', '-f', path);
    expect(run('refund').results.map((r) => r.path)).toEqual([added]);
    // Rewritten in place (the same inode), the same size, the directory untouched: its mtime says so.
    const inPlace = openSync(join(repo.dir, added), 'r+');
    writeSync(inPlace, 'ledger', Buffer.byteLength(repo.read(added).slice(0, repo.read(added).indexOf('refund'))));
    closeSync(inPlace);
    expect(run('refund')).toMatchObject({ cache: 'updated', total: 0 });
    expect(run('ledger')).toMatchObject({ cache: 'fresh', total: 1 });
  });
});

describe('an update of the search index', () => {
  it('lays the changed files over the stored index without rewriting it, and ranks as a build from scratch', async () => {
    const repo = await journal();
    const run = (q: string) => JSON.parse(repo.exec(['search', '--json', '--limit', '50', q]).stdout) as { cache: string; total: number; sessions: number; results: { path: string; score: number }[] };
    expect(run('invoice')).toMatchObject({ cache: 'rebuilt', sessions: 12 });
    const postings = join(repo.dir, '.git', 'git-memory', 'search-index.postings');
    const before = statSync(postings);

    // One session added, one changed, one deleted.
    const [changed, deleted] = repo.git('ls-files', '.openclaw_memory/journal/2026-03-02', '.openclaw_memory/journal/2026-03-03').split('\n');
    repo.write(changed!, repo.read(changed!).replace('invoice run', 'invoice export and the invoice run'));
    rmSync(join(repo.dir, deleted!));
    await session(repo, '2026-03-07T10:00:00', { request: 'Invoice totals per customer', learned: ['The invoice run skips archived customers'] });
    const updated = run('invoice run');
    expect(updated).toMatchObject({ cache: 'updated', sessions: 12 });
    expect(run('invoice run')).toMatchObject({ cache: 'fresh', sessions: 12 });
    // The stored postings were not written again: the change is a delta beside them.
    const after = statSync(postings);
    expect([after.ino, after.mtimeMs, after.size]).toEqual([before.ino, before.mtimeMs, before.size]);
    expect(existsSync(join(repo.dir, '.git', 'git-memory', 'search-index.delta.json'))).toBe(true);

    // The same ranking, scores included, as an index built from nothing.
    for (const f of readdirSync(join(repo.dir, '.git', 'git-memory'))) if (f.startsWith('search-index')) rmSync(join(repo.dir, '.git', 'git-memory', f));
    const scratch = run('invoice run');
    expect(scratch.cache).toBe('rebuilt');
    const ranked = (r: typeof scratch) => r.results.map((h) => `${h.path} ${h.score}`);
    expect(ranked(updated)).toEqual(ranked(scratch));
    expect(updated.total).toBe(scratch.total);
  });
});
