// The search's cache key from the journal's last full listing (search/key.ts quickKey): where every
// folder that listing read still has its inode and change time, only each file's size and mtime are
// compared, without reading a folder's names or making the key anew (issue 28 item 5: the reads and
// the key were two thirds of a warm search's own work at 10,000 session files). Each change the
// journal sees afterwards is found as a full listing finds it.
import { spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listJournalFiles } from '../../src/search/documents.js';
import { journalKey, keyOf, listingOf } from '../../src/search/key.js';
import { buildInBackground } from '../../src/search/index.js';
import { findRepo } from '../../src/git/repo.js';
import { writeSession } from '../helpers/journal-session.js';
import { BIN, makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';
import { cleanEnv } from '../helpers/clean-env.mjs';

/** Past RACY_MS (fs/stamp.ts): a folder changed this long ago is kept in the listing. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 120));
const LISTED = join('.git', 'git-memory', 'search-index.listed');

interface Found {
  cache: string;
  total: number;
  results: { path: string; snippet: string }[];
}

/** The built binary's search, and whether its key came from the kept listing (its trace says). */
function search(repo: TestRepo, q: string): Found & { kept: boolean } {
  const r = repo.exec(['search', '--json', '--limit', '50', q], { env: { GIT_MEMORY_TRACE: '1' } });
  expect(r.code, r.stderr).toBe(0);
  return { ...(JSON.parse(r.stdout) as Found), kept: r.stderr.includes('search: key as kept') };
}

/** The same search on an index built from nothing, in a copy of the repository without its search state. */
function scratch(repo: TestRepo, q: string): Found {
  const copy = join(tempDir('gm-listed-scratch-'), 'repo');
  cpSync(repo.dir, copy, { recursive: true });
  rmSync(join(copy, '.git', 'git-memory'), { recursive: true, force: true });
  return JSON.parse(execIn(copy, ['search', '--json', '--limit', '50', q]).stdout) as Found;
}

/** The built binary in another folder (a copy, a clone). */
function execIn(dir: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, env: cleanEnv(env), encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return { stdout: r.stdout, stderr: r.stderr };
}

const paths = (f: Found) => f.results.map((h) => h.path).sort();

async function journal(): Promise<TestRepo> {
  const repo = makeRepo();
  writeSession(repo, '2026-03-02', '0915', 'aaaaaa', 'Fix the zeppelin retry loop');
  writeSession(repo, '2026-03-02', '1130', 'bbbbbb', 'Zeppelin signatures for the ledger');
  writeSession(repo, '2026-03-03', '1015', 'cccccc', 'Invoice export of the zeppelin fleet');
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'sessions');
  await settle();
  return repo;
}

/** A search that keeps the listing, then one that uses it: what every change below is made after. */
async function kept(repo: TestRepo, q: string): Promise<Found> {
  search(repo, q);
  const again = search(repo, q);
  expect(again.kept).toBe(true);
  expect(again.cache).toBe('fresh');
  return again;
}

