import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { byCodeUnit } from '../order.js';
import { SPOOL_CLAIMED_FILE as CLAIMED, SPOOL_FILE } from '../paths.js';
import { namesOrNone, readTextOrNull } from '../fs/read-file.js';
import { isSpoolEntry, parseSpool, serializeSpool, type SpoolEntry } from './spool-codec.js';

export type { SpoolCommit, SpoolEntry, SpoolLog } from './spool-codec.js';

export const spoolPath = (stateDir: string) => join(stateDir, SPOOL_FILE);

/**
 * Appends one entry. A single O_APPEND write of a short line is atomic on local file systems, so
 * the post-commit hook needs no lock.
 */
export function appendSpool(stateDir: string, entry: SpoolEntry): void {
  mkdirSync(stateDir, { recursive: true });
  appendFileSync(spoolPath(stateDir), serializeSpool([entry]));
}

const parseLines = (text: string): SpoolEntry[] => parseSpool(text).filter(isSpoolEntry);

const readText = (path: string) => readTextOrNull(path) ?? '';

/** The files' text, one after the other; a file torn at its end does not swallow the next one's first line. */
const readAll = (stateDir: string, names: string[]) => names.map((n) => readText(join(stateDir, n))).join('\n');

/**
 * The spool files `end` set aside and did not consume (it failed, was killed, or the disk was
 * full), oldest first: the one older versions wrote, then one per claim, by last write and then
 * by name (which starts with the claim's time, for file systems whose clock ticks coarsely). The
 * next `end` reads them back, and post-rewrite maps their commit ids, as in the open spool.
 */
export function claimedNames(stateDir: string): string[] {
  const aside = namesOrNone(stateDir).filter((n) => n.startsWith(`${CLAIMED}.`) && !n.endsWith('.tmp'));
  const mtime = (n: string) => statSync(join(stateDir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const ordered = aside.map((n) => ({ n, t: mtime(n) })).sort((a, b) => a.t - b.t || byCodeUnit(a.n, b.n)).map((x) => x.n);
  return [CLAIMED, ...ordered];
}

/** Reads the spool without taking it (for `log --list`, and the agent hooks). */
export function peekSpool(stateDir: string): SpoolEntry[] {
  return parseLines(readAll(stateDir, [...claimedNames(stateDir), SPOOL_FILE]));
}

export interface SpoolClaim {
  entries: SpoolEntry[];
  /**
   * The entries are in a session file now: forget them, but for `keep` (another agent session's,
   * git/session-marks.ts), put back in the open spool for that session's own end.
   */
  commit(keep?: readonly SpoolEntry[]): void;
  /** The session was not written: give the entries back. */
  abort(): void;
}

/**
 * Takes the spool for one `end`. The file is renamed aside under a name of its own, so a
 * post-commit hook appending meanwhile starts a new spool, and claiming writes nothing (a full
 * disk cannot strand what was set aside; the name is unique even when a pid comes back). Files
 * set aside by earlier claims that did not finish are taken too, ahead of the fresh one. Callers
 * hold the worktree lock.
 */
export function claimSpool(stateDir: string): SpoolClaim {
  try {
    renameSync(spoolPath(stateDir), join(stateDir, `${CLAIMED}.${Date.now().toString(36)}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const names = claimedNames(stateDir);
  return {
    entries: parseLines(readAll(stateDir, names)),
    commit: (keep = []) => {
      // Put back before the claimed files go: a crash between the two leaves them twice (a commit
      // is listed once by sha), never lost.
      if (keep.length) appendFileSync(spoolPath(stateDir), serializeSpool(keep));
      for (const n of names) rmSync(join(stateDir, n), { force: true });
    },
    // Left in place, the files are taken again by the next claim, ahead of newer entries.
    abort: () => undefined,
  };
}
