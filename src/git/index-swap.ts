import { closeSync, copyFileSync, linkSync, lstatSync, openSync, readSync, renameSync, rmSync, statSync, utimesSync, type Stats } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { INDEX_SWAP_FILE } from '../paths.js';
import { exists } from '../fs/stat.js';
import { isRecord, readState, writeState } from '../fs/state.js';
import { git } from './git.js';
import { isFullId, nullId } from './head.js';
import type { Repo } from './repo.js';

/**
 * The user's index moves together with a memory commit. Moving HEAD without refreshing the index
 * entries of the committed paths leaves the index at the old content, and the user's next plain
 * `git commit` would then delete the new session file and revert TASKS.md. So a memory commit
 * lands only while we hold git's own `index.lock`, with the refreshed index already written into
 * that lock file. With git's ref locks already held (`update-ref --stdin` prepared), the rename
 * puts the index in place at once and the ref update follows (swapFirst): index.lock is ours only
 * for the rename, so a user's `git add` or `git commit` meanwhile does not find it taken (issue 26
 * item 15), and HEAD cannot move in between, its locks being ours. A kill in between leaves the
 * index refreshed for a HEAD that did not move, and a note in the state directory: the next
 * git-memory command puts the index as it was back (kept as a hard link beside the note). Without
 * ref locks to hold (git before 2.27), `update-ref` runs under index.lock, then one rename (git's
 * lock protocol); a kill in between leaves the lock (git refuses to commit while it is there). The
 * next git-memory command finishes or undoes either (repairIndex).
 */

/** The user's index file and its lock (GIT_INDEX_FILE is honoured, as git does). */
export function indexFiles(repo: Repo, env: NodeJS.ProcessEnv = process.env): { index: string; lock: string } {
  const index = env.GIT_INDEX_FILE ? resolve(repo.root, env.GIT_INDEX_FILE) : join(repo.gitDir, 'index');
  return { index, lock: `${index}.lock` };
}

/** What identifies one version of the index: git always replaces it by rename, so a new inode. */
const version = (st: Stats | null) => (st ? `${st.ino}:${st.size}:${st.mtimeMs}` : 'none');

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

export interface PreparedIndex {
  /** The index as it was read; the swap happens only if it is still that one. */
  from: string;
  /** The user's index with the committed paths' entries set to the commit's. */
  file: string;
}

/**
 * Copies the user's index to `file` (none when there is no index), keeping its time stamp a hair
 * earlier so git's racy-entry check sees the same entries as racy; returns the original's stat.
 */
function copyIndex(repo: Repo, file: string): ReturnType<typeof statOrNull> {
  const { index } = indexFiles(repo);
  rmSync(file, { force: true });
  const st = statOrNull(index);
  if (st) {
    copyFileSync(index, file); // by the kernel: the index holds an entry per journal file
    utimesSync(file, st.atime, new Date(st.mtimeMs - 1));
  }
  return st;
}

/**
 * Writes, beside the state directory's temporary files, a copy of the user's index whose entries
 * for `pathspec` match `treeish` (the memory commit's tree); nothing of git's is locked meanwhile. The copy keeps the
 * original's time stamp (a hair earlier), so git's racy-entry check sees the same entries as racy.
 */
export async function prepareIndex(repo: Repo, treeish: string, pathspec: string, file: string): Promise<PreparedIndex> {
  const st = copyIndex(repo, file);
  await git(['reset', '-q', treeish, '--pathspec-from-file=-', '--pathspec-file-nul'], { cwd: repo.root, env: { GIT_INDEX_FILE: file }, input: pathspec });
  return { from: version(st), file };
}

/**
 * prepareIndex for entries known already (a commit made by editing HEAD's tree, see tree-edit.ts):
 * the copy's entries for those paths are set (or removed) by one `update-index --index-info`,
 * which reads no tree and stats no file, then given their files' stat data (refreshEntries).
 * `known`: any whole object id of the repository (the commit's tree), whose length a removal's
 * null id takes.
 */
