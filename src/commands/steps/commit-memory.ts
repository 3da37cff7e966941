import { join } from 'node:path';
import { EXIT, GitMemoryError } from '../../errors.js';
import { commitPaths, GitLockBusyError, pendingMemoryPaths, type MemoryCommit } from '../../git/commit.js';
import { dirsOf, readHeadTrees, readHeadTreesLoose, type HeadTrees } from '../../git/tree-edit.js';
import { repairIndex } from '../../git/index-swap.js';
import { keepNoted, nearMemoryPaths } from '../../git/pending.js';
import { rekeyLog } from '../../git/log.js';
import type { GitVars } from '../../git/vars.js';
import { operationInProgress, type Operation, type Repo } from '../../git/repo.js';
import type { Config } from '../../memory/config.js';
import { CorruptFileError } from '../../memory/frontmatter.js';
import { parseDay } from '../../memory/day-view.js';
import { parseSession } from '../../memory/session.js';
import { JOURNAL_DIR, TASKS_FILE } from '../../paths.js';
import { readTextOrNull } from '../../fs/read-file.js';
import { parseTasks, type TaskList } from '../../memory/tasks.js';
import { readTaskList } from '../../memory/tasks-file.js';

/** Reads TASKS.md for an update. A corrupt file stops the command: it is never rewritten. */
export function readTasksForUpdate(root: string): TaskList {
  try {
    return readTaskList(root);
  } catch (e) {
    if (e instanceof CorruptFileError) {
      throw new GitMemoryError(`${e.message}; it was left as it is`, EXIT.error, `fix the file by hand; expected shape:\n${e.expected}`);
    }
    throw e;
  }
}

export interface CommitOutcome {
  commit: MemoryCommit | null;
  /** Why nothing was committed although files changed (`locked`: a git lock file stayed busy). */
  waiting: Operation | 'disabled' | 'locked' | null;
  pending: string[];
  /** The git lock file that kept the commit from being made, when `waiting` is `locked`. */
  lock?: string;
  /** What was done to finish a memory commit a stopped process left half way, if anything. */
  repaired?: string;
  /** Changed memory files that cannot be read: left out of the commit, with why. */
  unreadable: { path: string; reason: string }[];
}

/** The parser of a memory file by its place; null for files the tool does not parse. */
function parserOf(path: string): ((text: string, path: string) => unknown) | null {
  if (path === TASKS_FILE) return parseTasks;
  if (!path.startsWith(`${JOURNAL_DIR}/`) || !path.endsWith('.md')) return null;
  return path.slice(JOURNAL_DIR.length + 1).includes('/') ? parseSession : parseDay;
}

/**
 * The changed memory files that do not parse. They are never committed, whoever commits: a
 * corrupt session file would reach every teammate, and the primer skips it anyway. A deleted
 * file is not read (its deletion is committed).
 */
export function unreadableFiles(root: string, paths: string[]): { path: string; reason: string }[] {
  const bad: { path: string; reason: string }[] = [];
  for (const path of paths) {
    const parse = parserOf(path);
    const text = parse && readTextOrNull(join(root, path));
    if (!parse || text === null) continue;
    try {
      parse(text, path);
    } catch (e) {
      if (!(e instanceof CorruptFileError)) throw e;
      bad.push({ path, reason: e.reason });
    }
  }
  return bad;
}

/** The commit message from `[commit] message`, `{summary}` being the first line of `summary`. */
export function commitMessage(config: Config, summary: string, body: string[]): string {
  const first = summary.split('\n')[0]!.replace(/\s+/g, ' ').trim();
  const short = first.length > 72 ? `${first.slice(0, 69)}…` : first;
  // The files are written when the message is made: a control character (a NUL in the config's
  // template, say) must not make commit-tree fail then. Input refuses them before anything is written.
  const subject = config.commit.message.replace('{summary}', short).replace(/\p{Cc}/gu, '');
  return body.length ? `${subject}\n\n${body.join('\n')}\n` : `${subject}\n`;
}

