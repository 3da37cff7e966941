import { appendFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPOOL_FILE } from '../paths.js';
import { readTextOrNull } from '../read-file.js';

/** A commit recorded by the post-commit hook. */
export interface SpoolCommit {
  type: 'commit';
  sha: string;
  subject: string;
  at: string;
  branch?: string | null;
}

/** An item queued by `git memory log`. */
export interface SpoolLog {
  type: 'log';
  kind: 'learned' | 'decision' | 'note' | 'completed' | 'next_step';
  text: string;
  at: string;
}

export type SpoolEntry = SpoolCommit | SpoolLog;

export const spoolPath = (stateDir: string) => join(stateDir, SPOOL_FILE);

/**
 * Appends one entry. A single O_APPEND write of a short line is atomic on local file systems, so
 * the post-commit hook needs no lock.
 */
export function appendSpool(stateDir: string, entry: SpoolEntry): void {
  mkdirSync(stateDir, { recursive: true });
  appendFileSync(spoolPath(stateDir), `${JSON.stringify(entry)}\n`);
}

function parseLines(text: string): SpoolEntry[] {
  const entries: SpoolEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as SpoolEntry;
      if (e && (e.type === 'commit' || e.type === 'log')) entries.push(e);
    } catch {
      /* a torn line after a crash */
    }
  }
  return entries;
}

const readText = (path: string) => readTextOrNull(path) ?? '';

/** Reads the spool without taking it (for `log --list`, and the agent hooks). */
export function peekSpool(stateDir: string): SpoolEntry[] {
  return parseLines(readText(join(stateDir, CLAIMED)) + readText(spoolPath(stateDir)));
}

const CLAIMED = 'spool.claimed.jsonl';

export interface SpoolClaim {
  entries: SpoolEntry[];
  /** The entries are in a session file now: forget them. */
  commit(): void;
  /** The session was not written: give the entries back. */
  abort(): void;
}

/**
 * Takes the spool for one `end`. The file is renamed away first, so a post-commit hook appending
 * meanwhile starts a new spool and nothing is lost. Callers hold the worktree lock; a claimed file
 * found on entry was left by a crash and is taken again.
 */
export function claimSpool(stateDir: string): SpoolClaim {
  const claimed = join(stateDir, CLAIMED);
  const leftover = readText(claimed);
  let fresh = '';
  try {
    const tmp = `${claimed}.${process.pid}`;
    renameSync(spoolPath(stateDir), tmp);
    fresh = readText(tmp);
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(claimed, leftover + fresh);
    rmSync(tmp, { force: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const text = leftover + fresh;
  return {
    entries: parseLines(text),
    commit: () => rmSync(claimed, { force: true }),
    // Left in place, the claimed file is taken again by the next claim, ahead of newer entries.
    abort: () => undefined,
  };
}