describe('the kept listing of the journal', () => {
  it('answers a warm search from it, as an index built from nothing answers', async () => {
    const repo = await journal();
    const first = search(repo, 'zeppelin');
    expect(first).toMatchObject({ cache: 'rebuilt', total: 3, kept: false });
    expect(existsSync(join(repo.dir, LISTED))).toBe(true);
    const warm = search(repo, 'zeppelin');
    expect(warm).toMatchObject({ cache: 'fresh', total: 3, kept: true });
    expect(warm.results).toEqual(scratch(repo, 'zeppelin').results);
  });

  it('sees a session added, one rewritten in place, one removed and a new day, each as a full listing does', async () => {
    const repo = await journal();
    await kept(repo, 'zeppelin');

    // Added to a day folder that had sessions.
    writeSession(repo, '2026-03-03', '1600', 'dddddd', 'Zeppelin mooring masts');
    await settle();
    expect(search(repo, 'mooring')).toMatchObject({ cache: 'updated', total: 1, kept: false });
    await kept(repo, 'zeppelin');

    // Rewritten in place: the same inode, the same size, the folder untouched (its change time with it).
    const file = join(repo.dir, '.openclaw_memory/journal/2026-03-02/0915-claude-aaaaaa.md');
    const before = statSync(file);
    const folder = statSync(join(repo.dir, '.openclaw_memory/journal/2026-03-02'));
    const text = readFileSync(file, 'utf8');
    const fd = openSync(file, 'r+');
    writeSync(fd, 'balloon', Buffer.byteLength(text.slice(0, text.indexOf('zeppelin'))));
    closeSync(fd);
    expect([statSync(file).ino, statSync(file).size]).toEqual([before.ino, before.size]);
    expect(statSync(join(repo.dir, '.openclaw_memory/journal/2026-03-02')).ctimeMs).toBe(folder.ctimeMs);
    expect(search(repo, 'balloon')).toMatchObject({ cache: 'updated', total: 1, kept: false });
    expect(search(repo, 'zeppelin').total).toBe(3);
    await settle();
    await kept(repo, 'zeppelin');

    // Removed.
    rmSync(join(repo.dir, '.openclaw_memory/journal/2026-03-02/1130-claude-bbbbbb.md'));
    await settle();
    const gone = search(repo, 'zeppelin');
    expect(gone).toMatchObject({ cache: 'updated', total: 2, kept: false });
    expect(paths(gone)).toEqual(paths(scratch(repo, 'zeppelin')));
    await kept(repo, 'zeppelin');

    // A day folder new to the journal.
    writeSession(repo, '2026-03-09', '0800', 'eeeeee', 'Zeppelin hangar doors');
    await settle();
    const day = search(repo, 'zeppelin');
    expect(day).toMatchObject({ cache: 'updated', total: 3, kept: false });
    expect(day.results).toEqual(scratch(repo, 'zeppelin').results);
  });

  it('from a folder below the root (each path joined to the root, not relative), holds and sees an edit in place as at the root', async () => {
    const repo = await journal();
    const below = join(repo.dir, 'src', 'deep');
    mkdirSync(below, { recursive: true });
    const fromBelow = (q: string) => {
      const r = execIn(below, ['search', '--json', '--limit', '50', q], { GIT_MEMORY_TRACE: '1' });
      return { ...(JSON.parse(r.stdout) as Found), kept: r.stderr.includes('search: key as kept') };
    };
    await kept(repo, 'zeppelin');
    expect(fromBelow('zeppelin')).toMatchObject({ cache: 'fresh', total: 3, kept: true });
    // Rewritten in place, the same size: seen from below, then kept again, and seen at the root.
    const file = join(repo.dir, '.openclaw_memory/journal/2026-03-03/1015-claude-cccccc.md');
    const text = readFileSync(file, 'utf8');
    const fd = openSync(file, 'r+');
    writeSync(fd, 'balloon', Buffer.byteLength(text.slice(0, text.indexOf('zeppelin'))));
    closeSync(fd);
    expect(fromBelow('balloon')).toMatchObject({ cache: 'updated', total: 1, kept: false });
    await settle();
    fromBelow('balloon');
    expect(fromBelow('zeppelin')).toMatchObject({ cache: 'fresh', total: 2, kept: true });
    const fd2 = openSync(file, 'r+');
    writeSync(fd2, 'hangars', Buffer.byteLength(text.slice(0, text.indexOf('zeppelin'))));
    closeSync(fd2);
    expect(search(repo, 'hangars')).toMatchObject({ cache: 'updated', total: 1, kept: false });
    expect(search(repo, 'balloon')).toMatchObject({ total: 0 });
  });

  it('follows a branch switch, and a folder replaced by a link is not read, as a full listing does not', async () => {
    const repo = await journal();
    repo.git('checkout', '-q', '-b', 'other');
    rmSync(join(repo.dir, '.openclaw_memory/journal/2026-03-03'), { recursive: true });
    writeSession(repo, '2026-03-04', '0900', 'ffffff', 'Zeppelin gas cells');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'other sessions');
    await settle();
    await kept(repo, 'zeppelin');
    repo.git('checkout', '-q', 'main');
    await settle();
    const main = search(repo, 'zeppelin');
    expect(main).toMatchObject({ cache: 'updated', kept: false });
    expect(paths(main)).toEqual(['.openclaw_memory/journal/2026-03-02/0915-claude-aaaaaa.md', '.openclaw_memory/journal/2026-03-02/1130-claude-bbbbbb.md', '.openclaw_memory/journal/2026-03-03/1015-claude-cccccc.md']);
    await kept(repo, 'zeppelin');

    // The day folder moved out and a link put in its place: its sessions come from outside the repository.
    const outside = join(tempDir('gm-listed-outside-'), 'day');
    renameSync(join(repo.dir, '.openclaw_memory/journal/2026-03-03'), outside);
    symlinkSync(outside, join(repo.dir, '.openclaw_memory/journal/2026-03-03'));
    await settle();
    const linked = search(repo, 'zeppelin');
    expect(linked).toMatchObject({ kept: false, total: 2 });
    expect(paths(linked)).toEqual(paths(scratch(repo, 'zeppelin')));
  });

  it('a copy of the repository with its git directory (new inodes and change times) lists in full, and a clone builds its own', async () => {
    const repo = await journal();
    await kept(repo, 'zeppelin');
    const copy = join(tempDir('gm-listed-copy-'), 'repo');
    cpSync(repo.dir, copy, { recursive: true, preserveTimestamps: true });
    const inCopy = execIn(copy, ['search', '--json', 'zeppelin'], { GIT_MEMORY_TRACE: '1' });
    expect(inCopy.stderr).not.toContain('search: key as kept');
    expect(JSON.parse(inCopy.stdout)).toMatchObject({ total: 3 });
    const clone = join(tempDir('gm-listed-clone-'), 'repo');
    repo.git('clone', '-q', repo.dir, clone);
    const inClone = execIn(clone, ['search', '--json', 'zeppelin'], { GIT_MEMORY_TRACE: '1' });
    expect(JSON.parse(inClone.stdout)).toMatchObject({ cache: 'rebuilt', total: 3 });
    expect(inClone.stderr).not.toContain('search: key as kept');
  });
});