/** What startPending found: the repair of a stopped memory commit, and the pending changes near `day`. */
export interface PendingStart {
  repaired?: string;
  changed: string[];
  /** HEAD's trees along the paths `end` writes, read meanwhile (see commitPaths). */
  head?: Promise<HeadTrees | null>;
}

/**
 * For `end`, started once it holds the memory lock and before it writes the session, so git looks
 * while node writes: first the index of a memory commit a killed process left half way (the user's
 * next commit would otherwise undo that commit's files), then the pending changes where they can
 * be (see pending.ts) — not over the whole memory folder. The files `end` then writes are added to
 * what this finds (commitPending's `near.paths`).
 */
export function startPending(repo: Repo, day: string): Promise<PendingStart> {
  const started = (async () => {
    const repaired = (await repairIndex(repo)) ?? undefined;
    // HEAD's trees where the session and TASKS.md go, read beside the status: the commit's tree
    // is then edited as soon as the files are written.
    const dirs = dirsOf([`${JOURNAL_DIR}/${day}/-`, TASKS_FILE]);
    const head = (async () => readHeadTreesLoose(repo, dirs) ?? (await readHeadTrees(repo.root, dirs)))().catch(() => null);
    return { repaired, changed: await pendingMemoryPaths(repo, nearMemoryPaths(repo, day, [])), head };
  })();
  started.catch(() => undefined); // awaited by commitPending; a failure before that is not unhandled
  return started;
}

/**
 * Commits every pending memory change, unless a merge/rebase/cherry-pick/revert/bisect is in
 * progress (then the commit waits for `git memory commit` or the next `end`).
 *
 * `near` (from `end`): the pending changes startPending found and the files `end` wrote, instead of
 * a look over the whole memory folder. The commit moves HEAD: the primer's kept git log is kept for the new
 * HEAD too (see rekeyLog), so that the next session start, which usually follows an `end`, asks
 * git nothing. `near.landAfter`: HEAD moves only once it has settled (see commitPaths), and the
 * kept log is moved after it too. `near.vars`: git's identities and settings (see commitObject).
 */
export async function commitPending(
  repo: Repo,
  message: string,
  auto = true,
  near?: { paths: string[]; started: Promise<PendingStart>; landAfter?: Promise<unknown>; vars?: Promise<GitVars | null> },
): Promise<CommitOutcome> {
  let repaired: string | undefined;
  let changed: string[];
  let head: Promise<HeadTrees | null> | undefined;
  if (near) {
    const started = await near.started;
    repaired = started.repaired;
    changed = [...new Set([...started.changed, ...near.paths])];
    head = started.head;
  } else {
    // First the index of a memory commit a killed process left half way: the user's next commit
    // would otherwise undo that commit's files.
    repaired = (await repairIndex(repo)) ?? undefined;
    changed = await pendingMemoryPaths(repo);
  }
  // Noted paths that are no longer pending (committed by hand, say) are forgotten.
  keepNoted(repo, changed);
  const unreadable = unreadableFiles(repo.root, changed);
  const pending = changed.filter((p) => !unreadable.some((u) => u.path === p));
  const none = { commit: null, pending, repaired, unreadable };
  if (!pending.length) return { ...none, waiting: null };
  if (!auto) return { ...none, waiting: 'disabled' };
  const op = operationInProgress(repo);
  if (op) return { ...none, waiting: op };
  try {
    const commit = await commitPaths(repo, pending, message, { landAfter: near?.landAfter, head, vars: near?.vars });
    keepNoted(repo, unreadable.map((u) => u.path));
    if (commit) await rekeyLog(repo, commit.parent, commit.sha).catch(() => undefined); // the next primer asks git itself
    return { ...none, commit, waiting: null };
  } catch (e) {
    // The files are written and stay pending: the next `end` or `git memory commit` commits them.
    if (e instanceof GitLockBusyError) return { ...none, waiting: 'locked', lock: e.lock };
    throw e;
  }
}
