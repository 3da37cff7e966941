// The cache key's git process, startable by the entry point before anything else loads.
import { spawn } from 'node:child_process';
import { INTERNAL_ENV, JOURNAL_DIR } from '../../paths.js';

/**
 * The listing the cache key is made of (see key.ts): tracked journal files with their blob ids,
 * the ones whose working copy differs, and untracked ones. `:(top)` and `--full-name` give the same
 * output from any directory of the work tree, so it can start before the repository is found.
 */
export const KEY_ARGS = ['ls-files', '-z', '-t', '-s', '-m', '-o', '--full-name', '--', `:(top)${JOURNAL_DIR}`];

const SLOT = Symbol.for('git-memory.search-key');
type Slot = { cwd: string; listing: Promise<string | null> };

/**
 * Starts the listing from the current directory, for key.ts to take over. The entry point calls
 * this before loading the search (~20 ms of loading that git spends working instead). Resolves to
 * null where git fails; key.ts then falls back to asking again.
 */
export function startKeyListing(): void {
  const cwd = process.cwd();
  const listing = new Promise<string | null>((resolve) => {
    const child = spawn('git', KEY_ARGS, { cwd, env: { ...process.env, [INTERNAL_ENV]: '1', GIT_TERMINAL_PROMPT: '0' }, stdio: ['ignore', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? Buffer.concat(out).toString('utf8') : null));
  });
  (globalThis as Record<symbol, Slot>)[SLOT] = { cwd, listing };
}

/** The listing started from `cwd` by startKeyListing, once; undefined when none was. */
export function takeKeyListing(cwd: string): Promise<string | null> | undefined {
  const g = globalThis as Record<symbol, Slot | undefined>;
  const slot = g[SLOT];
  delete g[SLOT];
  return slot?.cwd === cwd ? slot.listing : undefined;
}
