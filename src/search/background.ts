// The whole search index built by a detached process, so that a command's first search in a fresh
// clone answers at once from the newest journal files (see openIndex's `elsewhere`) instead of
// waiting for the build (issue 28 item 5). One build at a time per worktree: a marker file,
// created exclusively, says one is under way; the build removes it when done.
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Repo } from '../git/repo.js';
import { openIndex } from './index.js';

/** Says a build is under way (its pid inside, for a person who looks). */
export const SEARCH_BUILD_MARKER = 'search-index.building';
/** A marker older than this is from a build that died (killed, machine stopped): it is taken over. */
const DEAD_BUILD_MS = 10 * 60_000;

/**
 * Whether the marker at `path` says a build is under way: younger than a dead build's, and its
 * process still there (a build killed, or a machine restarted, leaves a marker naming no process).
 */
function live(path: string): boolean {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (!st || Date.now() - st.mtimeMs >= DEAD_BUILD_MS) return false;
  let pid = NaN;
  try {
    pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
  } catch {
    return false;
  }
  // Just created, pid not yet written: under way.
  if (!Number.isInteger(pid) || pid <= 0) return Date.now() - st.mtimeMs < 2000;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the one build of the worktree's index: true where this process may start it (the marker
 * created, empty until the builder's pid is known), false where one is under way or nothing can be written here (a read-only git
 * directory: the caller then builds in place, as before, and stores nothing).
 */
export function claimBuild(stateDir: string): boolean {
  const path = join(stateDir, SEARCH_BUILD_MARKER);
  try {
    mkdirSync(stateDir, { recursive: true });
  } catch {
    return false;
  }
  for (let tries = 0; tries < 2; tries++) {
    try {
      closeSync(openSync(path, 'wx', 0o644));
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return false;
      if (live(path)) return false;
      try {
        unlinkSync(path);
      } catch {
        return false;
      }
    }
  }
  return false;
}

/** Whether a build is under way (see live). */
export function buildUnderWay(stateDir: string): boolean {
  return live(join(stateDir, SEARCH_BUILD_MARKER));
}

/** Removes the marker (a build that could not be started, or one done). */
export function releaseBuild(stateDir: string): void {
  try {
    unlinkSync(join(stateDir, SEARCH_BUILD_MARKER));
  } catch {
    /* gone already */
  }
}

/**
 * Whether the whole index is being built by another process: one under way already, or one
 * claimed and started now by `start`, which gives the builder's pid (written in the marker); null
 * from it: the marker is removed, the caller builds.
 */
export function buildElsewhere(stateDir: string, start: () => number | null): boolean {
  if (buildUnderWay(stateDir)) return true;
  if (!claimBuild(stateDir)) return false;
  const pid = start();
  if (pid === null) {
    releaseBuild(stateDir);
    return false;
  }
  try {
    const fd = openSync(join(stateDir, SEARCH_BUILD_MARKER), 'r+');
    try {
      writeSync(fd, `${pid}\n`);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* the build is done already and took its marker away */
  }
  return true;
}

/**
 * The detached build's work (`git memory search --build-index`, started by claimBuild's caller):
 * the index brought up to date and stored as any search would (nothing to do where a search stored
 * it meanwhile); the marker removed whatever happens.
 */
export async function buildSearchIndex(repo: Repo): Promise<void> {
  try {
    const opened = await openIndex(repo);
    try {
      if (!(await opened.valid)) await opened.refresh();
    } finally {
      opened.close();
    }
  } finally {
    releaseBuild(repo.stateDir);
  }
}
