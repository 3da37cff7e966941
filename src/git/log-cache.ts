// The primer's git log, kept in the state directory while HEAD stays put. Its own module: the entry
// point reads it before loading the primer, to start git early only when the kept log is stale.
import { join } from 'node:path';
import { LOG_CACHE_FILE } from '../paths.js';
import { readTextOrNull } from '../fs/read-file.js';
import { headCommit } from './head.js';
import type { Repo } from './repo.js';

export const RS = '\x1e';
export const US = '\x1f';
export const LOG_FORMAT = `--format=${RS}%h${US}%aI${US}%s`;

/** How many commits the primer reads. */
export const PRIMER_LOG_DEPTH = 50;

/** The git arguments of recentLog(n) (see log.ts). */
export const recentLogArgs = (n: number) => ['log', `-n${n}`, '--no-renames', '--name-only', LOG_FORMAT, 'HEAD', '--'];

export const logCacheFile = (repo: Repo) => join(repo.stateDir, LOG_CACHE_FILE);

/**
 * The kept output of recentLogArgs(n) for the current HEAD, or null: HEAD unknown from the files
 * (see head.ts), nothing kept, or kept for another HEAD or other arguments.
 */
export function keptLog(repo: Repo, n: number): { head: string | null; out: string | null } {
  const head = headCommit(repo);
  if (!head) return { head, out: null };
  try {
    const kept = JSON.parse(readTextOrNull(logCacheFile(repo)) ?? 'null') as { head?: unknown; args?: unknown; out?: unknown } | null;
    const ok = kept?.head === head && kept.args === recentLogArgs(n).join(' ') && typeof kept.out === 'string';
    return { head, out: ok ? (kept.out as string) : null };
  } catch {
    return { head, out: null };
  }
}
