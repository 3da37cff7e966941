// A memory commit puts its paths' entries into the user's index (index-swap.ts). Entries written
// without their files' stat data make every `git status` read those files again until one rewrites
// the whole index: the user's next status or commit paid that write, and a status with optional
// locks off (editors, prompts, git-memory's own checks) read the files every time (after a fold at
// L: 304 day files, 11 MB, 141 instead of 56 ms for `git status -- journal`). The commit through a
// temporary index (`git reset -q <tree> -- <paths>`) writes them with stat data already.
import { lstatSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitPaths } from '../../src/git/commit.js';
import { findRepo } from '../../src/git/repo.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';

const M = '.openclaw_memory';

/** Each path's index entry as `git ls-files --debug` shows it: mtime (s:ns), inode and size. */
function entries(repo: TestRepo, paths: string[]): Map<string, { mtime: string; ino: number; size: number }> {
  const out = repo.git('ls-files', '--debug', '--', ...paths);
  const map = new Map<string, { mtime: string; ino: number; size: number }>();
  for (const rec of out.split(/\n(?=\S)/)) {
    const path = rec.split('\n')[0]!;
    const mtime = /mtime: (\d+:\d+)/.exec(rec)?.[1] ?? '';
    map.set(path, { mtime, ino: Number(/ino: (\d+)/.exec(rec)?.[1]), size: Number(/size: (\d+)/.exec(rec)?.[1]) });
  }
  return map;
}

/** What each file's entry holds when it carries the file's own stat data. */
function statOf(repo: TestRepo, path: string): { mtime: string; ino: number; size: number } {
  const st = lstatSync(join(repo.dir, path), { bigint: true });
  return { mtime: `${st.mtimeNs / 1_000_000_000n}:${st.mtimeNs % 1_000_000_000n}`, ino: Number(st.ino), size: Number(st.size) };
}

/** A repository with a memory folder committed, its index refreshed. */
function history(): TestRepo {
  const repo = makeRepo();
  repo.commit('code and memory', {
    'src/app.ts': 'export {};\n',
    [`${M}/TASKS.md`]: '# Tasks\n',
    [`${M}/journal/2026-11-20/0900-agent-aaaaaa.md`]: 'one\n',
  });
  return repo;
}

describe('the index entries a memory commit writes carry their files\' stat data', () => {
  it('by editing HEAD\'s tree: a new session and a changed file read as unchanged without git reading them', async () => {
    const repo = history();
    const paths = [`${M}/journal/2026-11-22/1430-agent-dddddd.md`, `${M}/TASKS.md`];
    repo.write(paths[0]!, 'a new session\n');
    repo.write(paths[1]!, '# Tasks\n- [ ] one\n');
    expect(await commitPaths(findRepo(repo.dir, repo.env), paths, 'memory: test\n')).not.toBeNull();
    const got = entries(repo, paths);
    for (const p of paths) expect(got.get(p), p).toEqual(statOf(repo, p));
    // A file changed after the commit read it is not marked unchanged: git still sees the change.
    repo.write(paths[1]!, '# Tasks\n- [ ] one\n- [ ] two, by hand\n');
    expect(repo.git('status', '--porcelain', '--', paths[1]!)).toBe(` M ${paths[1]}\n`);
  });

  it('many paths at once (a fold\'s day files) and deletions beside them', async () => {
    const repo = history();
    const paths = Array.from({ length: 80 }, (_, i) => `${M}/journal/2026-10-${String((i % 28) + 1).padStart(2, '0')}-${i}.md`);
    for (const p of paths) repo.write(p, `day ${p}\n`);
    const gone = `${M}/journal/2026-11-20/0900-agent-aaaaaa.md`;
    unlinkSync(join(repo.dir, gone));
    expect(await commitPaths(findRepo(repo.dir, repo.env), [...paths, gone], 'memory: test\n')).not.toBeNull();
    expect(repo.git('ls-files', '--', gone)).toBe('');
    const got = entries(repo, paths);
    for (const p of paths) expect(got.get(p), p).toEqual(statOf(repo, p));
  });

  it('a file written in the second the index is (here stamped ahead of the clock) leaves no racily clean entry: the user\'s next git status writes no index', async () => {
    const repo = history();
    // The files committed a moment ago: their times put back, their entries refreshed (not racy).
    const past = new Date(Date.now() - 10_000);
    for (const p of repo.git('ls-files').split('\n').filter(Boolean)) utimesSync(join(repo.dir, p), past, past);
    repo.git('update-index', '-q', '--really-refresh');
    const path = `${M}/journal/2026-11-22/1430-agent-eeeeee.md`;
    repo.write(path, 'a new session\n');
    // git keeps file times to the second: a file written in the second its index entry is (or later)
    // is racily clean, and the next status hashes it again and writes the whole index.
    const ahead = new Date(Date.now() + 5000);
    utimesSync(join(repo.dir, path), ahead, ahead);
    expect(await commitPaths(findRepo(repo.dir, repo.env), [path], 'memory: test\n')).not.toBeNull();
    const index = join(repo.dir, '.git', 'index');
    const before = statSync(index);
    expect(repo.git('status', '--porcelain')).toBe('');
    const after = statSync(index);
    expect({ ino: after.ino, mtimeMs: after.mtimeMs }).toEqual({ ino: before.ino, mtimeMs: before.mtimeMs });
    expect(entries(repo, [path]).get(path)).toEqual(statOf(repo, path));
    // A change after the commit is still seen.
    repo.write(path, 'changed by hand\n');
    expect(repo.git('status', '--porcelain', '--', path)).toBe(` M ${path}\n`);
  });
});
