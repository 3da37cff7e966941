// The primer's git log, kept in the state directory while HEAD stays put. Its own module: the entry
// point reads it before loading the primer, to start git early only when the kept log is stale.
import { LOG_CACHE_FILE } from '../paths.js';
import { isRecord, readState } from '../fs/state.js';
import { headCommit } from './head.js';
import type { Repo } from './repo.js';

export const RS = '\x1e';
export const US = '\x1f';
export const LOG_FORMAT = `--format=${RS}%h${US}%aI${US}%s`;

/** How many commits the primer reads. */
export const PRIMER_LOG_DEPTH = 50;

/** The git arguments of recentLog(n) (see log.ts). */
export const recentLogArgs = (n: number) => ['log', `-n${n}`, '--no-renames', '--name-only', LOG_FORMAT, 'HEAD', '--'];

/** What is kept (written by log.ts): git's output for `args` (recentLogArgs joined by spaces) at commit `head`. */
export interface KeptLog {
  head: string;
  args: string;
  out: string;
}

const isKeptLog = (v: unknown): v is KeptLog => isRecord(v) && typeof v.head === 'string' && typeof v.args === 'string' && typeof v.out === 'string';

/**
 * The kept output of recentLogArgs(n) for the current HEAD, or null: HEAD unknown from the files
 * (see head.ts), nothing kept, or kept for another HEAD or other arguments.
 */
export function keptLog(repo: Repo, n: number): { head: string | null; out: string | null } {
  const head = headCommit(repo);
  if (!head) return { head, out: null };
  const kept = readState(repo.stateDir, LOG_CACHE_FILE, isKeptLog);
  const ok = kept?.head === head && kept.args === recentLogArgs(n).join(' ');
  return { head, out: ok ? kept.out : null };
}
