// The test helpers that make repositories cheap must not change what a test sees: a copied
// repository is a repository of its own, and the temporary folder is one the suite can rely on.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statfsSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { remove } from './helpers/cleanup.js';
import { copyTree } from './helpers/copy-tree.js';
import { mallocTunables, TOP_PAD } from './helpers/malloc-pad.js';
import { ramTempDir } from './helpers/ram-tmp.js';
import { copyRepo, makeRepo, ROOT, tempDir, type TestRepo } from './helpers/repo.js';
import { settled, settledOrAfter } from './helpers/settled.js';

/** Every file under `dir` (not following links), relative, sorted. */
function files(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), base) : [relative(base, join(dir, e.name))]))
    .sort();
}

/** A repository with loose objects, a pack, a second branch, an executable hook and a symbolic link (untracked). */
function history(): TestRepo {
  const repo = makeRepo();
  repo.commit('one', { 'a.txt': 'a\n', 'src/b.txt': 'b\n' });
  repo.git('checkout', '-q', '-b', 'side');
  repo.commit('two', { 'src/c.txt': 'c\n' });
  repo.git('checkout', '-q', 'main');
  repo.git('repack', '-q', '-d');
  repo.commit('three', { 'a.txt': 'a2\n' });
  writeFileSync(join(repo.dir, '.git', 'hooks', 'post-commit'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  symlinkSync('src/b.txt', join(repo.dir, 'link-to-b'));
  return repo;
}

const objectFiles = (dir: string) => files(join(dir, '.git', 'objects')).filter((p) => /^[0-9a-f]{2}\/|^pack\/pack-.*\.(pack|idx|rev)$/.test(p));

describe('copyTree (a copied test repository)', () => {
  it('links git object files, copies every other file with its mode, and makes symbolic links as cpSync does', () => {
    const repo = history();
    const copy = tempDir('gm-copy-');
    copyTree(repo.dir, copy);
    const like = tempDir('gm-cp-');
    cpSync(repo.dir, like, { recursive: true });
    expect(files(copy)).toEqual(files(like));
    const objects = objectFiles(repo.dir);
    expect(objects.some((p) => p.startsWith('pack/'))).toBe(true);
    expect(objects.some((p) => !p.startsWith('pack/'))).toBe(true);
    for (const p of files(repo.dir)) {
      const a = lstatSync(join(repo.dir, p));
      const b = lstatSync(join(copy, p));
      expect(b.mode, p).toBe(lstatSync(join(like, p)).mode);
      // Object files are the same inode; everything else (index, refs, config, work files) its own.
      expect(b.ino === a.ino, p).toBe(objects.includes(relative('.git/objects', p)) && p.startsWith('.git/objects/'));
      if (b.isSymbolicLink()) expect(readlinkSync(join(copy, p))).toBe(readlinkSync(join(like, p)));
    }
  });

  it('gives a copy that git sees as the original, and that changes, repacks and prunes without touching the original', () => {
    const repo = history();
    const copy = copyRepo(repo);
    const state = (r: TestRepo) => [r.git('for-each-ref'), r.git('status', '--porcelain'), r.git('log', '--all', '--format=%H %T %s')];
    const original = state(repo);
    expect(state(copy)).toEqual(original);
    expect(copy.git('fsck', '--strict', '--no-dangling')).toBe('');
    const objectsBefore = objectFiles(repo.dir);
    // copyRepo links the object files (copyTree): no copy of them.
    for (const p of objectsBefore) expect(statSync(join(copy.dir, '.git', 'objects', p)).ino, p).toBe(statSync(join(repo.dir, '.git', 'objects', p)).ino);

    copy.commit('in the copy', { 'a.txt': 'changed\n' });
    copy.git('branch', '-D', 'side');
    copy.git('reflog', 'expire', '--expire=now', '--all');
    copy.git('gc', '-q', '--prune=now');
    expect(objectFiles(copy.dir).filter((p) => !p.startsWith('pack/'))).toEqual([]);

    expect(state(repo)).toEqual(original);
    expect(objectFiles(repo.dir)).toEqual(objectsBefore);
    expect(repo.git('fsck', '--strict', '--no-dangling')).toBe('');
  });

  it('keeps a folder mode the umask would not give (a group-shared objects folder)', () => {
    const from = tempDir('gm-from-');
    mkdirSync(join(from, 'shared'));
    execFileSync('chmod', ['2775', join(from, 'shared')]);
    writeFileSync(join(from, 'shared', 'f'), 'x');
    const to = tempDir('gm-to-');
    copyTree(from, to);
    expect(statSync(join(to, 'shared')).mode & 0o7777).toBe(0o2775);
  });
});

describe('the tests\' temporary folder', () => {
  it('is left to the caller where TMPDIR is set, and is not a folder on a disk file system', () => {
    expect(ramTempDir({ TMPDIR: '/somewhere' })).toBeUndefined();
    // The repository's own folder is not a tmpfs here (CI checks it out on disk).
    const onDisk = statfsSync(ROOT).type !== 0x01021994;
    if (onDisk) expect(ramTempDir({}, ROOT)).toBeUndefined();
  });

  const shm = ramTempDir({});
  // (vitest.config.ts marks a TMPDIR it set; one the caller set stands.)
  const callers = process.env.TMPDIR !== undefined && process.env.GIT_MEMORY_TESTS_IN_RAM !== '1';
  it.skipIf(!shm || callers)('is in RAM where the machine has a tmpfs: the workers\' temporary folder', () => {
    expect(tmpdir()).toBe(shm);
    expect(statfsSync(tempDir()).type).toBe(0x01021994);
  });
});

describe('removing a temporary folder', () => {
  it('removes every folder, file and link in it, follows no symbolic link out of it, and takes a folder already gone', () => {
    const outside = tempDir('gm-outside-');
    writeFileSync(join(outside, 'kept.txt'), 'kept\n');
    const dir = join(tempDir('gm-parent-'), 'dir');
    mkdirSync(join(dir, 'a/b/c'), { recursive: true });
    writeFileSync(join(dir, 'a/b/c/deep.txt'), 'deep\n');
    writeFileSync(join(dir, 'a/read-only.txt'), 'r\n', { mode: 0o444 });
    linkSync(join(outside, 'kept.txt'), join(dir, 'a/hard-link.txt'));
    symlinkSync(outside, join(dir, 'link-to-folder'));
    symlinkSync(join(outside, 'kept.txt'), join(dir, 'a/b/link-to-file'));
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
    mkdirSync(join(dir, 'empty'));
    remove(dir);
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(outside)).toEqual(['kept.txt']);
    expect(readFileSync(join(outside, 'kept.txt'), 'utf8')).toBe('kept\n');
    expect(() => remove(dir)).not.toThrow();
  });
});

describe('malloc\'s top pad for the processes the tests start', () => {
  it('is added to the caller\'s tunables, and a top pad the caller chose stands', () => {
    expect(mallocTunables(undefined)).toBe(`glibc.malloc.top_pad=${TOP_PAD}`);
    expect(mallocTunables('')).toBe(`glibc.malloc.top_pad=${TOP_PAD}`);
    expect(mallocTunables('glibc.malloc.arena_max=2')).toBe(`glibc.malloc.arena_max=2:glibc.malloc.top_pad=${TOP_PAD}`);
    expect(mallocTunables('glibc.malloc.top_pad=0')).toBeUndefined();
    expect(mallocTunables('glibc.malloc.arena_max=2:glibc.malloc.top_pad=65536')).toBeUndefined();
  });

  it('reaches the git processes a test starts (vitest.config.ts sets it before the workers start)', () => {
    const repo = makeRepo();
    const inGit = execFileSync('git', ['-c', 'alias.tunables=!printf %s "$GLIBC_TUNABLES"', 'tunables'], { cwd: repo.dir, env: repo.env, encoding: 'utf8' });
    expect(inGit.split(':')).toContain(`glibc.malloc.top_pad=${TOP_PAD}`);
  });
});

describe('settledOrAfter (a fixed wait for detached workers, cut short once they have all ended)', () => {
  const detached = (home: string, seconds: string) => {
    const child = spawn('sleep', [seconds], { env: { ...process.env, OPENCLAW_MEMORY_HOME: home }, detached: true, stdio: 'ignore' });
    child.unref();
    return child;
  };
  const running = (pid: number) => {
    try {
      return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
    } catch {
      return false;
    }
  };

  it.runIf(existsSync('/proc/self/environ'))('returns once the processes of the repository have ended, long before its limit', async () => {
    const home = tempDir('gm-home-');
    const child = detached(home, '0.3');
    // A wait of the whole limit would outlast the test's own time-out (vitest.config.ts: 60 s).
    await settledOrAfter({ env: { OPENCLAW_MEMORY_HOME: home } }, 120_000);
    expect(running(child.pid!)).toBe(false);
  });

  it.runIf(existsSync('/proc/self/environ'))('returns at its limit, without failing, while one still runs', async () => {
    const home = tempDir('gm-home-');
    const child = detached(home, '30');
    try {
      await settledOrAfter({ env: { OPENCLAW_MEMORY_HOME: home } }, 200);
      expect(running(child.pid!)).toBe(true);
      await expect(settled({ env: { OPENCLAW_MEMORY_HOME: home } }, 200)).rejects.toThrow(/still running after 200 ms:\n\d+ \(nice \d+\): sleep 30/);
    } finally {
      child.kill();
    }
  });
});
