import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { commitFiles, span } from '../../src/git/commit-files.js';
import { loggingGit } from '../helpers/git-calls.js';
import { makeRepo, testEnv, type TestRepo } from '../helpers/repo.js';

const git = (repo: TestRepo, args: string[], input?: string) => execFileSync('git', args, { cwd: repo.dir, env: repo.env, input, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['pipe', 'pipe', 'pipe'] });

/** `count` commits on main, each changing one file (`f<i % 20>.txt`), streamed through one fast-import. */
function manyCommits(repo: TestRepo, count: number): string[] {
  const lines: string[] = [];
  const when = 1_764_000_000;
  for (let i = 1; i <= count; i++) {
    const msg = `change ${i}\n`;
    const body = `${i}\n`;
    lines.push(`commit refs/heads/main\nmark :${i}\ncommitter A <a@example.com> ${when + i} +0000\ndata ${msg.length}\n${msg}${i === 1 ? 'from refs/heads/main^0\n' : ''}M 100644 inline f${i % 20}.txt\ndata ${body.length}\n${body}\n`);
  }
  execFileSync('git', ['fast-import', '--quiet', '--force'], { cwd: repo.dir, env: testEnv(), input: lines.join(''), maxBuffer: 1 << 28 });
  return git(repo, ['rev-list', '--reverse', `-n${count}`, 'main']).trim().split('\n');
}

const ident = (at: number) => `Ann <ann@example.com> ${Math.floor(at / 1000)} +0000`;
const commitText = (tree: string, parent: string, at: number, message: string) => `tree ${tree}\nparent ${parent}\nauthor ${ident(at)}\ncommitter ${ident(at)}\n\n${message}\n`;
const sha1 = (type: string, text: string) => createHash('sha1').update(`${type} ${Buffer.byteLength(text)}\0${text}`).digest('hex');

/**
 * Two commits whose ids share their first 7 characters (a birthday search over commit texts that
 * differ in their message): one made at `atA`, one at `atB`, both on `parent`, each with its tree.
 * Written into the repository; returns their full ids.
 */
function collidingPair(repo: TestRepo, parent: string, treeA: string, treeB: string, atA: number, atB: number): [string, string] {
  const seen = new Map<string, number>();
  for (let i = 0; ; i++) {
    const a = commitText(treeA, parent, atA, `Work on a (${i})`);
    const pa = sha1('commit', a).slice(0, 7);
    seen.set(pa, i);
    const b = commitText(treeB, parent, atB, `Work on b (${i})`);
    const j = seen.get(sha1('commit', b).slice(0, 7));
    if (j === undefined) continue;
    const text = commitText(treeA, parent, atA, `Work on a (${j})`);
    const ids = [text, b].map((t) => git(repo, ['hash-object', '-t', 'commit', '-w', '--stdin'], t).trim()) as [string, string];
    expect(ids[0].slice(0, 7)).toBe(ids[1].slice(0, 7));
    return ids;
  }
}

/** A tree of the base commit's files plus `path` (one blob). */
function treeWith(repo: TestRepo, path: string, text: string): string {
  const blob = git(repo, ['hash-object', '-w', '--stdin'], text).trim();
  const listing = git(repo, ['ls-tree', 'HEAD']);
  return git(repo, ['mktree'], `${listing}100644 blob ${blob}\t${path}\n`).trim();
}