describe('the whole index built in the background (a clone\'s first search, a server)', () => {
  it('keeps its listing: the next search answers from it', async () => {
    const repo = await journal();
    expect(await buildInBackground(findRepo(repo.dir, process.env), 25, { stopped: false })).toBe(true);
    expect(existsSync(join(repo.dir, LISTED))).toBe(true);
    expect(search(repo, 'zeppelin')).toMatchObject({ cache: 'fresh', total: 3, kept: true });
  });
});

describe('journalKey with a kept listing', () => {
  it('gives the key a full listing makes, byte for byte, and reads it back as that listing', async () => {
    const repo = await journal();
    repo.write('.openclaw_memory/journal/2026-03-03/1200-claude-né-café.md', 'not a session\n');
    mkdirSync(join(repo.dir, '.openclaw_memory/journal/2026-03-05'));
    await settle();
    const stateDir = join(repo.dir, '.git', 'git-memory');
    mkdirSync(stateDir, { recursive: true });
    const listing = listJournalFiles(repo.dir);
    const full = (await journalKey(repo.dir, Infinity, undefined, undefined, stateDir))!;
    expect(full.key.equals(keyOf(listing))).toBe(true);
    expect(existsSync(join(stateDir, 'search-index.listed'))).toBe(true);
    const quick = (await journalKey(repo.dir, Infinity, undefined, undefined, stateDir))!;
    expect(quick.key.equals(keyOf(listing))).toBe(true);
    expect(quick.listing).toEqual(listing);
    expect(listingOf(keyOf(listing))).toEqual(listing);
    expect(listingOf(keyOf([]))).toEqual([]);
    expect(listingOf(Buffer.from('lstat:something else'))).toBeNull();
  });

  it('keeps no listing while a folder it read changed too recently to be trusted', async () => {
    const repo = makeRepo();
    const stateDir = join(repo.dir, '.git', 'git-memory');
    mkdirSync(stateDir, { recursive: true });
    writeSession(repo, '2026-03-02', '0915', 'aaaaaa', 'Fix the zeppelin retry loop');
    await journalKey(repo.dir, Infinity, undefined, undefined, stateDir);
    expect(existsSync(join(stateDir, 'search-index.listed'))).toBe(false);
    await settle();
    await journalKey(repo.dir, Infinity, undefined, undefined, stateDir);
    expect(existsSync(join(stateDir, 'search-index.listed'))).toBe(true);
  });
});