export async function prepareIndexEntries(repo: Repo, entries: readonly { path: string; entry: { mode: string; sha: string } | null }[], file: string, known: string): Promise<PreparedIndex> {
  const st = copyIndex(repo, file);
  const zero = nullId(known);
  const input = entries.map((e) => (e.entry ? `${e.entry.mode} ${e.entry.sha}\t${e.path}` : `0 ${zero}\t${e.path}`)).join('\0');
  await git(['update-index', '-z', '--index-info'], { cwd: repo.root, env: { GIT_INDEX_FILE: file }, input: `${input}\0` });
  await refreshEntries(repo, file, entries.filter((e) => e.entry).map((e) => e.path));
  return { from: version(st), file };
}

/** Past this many paths, refreshEntries names their common folder: git matches every pathspec against every index entry. */
const REFRESH_BY_NAME = 64;

/**
 * Gives the copy's entries for `paths` their files' stat data, where a file holds its entry's
 * content: `git add --refresh` (git's own comparison, attributes and filters applied; nothing is
 * staged, and an entry whose file differs keeps none, so git still sees the change). Entries set by
 * `update-index --index-info` carry no stat data, and git reads their files again at every `git
 * status` until one rewrites the whole index: the user's next status or commit paid that write (a
 * 4-15 MB index at 50-150k entries), and a status with optional locks off (editors, prompts,
 * git-memory's own checks) read the files every time: after a fold of 304 day files at 52k
 * entries, 141 ms instead of 56 for `git status -- .openclaw_memory/journal`. Past REFRESH_BY_NAME
 * paths (a fold), their deepest common folder is refreshed (a refresh changes no entry's content).
 * Best effort: where git refuses, the copy stays as it was (git writes it by lock file) and git
 * reads those files once more later, as before.
 */
async function refreshEntries(repo: Repo, file: string, paths: readonly string[]): Promise<void> {
  if (!paths.length) return;
  outOfRacySecond(repo.root, paths);
  const named = paths.length <= REFRESH_BY_NAME ? paths : [commonFolder(paths)];
  await git(['--literal-pathspecs', 'add', '--refresh', '--pathspec-from-file=-', '--pathspec-file-nul'], { cwd: repo.root, env: { GIT_INDEX_FILE: file }, input: named.join('\0'), allowFail: true });
}

/**
 * Moves the modification time of each of `paths` written in the current second (or later: a clock
 * ahead) back to the second before, ahead of their refresh. git keeps file times to the second, and
 * an index written in the second a file it records was written holds a racily clean entry: the
 * user's next `git status` hashes the file again and writes the whole index (at S, +83% for that
 * status; a 5-15 MB write at 50-150k entries). A memory commit writes its session file and the
 * index within one second nearly always. Safe for git's check: any change after this is stamped
 * with a later time than the one recorded, and a change before the refresh reads is compared by
 * content (an entry whose file differs keeps no stat data). Best effort: a path that cannot be
 * stamped stays racy, as before.
 */
function outOfRacySecond(root: string, paths: readonly string[]): void {
  const second = Math.floor(Date.now() / 1000) * 1000;
  for (const p of paths) {
    const path = join(root, p);
    try {
      const st = lstatSync(path);
      if (st.isFile() && st.mtimeMs >= second) utimesSync(path, st.atime, new Date(second - 1000));
    } catch {
      // gone, or not ours to stamp: git reads it once more later
    }
  }
}