describe('commitFiles', () => {
  // The old loop compared every commit git printed with every wanted id: 3,000 commits each named
  // by ids of 33 lengths (99,000 ids) is 300M comparisons, about 20 s of CPU; a lookup per id takes
  // about one (6 s at a load average of 25 on two cores, hence the margin).
  let repo: TestRepo;
  let shas: string[];
  // Made before the timed test: on a busy machine fast-import alone takes seconds.
  beforeAll(() => {
    repo = makeRepo({ until: 'file' });
    shas = manyCommits(repo, 3000);
  }, 120_000);

  it('is linear in the ids: 3,000 commits, each named by ids of every length from 8 to 40 characters', { timeout: 15_000 }, async () => {
    const ids = shas.flatMap((s) => Array.from({ length: 33 }, (_, n) => s.slice(0, 8 + n)));
    const { found, unresolved } = await commitFiles(repo.dir, ids);
    expect(unresolved).toEqual([]);
    expect(found.size).toBe(99_000);
    expect(found.get(shas[41]!)).toEqual({ sha: shas[41], files: ['f2.txt'] });
    expect(found.get(shas[41]!.slice(0, 9))).toEqual({ sha: shas[41], files: ['f2.txt'] });
  });

  // At 10k sessions (75k abbreviated ids), git's own lookup of every abbreviated id was 3.6 s of CPU
  // on top of the walk the ambiguous ones need anyway: the walk now answers for all of them, and git
  // is asked only for the ids no commit of the walk starts with (one made long before its session).
  it('resolves abbreviated ids from the walk near their sessions, asking git only for those the walk does not find', async () => {
    const log = loggingGit();
    const at = (i: number) => (1_764_000_000 + i + 60) * 1000; // a minute after commit i
    const near = shas.slice(100, 140).map((s, i) => ({ sha: s.slice(0, 7), at: at(100 + i) }));
    vi.stubEnv('PATH', `${log.path}:${process.env.PATH}`);
    try {
      const got = await commitFiles(repo.dir, near);
      expect(got.unresolved).toEqual([]);
      expect(near.map((w) => got.found.get(w.sha)?.sha)).toEqual(shas.slice(100, 140));
      expect(log.calls().filter((c) => c[0] === 'cat-file')).toEqual([]);
      // Named by a session 60 days after it: outside the walk, found by git's lookup.
      log.clear();
      const far = await commitFiles(repo.dir, [{ sha: shas[7]!.slice(0, 7), at: at(7) + 60 * 86_400_000 }]);
      expect(far.found.get(shas[7]!.slice(0, 7))?.sha).toBe(shas[7]);
      expect(log.calls().filter((c) => c[0] === 'cat-file')).toHaveLength(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('finds the time span of as many ids as an XL journal names (368k) without running out of stack', () => {
    // A first dream at 50k sessions names 368k abbreviated ids; their times were spread into
    // Math.min, which throws "Maximum call stack size exceeded" between 120k and 150k (node 20):
    // the XL bench's dream failed so.
    const times = Array.from({ length: 368_000 }, (_, i) => 1_764_000_000_000 + ((i * 7919) % 368_000) * 1000);
    expect(span(times)).toEqual({ min: 1_764_000_000_000, max: 1_764_000_000_000 + 367_999_000 });
    expect(span([])).toBeNull();
    expect(() => Math.min(...times)).toThrow(RangeError);
  });

  it('resolves an abbreviated id several commits share by the session date and branch; reports one it cannot', async () => {
    const repo = makeRepo();
    const base = repo.git('rev-parse', 'HEAD').trim();
    const nov20 = Date.parse('2026-11-20T09:00:00Z');
    const nov10 = Date.parse('2026-11-10T09:00:00Z');
    const [a, b] = collidingPair(repo, base, treeWith(repo, 'a.ts', 'a\n'), treeWith(repo, 'b.ts', 'b\n'), nov20, nov10);
    repo.git('update-ref', 'refs/heads/main', a);
    repo.git('update-ref', 'refs/heads/old', b);
    const id = a.slice(0, 7);
    // git alone cannot say which: `git log --stdin --ignore-missing` skips the id and exits 0.
    expect(git(repo, ['log', '--no-walk', '--ignore-missing', '--format=%H', '--stdin'], `${id}\n`).trim()).toBe('');

    const session = Date.parse('2026-11-20T10:00:00Z');
    const onMain = await commitFiles(repo.dir, [{ sha: id, at: session, branch: 'main' }]);
    expect(onMain.found.get(id)).toEqual({ sha: a, files: ['a.ts'] });
    expect(onMain.unresolved).toEqual([]);
    // The branch is gone: the commit nearest before the session is the one.
    const byDate = await commitFiles(repo.dir, [{ sha: id, at: session, branch: 'deleted' }]);
    expect(byDate.found.get(id)?.sha).toBe(a);
    // Made on the other branch: its commit, though the other is newer.
    const onOld = await commitFiles(repo.dir, [{ sha: id, at: session, branch: 'old' }]);
    expect(onOld.found.get(id)).toEqual({ sha: b, files: ['b.ts'] });
    // Nothing tells them apart (no date, no branch): reported as ambiguous, not dropped silently.
    const bare = await commitFiles(repo.dir, [id]);
    expect(bare.found.size).toBe(0);
    expect(bare.unresolved).toEqual([{ sha: id, why: 'ambiguous' }]);
    // An id no commit has: reported as missing.
    const gone = await commitFiles(repo.dir, ['0000000', 'f'.repeat(40)]);
    expect(gone.unresolved.sort((x, y) => x.sha.localeCompare(y.sha))).toEqual([
      { sha: '0000000', why: 'missing' },
      { sha: 'f'.repeat(40), why: 'missing' },
    ]);
  });
});
