// The cache key's git process, startable by the entry point before anything else loads.
import { spawn } from 'node:child_process';
import { closeSync, fstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { INTERNAL_ENV, JOURNAL_DIR } from '../../paths.js';

/**
 * The listings the cache key is made of (see key.ts), run side by side (two cores finish them in
 * 25 ms where one process took 35): tracked journal files with their blob ids and untracked
 * ones; and the tracked ones whose working copy differs from the index (git stats them on several
 * threads). `:(top)` and `--full-name` give the same output from any directory of the work tree,
 * so they can start before the repository is found.
 */
export const KEY_COMMANDS = [
  ['ls-files', '-z', '-t', '-s', '-o', '--full-name', '--', `:(top)${JOURNAL_DIR}`],
  ['diff-files', '-z', '--name-only', '--', `:(top)${JOURNAL_DIR}`],
] as const;

const SLOT = Symbol.for('git-memory.search-key');
type Slot = { cwd: string; listings: Promise<Buffer | null>[] };

/** The file's whole content; git wrote it through its own descriptor, from offset 0. */
function readAll(fd: number): Buffer {
  const buf = Buffer.allocUnsafe(fstatSync(fd).size);
  let got = 0;
  while (got < buf.length) {
    const n = readSync(fd, buf, got, buf.length - got, got);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got);
}

/** Runs git with its stdout in an unlinked temporary file; the listing, or null where that fails. */
function listToFile(cwd: string, args: readonly string[]): Promise<Buffer | null> {
  // Not a pipe: a megabyte of listing fills a pipe's 64 KB many times over, and git would wait
  // for node to drain it, which node does only between the synchronous steps of the search.
  const file = `${tmpdir()}/git-memory-key-${process.pid}-${Date.now().toString(36)}-${args[0]}`;
  let fd: number;
  try {
    fd = openSync(file, 'wx+', 0o600);
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      try {
        resolve(ok ? readAll(fd) : null);
      } catch {
        resolve(null);
      } finally {
        closeSync(fd);
      }
    };
    try {
      const child = spawn('git', args, { cwd, env: { ...process.env, [INTERNAL_ENV]: '1', GIT_TERMINAL_PROMPT: '0' }, stdio: ['ignore', fd, 'ignore'] });
      child.on('error', () => done(false));
      child.on('exit', (code) => done(code === 0));
    } catch {
      done(false);
    } finally {
      try {
        unlinkSync(file);
      } catch {
        /* already gone: nothing left behind either way */
      }
    }
  });
}

/**
 * Starts the listings from the current directory, for key.ts to take over. The entry point calls
 * this before loading the search (~20 ms of loading that git spends working instead). Each
 * resolves to null where git fails; key.ts then falls back to asking again.
 */
export function startKeyListing(): void {
  const cwd = process.cwd();
  (globalThis as Record<symbol, Slot>)[SLOT] = { cwd, listings: KEY_COMMANDS.map((args) => listToFile(cwd, args)) };
}

/** The listings started from `cwd` by startKeyListing, once; undefined when none were. */
export function takeKeyListings(cwd: string): Promise<Buffer | null>[] | undefined {
  const g = globalThis as Record<symbol, Slot | undefined>;
  const slot = g[SLOT];
  delete g[SLOT];
  return slot?.cwd === cwd ? slot.listings : undefined;
}
