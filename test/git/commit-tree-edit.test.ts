// A memory commit's tree is made by editing HEAD's trees along the committed paths (git/tree-edit.ts)
// instead of a temporary index of all of HEAD. Whatever the shape of the change, the tree must be
// the one `git add` of the same paths on top of HEAD gives, and the user's index must hold the
// commit's entries for those paths and nothing else changed.
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { commitPaths } from '../../src/git/commit.js';
import { findRepo } from '../../src/git/repo.js';
import { dirsOf, editTree, objectId, parseTree, readHeadTrees, readHeadTreesLoose, serializeTree, TreeEditUnsupported, writeTreesLoose, type PathChange } from '../../src/git/tree-edit.js';
import { makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';
import { looseObjectsDir } from '../../src/git/loose.js';

/** The tree `git add -A` of `paths` on top of `parent` gives, through a throw-away index. */
function treeByAdd(repo: TestRepo, parent: string, paths: string[]): string {
  const index = join(tempDir('gm-index-'), 'index');
  const env = { ...repo.env, GIT_INDEX_FILE: index };
  const git = (args: string[], input?: string) => execFileSync('git', args, { cwd: repo.dir, env, input, encoding: 'utf8' });
  git(['read-tree', parent]);
  git(['add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], paths.join('\0'));
  return git(['write-tree']).trim();
}

const M = '.openclaw_memory';

/** A repository with code and a memory folder of a few days, committed. */
function history(): TestRepo {
  const repo = makeRepo();
  repo.commit('code and memory', {
    'src/app.ts': 'export {};\n',
    'src/journal.md': 'a file whose name sorts near the folder\n',
    [`${M}/TASKS.md`]: '# Tasks\n',
    [`${M}/journal/2026-11-20/0900-agent-aaaaaa.md`]: 'one\n',
    [`${M}/journal/2026-11-20/1000-agent-bbbbbb.md`]: 'two\n',
    [`${M}/journal/2026-11-21/0900-agent-cccccc.md`]: 'three\n',
    [`${M}/journal-notes.md`]: 'a name that sorts between journal and journal/\n',
    [`${M}/journal.txt`]: 'and another\n',
  });
  return repo;
}

async function commitAndCompare(repo: TestRepo, paths: string[]): Promise<string> {
  const parent = repo.git('rev-parse', 'HEAD').trim();
  const expected = treeByAdd(repo, parent, paths);
  const made = await commitPaths(findRepo(repo.dir, repo.env), paths, 'memory: test\n');
  expect(made).not.toBeNull();
  expect(repo.git('rev-parse', 'HEAD^{tree}').trim()).toBe(expected);
  expect(repo.git('rev-parse', 'HEAD^').trim()).toBe(parent);
  // The user's index holds the commit for these paths: nothing left to commit, nothing staged.
  expect(repo.git('status', '--porcelain', '--untracked-files=all', '--', ...paths)).toBe('');
  expect(repo.git('fsck', '--no-dangling', '--connectivity-only')).toBe('');
  return expected;
}

describe('a memory commit made by editing HEAD\'s tree', () => {
  it('gives the tree `git add` gives: a new day, a new session beside others, a changed file, names that sort near folders', async () => {
    const repo = history();
    repo.write(`${M}/journal/2026-11-22/1430-agent-dddddd.md`, 'new day\n');
    repo.write(`${M}/journal/2026-11-20/1100-agent-eeeeee.md`, 'beside others\n');
    repo.write(`${M}/TASKS.md`, '# Tasks\n- [ ] one\n');
    repo.write(`${M}/journal/x y/über ünïcode.md`, 'names with spaces and accents\n');
    await commitAndCompare(repo, [`${M}/journal/2026-11-22/1430-agent-dddddd.md`, `${M}/journal/2026-11-20/1100-agent-eeeeee.md`, `${M}/TASKS.md`, `${M}/journal/x y/über ünïcode.md`]);
  });

  it('deletes files, and a folder left empty disappears', async () => {
    const repo = history();
    unlinkSync(join(repo.dir, `${M}/journal/2026-11-21/0900-agent-cccccc.md`));
    unlinkSync(join(repo.dir, `${M}/journal-notes.md`));
    await commitAndCompare(repo, [`${M}/journal/2026-11-21/0900-agent-cccccc.md`, `${M}/journal-notes.md`]);
    expect(repo.git('ls-tree', '--name-only', 'HEAD', `${M}/journal/`)).not.toContain('2026-11-21');
  });

  it('keeps an executable bit, as git add does', async () => {
    const repo = history();
    repo.write(`${M}/run.sh`, '#!/bin/sh\n');
    chmodSync(join(repo.dir, `${M}/run.sh`), 0o755);
    await commitAndCompare(repo, [`${M}/run.sh`]);
    expect(repo.git('ls-tree', 'HEAD', `${M}/run.sh`)).toMatch(/^100755 /);
  });

  it('makes the first memory folder of a repository', async () => {
    const repo = makeRepo();
    repo.write(`${M}/journal/2026-11-22/1430-agent-dddddd.md`, 'first\n');
    repo.write('.openclaw_memory.toml', '[project]\nname = "x"\n');
    await commitAndCompare(repo, [`${M}/journal/2026-11-22/1430-agent-dddddd.md`, '.openclaw_memory.toml']);
  });

  it('falls back to a temporary index where a file replaces a folder, or a link is committed: same tree', async () => {
    const repo = history();
    rmSync(join(repo.dir, `${M}/journal/2026-11-21`), { recursive: true });
    repo.write(`${M}/journal/2026-11-21`, 'a file where a folder was\n');
    await commitAndCompare(repo, [`${M}/journal/2026-11-21`, `${M}/journal/2026-11-21/0900-agent-cccccc.md`]);

    symlinkSync('TASKS.md', join(repo.dir, `${M}/LINK.md`));
    await commitAndCompare(repo, [`${M}/LINK.md`]);
    expect(repo.git('ls-tree', 'HEAD', `${M}/LINK.md`)).toMatch(/^120000 /);
  });

  it('on an unborn branch, and where attributes change what git stores (a clean filter): same tree as git add', async () => {
    const unborn = makeRepo({ initialCommit: false });
    unborn.write(`${M}/TASKS.md`, '# Tasks\n');
    const made = await commitPaths(findRepo(unborn.dir, unborn.env), [`${M}/TASKS.md`], 'memory: first\n');
    expect(made?.parent).toBeNull();
    expect(unborn.git('ls-tree', '-r', '--name-only', 'HEAD')).toBe(`${M}/TASKS.md\n`);

    const filtered = history();
    filtered.git('config', 'filter.upper.clean', 'tr a-z A-Z');
    filtered.git('config', 'filter.upper.smudge', 'cat');
    filtered.write('.gitattributes', `${M}/*.md filter=upper\n`);
    filtered.commit('attributes', { '.gitattributes': `${M}/*.md filter=upper\n` });
    filtered.write(`${M}/TASKS.md`, '# tasks\n- [ ] lower case\n');
    await commitAndCompare(filtered, [`${M}/TASKS.md`]);
    expect(filtered.git('show', `HEAD:${M}/TASKS.md`)).toBe('# TASKS\n- [ ] LOWER CASE\n');
  });

  it('returns null when the files already match HEAD, and leaves what the user staged staged', async () => {
    const repo = history();
    expect(await commitPaths(findRepo(repo.dir, repo.env), [`${M}/TASKS.md`], 'memory: nothing\n')).toBeNull();
    repo.write('src/app.ts', 'export const staged = 1;\n');
    repo.git('add', 'src/app.ts');
    repo.write('src/app.ts', 'export const staged = 2; // not staged\n');
    repo.write(`${M}/TASKS.md`, '# Tasks\n- [ ] two\n');
    await commitAndCompare(repo, [`${M}/TASKS.md`]);
    expect(repo.git('diff', '--cached', '--name-only')).toBe('src/app.ts\n');
    expect(repo.git('show', ':src/app.ts')).toBe('export const staged = 1;\n');
    expect(repo.git('show', 'HEAD:src/app.ts')).toBe('export {};\n');
  });
});

describe('tree objects made here are git\'s', () => {
  it('with trees read beforehand: used when they hold every folder edited, read again when not or when HEAD moved since', async () => {
    const repo = history();
    const paths = [`${M}/journal/2026-11-22/1430-agent-dddddd.md`, `${M}/TASKS.md`];
    // Read for the folders end writes to, then a user's commit moves HEAD (and changes TASKS.md's folder).
    const early = readHeadTrees(repo.dir, dirsOf(paths));
    await early;
    const user = repo.commit('user work', { [`${M}/notes.md`]: 'by hand\n', 'src/app.ts': 'export const a = 1;\n' });
    repo.write(paths[0]!, 'new day\n');
    repo.write(`${M}/TASKS.md`, '# Tasks\n- [ ] one\n');
    const expected = treeByAdd(repo, user, paths);
    const made = await commitPaths(findRepo(repo.dir, repo.env), paths, 'memory: test\n', { head: early });
    expect(made?.parent).toBe(user);
    expect(repo.git('rev-parse', 'HEAD^{tree}').trim()).toBe(expected);
    expect(repo.git('show', `HEAD:${M}/notes.md`)).toBe('by hand\n');
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');

    // Trees that do not hold a folder edited here (another day): read again, same tree as git add.
    const other = readHeadTrees(repo.dir, dirsOf([`${M}/TASKS.md`]));
    repo.write(`${M}/journal/2026-11-21/1500-agent-ffffff.md`, 'another day\n');
    const parent = repo.git('rev-parse', 'HEAD').trim();
    const want = treeByAdd(repo, parent, [`${M}/journal/2026-11-21/1500-agent-ffffff.md`]);
    expect((await commitPaths(findRepo(repo.dir, repo.env), [`${M}/journal/2026-11-21/1500-agent-ffffff.md`], 'memory: test\n', { head: other }))?.parent).toBe(parent);
    expect(repo.git('rev-parse', 'HEAD^{tree}').trim()).toBe(want);
    expect(repo.git('fsck', '--no-dangling', '--connectivity-only')).toBe('');
  });

  it('reads HEAD\'s trees from loose objects as git reads them, and leaves packed ones to git', async () => {
    const repo = history();
    const r = findRepo(repo.dir, repo.env);
    const dirs = dirsOf([`${M}/journal/2026-11-20/x`, `${M}/journal/2026-11-22/x`, `${M}/TASKS.md`]);
    const loose = readHeadTreesLoose(r, dirs);
    expect(loose).not.toBeNull();
    expect(loose).toEqual(await readHeadTrees(repo.dir, dirs));
    expect(loose!.trees.get(`${M}/journal/2026-11-22`)).toBeNull(); // no such folder in HEAD
    // A file where a folder is asked for: as readHeadTrees, the edit cannot be made.
    expect(() => readHeadTreesLoose(r, dirsOf([`${M}/TASKS.md/x`]))).toThrow(TreeEditUnsupported);
    // Packed: git is asked.
    repo.git('gc', '-q');
    expect(readHeadTreesLoose(r, dirs)).toBeNull();
    // A damaged loose object (its content does not match its id) is not trusted.
    repo.commit('more memory', { [`${M}/TASKS.md`]: '# Tasks\n- [ ] two\n' });
    const head = repo.git('rev-parse', 'HEAD').trim();
    const file = join(repo.dir, '.git', 'objects', head.slice(0, 2), head.slice(2));
    chmodSync(file, 0o644);
    writeFileSync(file, deflateSync(Buffer.from(inflateSync(readFileSync(file)).toString('latin1').replace('more memory', 'more memorY'), 'latin1')));
    expect(readHeadTreesLoose(r, dirs)).toBeNull();
  });

  it('writes the new trees as loose objects git reads and fsck accepts; in a shared repository, through git', async () => {
    const repo = history();
    repo.write(`${M}/journal/2026-11-22/1430-agent-dddddd.md`, 'new day\n');
    await commitAndCompare(repo, [`${M}/journal/2026-11-22/1430-agent-dddddd.md`]);
    const trees = [repo.git('rev-parse', 'HEAD^{tree}').trim(), repo.git('rev-parse', `HEAD:${M}/journal/2026-11-22`).trim()];
    for (const sha of trees) {
      const file = join(repo.dir, '.git', 'objects', sha.slice(0, 2), sha.slice(2));
      expect(statSync(file).mode & 0o777).toBe(0o444 & ~process.umask());
      expect(inflateSync(readFileSync(file)).subarray(0, 5).toString()).toBe('tree ');
    }
    expect(repo.git('fsck', '--strict', '--no-dangling')).toBe('');
    // No temporary object left behind.
    expect(readdirSync(join(repo.dir, '.git', 'objects', trees[0]!.slice(0, 2))).filter((n) => n.startsWith('tmp_'))).toEqual([]);

    // A group-shared repository: git gives its objects the group's rights, so git writes them.
    const shared = history();
    shared.git('config', 'core.sharedRepository', 'group');
    chmodSync(join(shared.dir, '.git', 'objects'), 0o2775);
    expect(looseObjectsDir(findRepo(shared.dir, shared.env), new Map())).toBeNull();
    shared.write(`${M}/journal/2026-11-22/1430-agent-dddddd.md`, 'new day\n');
    await commitAndCompare(shared, [`${M}/journal/2026-11-22/1430-agent-dddddd.md`]);
  });

  it('writes a tree object git reads back, and leaves one already there as it is', () => {
    const repo = history();
    const entries = parseTree(execFileSync('git', ['cat-file', 'tree', 'HEAD:src'], { cwd: repo.dir, env: repo.env }));
    const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo.dir, env: repo.env, input: 'z\n', encoding: 'utf8' }).trim();
    const body = serializeTree([...entries, { mode: '100644', name: Buffer.from('zz.md'), sha: blob }]);
    const sha = objectId('tree', body);
    const r = findRepo(repo.dir, repo.env);
    const objects = looseObjectsDir(r, new Map());
    expect(objects).not.toBeNull();
    writeTreesLoose(objects!, [{ sha, entries: [], body }]);
    expect(repo.git('cat-file', '-t', sha).trim()).toBe('tree');
    expect(repo.git('ls-tree', '--name-only', sha).trim().split('\n')).toEqual(['app.ts', 'journal.md', 'zz.md']);
    const file = join(repo.dir, '.git', 'objects', sha.slice(0, 2), sha.slice(2));
    const before = statSync(file);
    writeTreesLoose(objects!, [{ sha, entries: [], body }]);
    expect(statSync(file).ino).toBe(before.ino);
    // A SHA-256 repository: its ids are not the ones computed here.
    expect(looseObjectsDir(r, new Map([['extensions.objectformat', 'sha256']]))).toBeNull();
  });

  it('hashes, orders and parses trees as git does', () => {
    const repo = history();
    for (const dir of ['', M, `${M}/journal`, 'src']) {
      const sha = repo.git('rev-parse', `HEAD:${dir}`).trim();
          const body = execFileSync('git', ['cat-file', 'tree', sha], { cwd: repo.dir, env: repo.env });
      const entries = parseTree(body);
      // Serialized from a shuffled copy: git's order comes back, and so does the id.
      expect(objectId('tree', serializeTree([...entries].reverse()))).toBe(sha);
    }
    expect(dirsOf(['a/b/c.md', 'a/d.md', 'e.md'])).toEqual(['', 'a', 'a/b']);
    expect(objectId('tree', serializeTree([]))).toBe(repo.git('hash-object', '-t', 'tree', '/dev/null').trim());
  });
});

describe('editing a tree along many paths', () => {
  // A fold's commit: ~10,000 paths in ~400 folders at L. Each folder once went through every change
  // (folders × changes): this took over 20 s here (it fails by the time limit), and takes a tenth of a second now.
  it('hands each folder only the changes under it: 15,000 paths in 3,000 folders', () => {
    const changes: PathChange[] = [];
    for (let d = 0; d < 3_000; d++) for (let f = 0; f < 5; f++) changes.push({ path: `${M}/journal/${String(d).padStart(5, '0')}/s${f}.md`, entry: { mode: '100644', sha: 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391' } });
    const head = { commit: '', tree: '', trees: new Map() };
    const { tree, write } = editTree(head, changes);
    // Every folder is a new tree (3,000 days, journal, the memory folder, the root), and the root names the memory folder.
    expect(write).toHaveLength(3_003);
    expect(write.at(-1)!.sha).toBe(tree);
    expect(write.at(-1)!.entries.map((e) => e.name.toString())).toEqual([M]);
    const day = write.find((t) => t.entries.length === 5)!;
    expect(day.entries.map((e) => e.name.toString())).toEqual(['s0.md', 's1.md', 's2.md', 's3.md', 's4.md']);
  }, 5_000);
});