/** The deepest folder holding every path (`.` for the top). */
function commonFolder(paths: readonly string[]): string {
  let common = paths[0]!.split('/').slice(0, -1);
  for (const p of paths) {
    const parts = p.split('/');
    let i = 0;
    while (i < common.length && i < parts.length - 1 && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  return common.length ? common.join('/') : '.';
}

/** The note a swap in progress leaves in the state directory. */
interface SwapNote {
  pid: number;
  host: string;
  /** The memory commit, and HEAD before it. */
  sha: string;
  parent: string | null;
  /** Inode of the lock file holding the refreshed index: tells our lock from one git made since. */
  lockIno: number;
  /**
   * The index as it was, hard-linked before the refreshed one went in place ahead of the ref update
   * (swapFirst); '' when there was none. Not an orphan for orphans.ts: only this note's repair removes it.
   */
  before?: string;
}

const isSwapNote = (v: unknown): v is SwapNote =>
  isRecord(v) && typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.sha === 'string' && (v.parent === null || typeof v.parent === 'string') && typeof v.lockIno === 'number' && (v.before === undefined || typeof v.before === 'string');

const notePath = (repo: Repo) => join(repo.stateDir, INDEX_SWAP_FILE);

export interface HeldIndex {
  /** Puts the refreshed index in place and releases git's lock. */
  commit(): void;
  /** Releases git's lock, leaving the user's index as it was. */
  release(): void;
  /**
   * Puts the refreshed index in place before the ref moves (git's ref locks held meanwhile), the
   * index as it was kept beside it: then `landed()` once the ref moved, or `undo()` if it did not.
   */
  swapFirst(): { landed(): void; undo(): void };
}

/**
 * Takes git's index.lock with the prepared index as its content. Null when the lock is busy (a git
 * command is running) or the index changed since it was prepared: the caller waits, holding
 * nothing, and prepares again. Everything that can be done beforehand is (the note, the link to
 * the index as it was): under the lock there is one stat and one rename, and swapFirst's one more.
 * `before`: where swapFirst keeps the index as it was (needed for it).
 */
export function holdIndex(repo: Repo, prepared: PreparedIndex, sha: string, parent: string | null, before?: string): HeldIndex | null {
  const { index, lock } = indexFiles(repo);
  const forget = () => {
    rmSync(notePath(repo), { force: true });
    if (before) rmSync(before, { force: true });
  };
  let had = false;
  if (before) {
    rmSync(before, { force: true });
    try {
      linkSync(index, before);
      had = true;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') {
        if (code !== 'EXDEV' && code !== 'EPERM') throw e;
        copyFileSync(index, before); // another file system (a linked state directory)
        had = true;
      }
    }
  }
  // `before` '' says there was no index to put back (see swapFirst). A note whose process is alive
  // is left alone by repairIndex; one left by a kill before the lock was taken changes nothing.
  const note: SwapNote = { pid: process.pid, host: hostname(), sha, parent, lockIno: statSync(prepared.file).ino, ...(before ? { before: had ? before : '' } : {}) };
  writeState(repo.stateDir, INDEX_SWAP_FILE, note);
  try {
    closeSync(openSync(lock, 'wx'));
  } catch (e) {
    forget();
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw e;
  }
  const drop = () => rmSync(lock, { force: true });
  try {
    // The index is still the one prepared (git replaces it by rename: a new inode each time), so
    // also the one linked or copied aside, which was taken after it was prepared.
    if (version(statOrNull(index)) !== prepared.from) {
      drop();
      forget();
      return null;
    }
    renameSync(prepared.file, lock);
  } catch (e) {
    drop();
    forget();
    throw e;
  }
  return {
    commit() {
      renameSync(lock, index);
      forget();
    },
    release() {
      drop();
      forget();
    },
    swapFirst() {
      if (!before) throw new Error('swapFirst needs a place for the index as it was');
      try {
        renameSync(lock, index);
      } catch (e) {
        drop();
        forget();
        throw e;
      }
      return {
        landed: forget,
        undo() {
          restoreBefore(repo, index, note.lockIno, had ? before : null);
          forget();
        },
      };
    },
  };
}

/**
 * The index as it was before a swap whose ref update did not happen, put back: only while the
 * refreshed one (inode `ino`) is still in place (a git command that wrote the index since wrote it
 * from ours; then it stays), under git's index.lock. `before` null: there was no index.
 */
function restoreBefore(repo: Repo, index: string, ino: number, before: string | null): boolean {
  const { lock } = indexFiles(repo);
  try {
    closeSync(openSync(lock, 'wx'));
  } catch {
    return false; // a git command is running: it reads our index, which holds the same files
  }
  try {
    if (statOrNull(index)?.ino !== ino) return false;
    if (before && exists(before)) {
      renameSync(before, lock);
      renameSync(lock, index);
    } else if (!before) rmSync(index, { force: true });
    return true;
  } finally {
    rmSync(lock, { force: true });
  }
}

function alive(note: SwapNote): boolean {
  if (note.host !== hostname()) return true; // cannot tell: leave it to that machine
  if (note.pid === process.pid) return false; // a note of ours from a call that threw is stale
  try {
    process.kill(note.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Finishes a swap a killed git-memory left half done. With our lock file still there: the memory
 * commit landed (HEAD is it) → the refreshed index goes in place; it did not → the lock goes. With
 * the lock gone (someone deleted it by hand) and HEAD at the memory commit, the index entries of
 * its paths that still hold the parent's content are refreshed. Returns what it did, for a warning.
 */
export async function repairIndex(repo: Repo): Promise<string | null> {
  if (!exists(notePath(repo))) return null;
  const note = readState(repo.stateDir, INDEX_SWAP_FILE, isSwapNote);
  if (!note) {
    rmSync(notePath(repo), { force: true }); // damaged: nothing can be finished from it
    return null;
  }
  if (alive(note)) return null;
  const { index, lock } = indexFiles(repo);
  const head = (await git(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { cwd: repo.root, allowFail: true }))?.trim();
  let did: string | null = null;
  if (note.before !== undefined && statOrNull(index)?.ino === note.lockIno) {
    // Killed between putting the refreshed index in place and moving the ref (swapFirst).
    if (head === note.sha) did = null; // the ref moved after all: nothing to finish
    else if ((note.before === '' || exists(note.before)) && restoreBefore(repo, index, note.lockIno, note.before || null)) did = `put the index back as it was before memory commit ${note.sha.slice(0, 7)}, whose ref update a stopped git-memory process did not make`;
    if (note.before) rmSync(note.before, { force: true });
  } else if (statOrNull(lock)?.ino === note.lockIno) {
    if (head === note.sha) {
      renameSync(lock, index);
      did = `finished refreshing the index for memory commit ${note.sha.slice(0, 7)} (a git-memory process was stopped half way)`;
    } else {
      rmSync(lock, { force: true });
      did = `removed ${lock} left by a stopped git-memory process`;
    }
  } else if (head === note.sha) {
    did = await refreshStale(repo, note);
  }
  if (note.before) rmSync(note.before, { force: true });
  rmSync(notePath(repo), { force: true });
  return did;
}

/** Index entries of the memory commit's paths that still hold the parent's content get the commit's. */
async function refreshStale(repo: Repo, note: SwapNote): Promise<string | null> {
  const changed = (await git(['diff-tree', '-r', '-z', '--name-only', '--no-renames', note.parent ?? '--root', note.sha], { cwd: repo.root }))
    .split('\0')
    .filter((p) => p && !isFullId(p));
  if (!changed.length) return null;
  const entry = async (args: string[]) => {
    const out = await git(args, { cwd: repo.root });
    const map = new Map<string, string>();
    for (const rec of out.split('\0').filter(Boolean)) {
      const tab = rec.indexOf('\t');
      const [mode, , blob] = rec.slice(0, tab).split(' ');
      map.set(rec.slice(tab + 1), `${mode} ${blob}`);
    }
    return map;
  };
  const inIndex = await git(['ls-files', '-s', '-z', '--', ...changed], { cwd: repo.root });
  const indexMap = new Map<string, string>();
  for (const rec of inIndex.split('\0').filter(Boolean)) {
    const tab = rec.indexOf('\t');
    const [mode, blob] = rec.slice(0, tab).split(' ');
    indexMap.set(rec.slice(tab + 1), `${mode} ${blob}`);
  }
  const parentMap = note.parent ? await entry(['ls-tree', '-z', '-r', note.parent, '--', ...changed]) : new Map<string, string>();
  const stale = changed.filter((p) => indexMap.get(p) === parentMap.get(p));
  if (!stale.length) return null;
  await git(['reset', '-q', note.sha, '--pathspec-from-file=-', '--pathspec-file-nul'], { cwd: repo.root, input: stale.join('\0') });
  return `refreshed the index for ${stale.join(', ')} (memory commit ${note.sha.slice(0, 7)} had landed without it)`;
}

/**
 * The number of entries git's index holds, from its 12-byte header (signature, version, count);
 * null without an index or where it cannot be read. A split index's header counts only the entries
 * it holds itself (git's `link` extension names the rest): a floor, never more than there are.
 */
export function indexEntryCount(repo: Repo): number | null {
  let fd: number;
  try {
    fd = openSync(indexFiles(repo).index, 'r');
  } catch {
    return null;
  }
  try {
    const header = Buffer.alloc(12);
    if (readSync(fd, header, 0, 12, 0) !== 12 || header.toString('latin1', 0, 4) !== 'DIRC') return null;
    return header.readUInt32BE(8);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
