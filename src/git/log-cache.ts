// The primer's git log, kept in the state directory while HEAD stays put. Its own module: the entry
// point reads it before loading the primer, to start git early only when the kept log is stale.
import { CONFIG_FILE, LOG_CACHE_FILE, MEMORY_DIR } from '../paths.js';
import { isRecord, readState } from '../fs/state.js';
import { headCommit, isFullId } from './head.js';
import { OWN_PARAMETERS } from './own-config.js';
import type { Repo } from './repo.js';

export const RS = '\x1e';
export const US = '\x1f';
/** Each commit: its id, author date, author name (a bot's commits say little of where the work is) and subject. */
export const LOG_FORMAT = `--format=${RS}%h${US}%aI${US}%an${US}%s`;

/** How many commits the primer reads. */
export const PRIMER_LOG_DEPTH = 50;

/**
 * The pathspec of the primer's log: the whole tree but memory. git then neither diffs the journal's
 * trees (the cost that grew with the number of sessions) nor counts memory-only commits in `-n`:
 * the log is the last n commits that changed something else (empty commits and merges that bring
 * nothing new are left out too), and a memory commit leaves it as it was (see rekeyLog, log.ts).
 */
export const LOG_PATHSPEC = [':(top)', `:(top,exclude)${MEMORY_DIR}`, `:(top,exclude)${CONFIG_FILE}`];

/** The git arguments of recentLog(n) (see log.ts) for revision `rev`. */
export const recentLogArgs = (n: number, rev = 'HEAD') => ['log', `-n${n}`, '--no-merges', '--no-renames', '--name-only', LOG_FORMAT, rev, '--', ...LOG_PATHSPEC];

/**
 * What a kept log is known by: recentLogArgs(n) joined by spaces, and the settings its git ran with
 * (own-config.ts), so a log kept by a version that ran git with other settings is not taken as this one.
 */
export const keptLogArgs = (n: number) => `${recentLogArgs(n).join(' ')} ${OWN_PARAMETERS}`;

/** What is kept (written by log.ts): git's output for `args` (keptLogArgs) at commit `head`. */
export interface KeptLog {
  head: string;
  args: string;
  out: string;
}

const isKeptLog = (v: unknown): v is KeptLog => isRecord(v) && typeof v.head === 'string' && typeof v.args === 'string' && typeof v.out === 'string';

/** At most this many commits since the kept log are read as a step (see logStepArgs); more ask the whole log. */
export const LOG_STEP_CAP = 100;

/**
 * The commits from `from` (left out) to `head`, newest first, each with its full id, its parents,
 * its committer's day, its id as the log abbreviates it, its author date, its subject and every
 * file it changed (no pathspec: the step checks that they are a line, see stepLog in log.ts). The
 * same output steps MEMORY.md's staleness answer (stepAnswer in dream/staleness.ts, which reads
 * the id, parents, day and files): where both were kept at the same commit, one git process
 * answers both after a commit. `exclude`: a commit whose history is left out too (`^<id>`; the
 * staleness step's oldest anchor, where it cannot be left out, see stalenessStep).
 */
export const logStepArgs = (from: string, head: string, exclude?: string) => [
  'log',
  `-n${LOG_STEP_CAP + 1}`,
  '--no-renames',
  '--name-only',
  // A `log.showSignature` setting would put gpg's lines among the files.
  '--no-show-signature',
  `--format=${RS}%H${US}%P${US}%cs${US}%h${US}%aI${US}%an${US}%s`,
  `${from}..${head}`,
  ...(exclude ? [`^${exclude}`] : []),
];

/**
 * The kept output of recentLogArgs(n) for the current HEAD (`head`, when the caller read it
 * already), or null: HEAD unknown from the files (see head.ts), nothing kept, or kept for another
 * HEAD or other arguments. `before`: the output kept for another commit with the same arguments,
 * which the commits since may bring up to date (see stepLog in log.ts).
 */
export function keptLog(repo: Repo, n: number, head = headCommit(repo)): { head: string | null; out: string | null; before: { from: string; out: string } | null } {
  if (!head) return { head, out: null, before: null };
  const kept = readState(repo.stateDir, LOG_CACHE_FILE, isKeptLog);
  if (!kept || kept.args !== keptLogArgs(n)) return { head, out: null, before: null };
  if (kept.head === head) return { head, out: kept.out, before: null };
  return { head, out: null, before: isFullId(kept.head) && isFullId(head) ? { from: kept.head, out: kept.out } : null };
}
