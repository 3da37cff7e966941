import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT, GitMemoryError } from '../../errors.js';
import { commitPaths, GitLockBusyError, pendingMemoryPaths, UserCommitUnderWayError, type MemoryCommit } from '../../git/commit.js';
import { dirsOf, headHas, readHeadTrees, readHeadTreesLoose, type HeadTrees } from '../../git/tree-edit.js';
import { repairIndex } from '../../git/index-swap.js';
import { keepNoted, nearMemoryPaths } from '../../git/pending.js';
import { rekeyLog } from '../../git/log.js';
import type { GitVars } from '../../git/vars.js';
import { anOperation, isOperation, operationInProgress, type Operation, type Repo } from '../../git/repo.js';
import type { Config } from '../../memory/config.js';
import { CorruptFileError } from '../../memory/frontmatter.js';
import { parseJournalFile } from '../../memory/journal.js';
import { DEFERRED_FILE, JOURNAL_DIR, TASKS_FILE } from '../../paths.js';
import { writeAtomic } from '../../fs/atomic.js';
import { readTextOrNull } from '../../fs/read-file.js';
import { parseTasks, serializeTasks, type TaskList } from '../../memory/tasks.js';
import { readTaskFile, TASKS_READ_MAX_BYTES } from '../../memory/tasks-file.js';
import { markedTasks } from '../../memory/tasks-marked.js';
import { hasConflictMarkers } from '../../memory/conflict-markers.js';
import { dropHeldTasks, holdTasks, readHeldTasks, withHeldTasks } from '../../memory/tasks-held.js';
import { tasksLang } from '../../memory/tasks-merge.js';
import { memoryFileText, writablePath } from '../../worktree-path.js';
import { guardText } from '../../safety/guard.js';
import { stripHiddenText } from '../../safety/hidden-text.js';

/** TASKS.md as read for an update: the list to change (a held change merged in) and the file's text. */
export interface TasksRead {
  list: TaskList;
  text: string | null;
}

/**
 * Reads TASKS.md for an update, with a task change held during a git operation merged in (see
 * memory/tasks-held.ts). A corrupt file stops the command: it is never rewritten.
 */
export function readTasksForUpdate(repo: Repo): TasksRead {
  try {
    return readTaskFile(repo.root, readHeldTasks(repo.stateDir));
  } catch (e) {
    if (!(e instanceof CorruptFileError)) throw e;
    // Conflict markers of the merge in progress: read by task id, and the change is held (writeTasks).
    // Read as tasksText reads it: never through a link (the markers would be another file's, outside
    // the repository, and the held change would carry its text into TASKS.md), nor past its cap.
    const text = memoryFileText(repo.root, TASKS_FILE, TASKS_READ_MAX_BYTES).text;
    const markers = text !== null && hasConflictMarkers(text);
    if (markers && operationInProgress(repo)) {
      try {
        // The base of the held change is the markers' merge written out, so it lands on `resolve`'s
        // result as what it added or changed alone.
        const marked = markedTasks(text);
        const held = marked && readHeldTasks(repo.stateDir);
        if (marked) return { list: held ? withHeldTasks(held, marked) : marked, text: serializeTasks(marked, tasksLang(text)) };
      } catch (e2) {
        if (!(e2 instanceof CorruptFileError)) throw e2;
      }
    }
    const hint = markers ? `it has conflict markers: \`git memory resolve\` merges them by task id` : `fix the file by hand; expected shape:\n${e.expected}`;
    throw new GitMemoryError(`${e.message}; it was left as it is`, EXIT.error, hint);
  }
}

/**
 * Writes the new TASKS.md `text` made from `read`; under the memory lock. While a git operation is
 * in progress the tracked file is left as it is (a rebase's --abort or --skip would reset it, its
 * --continue would refuse it) and the change is held in the state directory instead, until it
 * lands (landHeldTasks). Returns the operation it waits for, or null when TASKS.md was written.
 */
export function writeTasks(repo: Repo, text: string, read: TasksRead): Operation | null {
  const op = operationInProgress(repo);
  if (op) {
    holdTasks(repo.stateDir, { base: read.text, tasks: text, op });
    return op;
  }
  writeAtomic(repo.stateDir, writablePath(repo.root, TASKS_FILE, { includeFile: true }), text);
  dropHeldTasks(repo.stateDir); // merged into `text` by readTasksForUpdate
  return null;
}

/**
 * Lands a held task change in TASKS.md, merged by task id with the file as it is now; for when no
 * git operation is in progress, under the memory lock. The file is written before the change is
 * forgotten: a reader in between merges it a second time, to the same list. 'landed' when TASKS.md
 * was written, null when nothing was held; a TASKS.md that does not parse keeps the change held
 * (its reason is returned).
 */
function landHeldTasks(repo: Repo): 'landed' | { reason: string; during: string } | null {
  const held = readHeldTasks(repo.stateDir);
  if (!held) return null;
  let read: TasksRead;
  try {
    read = readTaskFile(repo.root, held);
  } catch (e) {
    if (e instanceof CorruptFileError) return { reason: e.reason, during: isOperation(held.op) ? anOperation(held.op) : 'a git operation' };
    throw e;
  }
  writeAtomic(repo.stateDir, writablePath(repo.root, TASKS_FILE, { includeFile: true }), serializeTasks(read.list, tasksLang(held.tasks)));
  dropHeldTasks(repo.stateDir);
  return 'landed';
}

export interface CommitOutcome {
  commit: MemoryCommit | null;
  /**
   * Why nothing was committed although files changed (`locked`: a git lock file stayed busy;
   * `failed`: the commit failed once `end` had written its files, see commitFailed).
   */
  waiting: Operation | 'disabled' | 'locked' | 'failed' | null;
  pending: string[];
  /** The git lock file that kept the commit from being made, when `waiting` is `locked`. */
  lock?: string;
  /** What made the commit fail, when `waiting` is `failed` (git's message). */
  error?: string;
  /** What was done to finish a memory commit a stopped process left half way, if anything. */
  repaired?: string;
  /** Changed memory files that cannot be read: left out of the commit, with why. */
  unreadable: { path: string; reason: string }[];
  /** Changed memory files the command did not write itself that hold a secret: left out of the commit. */
  refused?: RefusedFile[];
  /** The operation a held task change waits for (see writeTasks); TASKS.md is then among `pending`. */
  tasksWaiting: Operation | null;
}

/** The parser of a memory file by its place; null for files the tool does not parse. */
function parserOf(path: string): ((text: string, path: string) => unknown) | null {
  if (path === TASKS_FILE) return parseTasks;
  if (!path.startsWith(`${JOURNAL_DIR}/`) || !path.endsWith('.md')) return null;
  return parseJournalFile;
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

/** What a memory commit message is called in a refusal or a warning. */
const MESSAGE = 'the memory commit message';

/**
 * The commit message from `[commit] message`, `{summary}` being the first line of `summary`.
 * Invisible and bidi characters are removed from it as from every memory write. Its secrets are the
 * callers': `end`'s request was scanned with the session file (and redacted by guardCommitSummary
 * where that scan redacted), `commit -m` goes through guardCommitSummary, the others are fixed text
 * (a second pass here would redact what the project's allowlist lets through).
 */
export function commitMessage(config: Config, summary: string, body: string[]): string {
  const first = stripHiddenText(summary.split('\n')[0]!).text.replace(/\s+/g, ' ').trim();
  const short = first.length > 72 ? `${first.slice(0, 69)}…` : first;
  // The files are written when the message is made: a control character (a NUL in the config's
  // template, say) must not make commit-tree fail then. Input refuses them before anything is written.
  // (A function replacer: a `$&` or `$'` in the summary is text, not a replacement pattern.)
  const subject = stripHiddenText(config.commit.message.replace('{summary}', () => short)).text.replace(/\p{Cc}/gu, '');
  return body.length ? `${subject}\n\n${body.join('\n')}\n` : `${subject}\n`;
}

/**
 * The text a memory commit message's `{summary}` stands for (the first line of `summary`), through
 * the gate every memory write passes (guardText): invisible characters removed, then the full
 * secret scan. In `block` mode a secret refuses the command (exit 3), so a caller asks before it
 * writes anything; in `redact` mode the value is replaced by `[REDACTED:<rule>]`.
 */
export async function guardCommitSummary(config: Config, summary: string, mode = config.secrets.mode): Promise<{ text: string; warnings: string[] }> {
  return guardText(summary.split('\n')[0]!, MESSAGE, { mode, allowlist: config.secrets.allowlist });
}

/** A changed memory file left out of a commit because it holds a secret, with what was found (masked). */
export interface RefusedFile {
  path: string;
  findings: { ruleId: string; line: number; column: number; masked: string }[];
}

/** The warning that names a file left out for a secret, and what to do about it. */
export function refusedWarning(r: RefusedFile): string {
  const found = r.findings.map((f) => `${f.ruleId} at ${r.path}:${f.line}:${f.column} ${f.masked}`).join(', ');
  return `not committed: ${r.path} contains ${r.findings.length === 1 ? 'a secret' : `${r.findings.length} secrets`} (${found}); remove the value (a false positive goes in [secrets] allowlist), then run \`git memory commit\``;
}

/** Whether a regular file is at `path` (a symbolic link is not followed). */
function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The changed memory files among `paths` that hold a secret, found by the scanner `scan` and the
 * pre-push hook use (scanMemoryText), for files the committing command did not write itself from
 * scanned input (a hand edit, a teammate's file). Deleted files and what is not a regular file are
 * not read. Loads the scanner only when there is a file to scan.
 */
async function secretFiles(root: string, paths: string[], allowlist: readonly string[]): Promise<RefusedFile[]> {
  const files = paths.flatMap((path) => {
    const full = join(root, path);
    const text = isFile(full) ? readTextOrNull(full) : null;
    return text === null ? [] : [{ path, text }];
  });
  if (!files.length) return [];
  const { scanMemoryText } = await import('../../safety/scan-memory.js');
  const refused: RefusedFile[] = [];
  for (const { path, text } of files) {
    const found = await scanMemoryText(text, allowlist);
    if (found.length) refused.push({ path, findings: found.map(({ ruleId, line, column, masked }) => ({ ruleId, line, column, masked })) });
  }
  return refused;
}

/**
 * Leaves the memory commit for after the user's `git commit` under way: its message is kept where
 * the shell post-commit hook looks (a test, no process), which then runs `git-memory commit` in the
 * background once that commit has moved HEAD (git/hook-blocks.ts). Without the hook (or when that
 * commit is aborted) the next `end` or `git memory commit` lands the files, as after any wait.
 */
function deferCommit(repo: Repo, message: string): void {
  try {
    writeAtomic(repo.stateDir, join(repo.stateDir, DEFERRED_FILE), message);
  } catch {
    /* a read-only state directory: the files wait for the next end or commit */
  }
}

/** More than any message deferCommit writes (a subject and a line per session). */
const DEFERRED_MAX = 16 * 1024;

/**
 * The message of the memory commit left for after a user's commit (deferCommit), if one waits, only
 * as deferCommit writes it: a regular file, not a link (opened without following one: a link to
 * `~/.aws/credentials` made its text the message of a commit that is pushed), at most DEFERRED_MAX
 * bytes, no control character but tab and line ends; otherwise the default message is used. It
 * passes the secret scan as any message does, in `redact` mode: the post-commit hook lands it in
 * the background, where a refusal would only leave the files pending.
 */
export async function deferredMessage(repo: Repo, config: Config): Promise<string | null> {
  let fd: number;
  try {
    fd = openSync(join(repo.stateDir, DEFERRED_FILE), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  let text: string;
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > DEFERRED_MAX) return null;
    text = readFileSync(fd, 'utf8');
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
  if (!text.trim() || text.length > DEFERRED_MAX || /(?![\t\n])\p{Cc}/u.test(text.replace(/\r\n/g, '\n'))) return null;
  return (await guardText(text, MESSAGE, { mode: 'redact', allowlist: config.secrets.allowlist })).text;
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
 * The outcome of `end`'s commit that failed (git refused it, HEAD kept moving) after the session
 * file and TASKS.md were written: the files stay written and pending (`left`), as for a busy lock,
 * and `git memory commit` or the next `end` commits them. Not an error that says nothing was written.
 */
export function commitFailed(e: unknown, left: Pick<CommitOutcome, 'pending'> & Partial<CommitOutcome>): CommitOutcome {
  const error = (e instanceof Error ? e.message : String(e)).trim();
  return { unreadable: [], tasksWaiting: null, ...left, commit: null, waiting: 'failed', error };
}

/**
 * Commits every pending memory change, unless a merge/rebase/am/cherry-pick/revert/bisect is in
 * progress (then the commit waits for `git memory commit` or the next `end`). A task change held
 * during such an operation (see writeTasks) lands in TASKS.md first, once none is in progress.
 *
 * `near` (from `end`): the pending changes startPending found and the files `end` wrote, instead of
 * a look over the whole memory folder. The commit moves HEAD: the primer's kept git log is kept for the new
 * HEAD too (see rekeyLog), so that the next session start, which usually follows an `end`, asks
 * git nothing. `near.landAfter`: HEAD moves only once it has settled (see commitPaths), and the
 * kept log is moved after it too. `near.vars`: git's identities and settings (see commitObject).
 * `near.ifTracked`: files `end` rewrote after the look began (a shared primer), committed where
 * HEAD has them (one that is not tracked is the look's to find, unless ignored).
 */
export async function commitPending(
  repo: Repo,
  message: string,
  /** `[commit] auto` (false: nothing is committed) and the `[secrets] allowlist` the caller loaded with the config. */
  { auto = true, allowlist }: { auto?: boolean; allowlist: readonly string[] },
  near?: { paths: string[]; ifTracked?: string[]; started: Promise<PendingStart>; landAfter?: Promise<unknown>; vars?: Promise<GitVars | null> },
  /** Processes of a user's commit known to be past its ref update (the one whose post-commit started this). */
  ignore?: readonly number[],
): Promise<CommitOutcome> {
  const outcome = await commitPendingOnce(repo, message, { auto, allowlist }, near, ignore);
  // One deferred commit at most, and only while a commit is under way: any other outcome lands it
  // or leaves its files pending as every wait does, so the hook does not start node at each commit.
  if (outcome.waiting === 'commit') deferCommit(repo, message);
  else {
    try {
      rmSync(join(repo.stateDir, DEFERRED_FILE), { force: true });
    } catch {
      /* a read-only state directory: nothing was deferred there */
    }
  }
  return outcome;
}

async function commitPendingOnce(
  repo: Repo,
  message: string,
  { auto, allowlist }: { auto: boolean; allowlist: readonly string[] },
  near: Parameters<typeof commitPending>[3],
  ignore: readonly number[] | undefined,
): Promise<CommitOutcome> {
  let repaired: string | undefined;
  let changed: string[];
  let head: Promise<HeadTrees | null> | undefined;
  /** The files the caller wrote itself from scanned input (`end`'s session, TASKS.md, primer): not scanned again. */
  let own: string[] = [];
  const op = operationInProgress(repo);
  // Landed before the full look below finds it; `end`'s look ran before, so it is added to that.
  const landed = op ? null : landHeldTasks(repo);
  if (near) {
    const started = await near.started;
    repaired = started.repaired;
    head = started.head;
    const trees = near.ifTracked?.length ? await head : null;
    const tracked = trees ? near.ifTracked!.filter((p) => headHas(trees, p)) : [];
    changed = [...new Set([...started.changed, ...near.paths, ...tracked, ...(landed === 'landed' ? [TASKS_FILE] : [])])];
    own = [...near.paths, ...tracked];
  } else {
    // First the index of a memory commit a killed process left half way: the user's next commit
    // would otherwise undo that commit's files.
    repaired = (await repairIndex(repo)) ?? undefined;
    changed = await pendingMemoryPaths(repo);
  }
  // Noted paths that are no longer pending (committed by hand, say) are forgotten.
  keepNoted(repo, changed);
  const unreadable = unreadableFiles(repo.root, changed);
  if (landed && landed !== 'landed' && !unreadable.some((u) => u.path === TASKS_FILE)) {
    unreadable.push({ path: TASKS_FILE, reason: `${landed.reason}; the task change made during ${landed.during} waits until it can be merged into it` });
  }
  // Every other file is scanned as the pre-push hook would: one holding a secret is left out.
  const refused = await secretFiles(repo.root, changed.filter((p) => !own.includes(p) && !unreadable.some((u) => u.path === p)), allowlist);
  const tasksWaiting = op && readHeldTasks(repo.stateDir) ? op : null;
  const pending = [...changed.filter((p) => !unreadable.some((u) => u.path === p) && !refused.some((r) => r.path === p)), ...(tasksWaiting && !changed.includes(TASKS_FILE) ? [TASKS_FILE] : [])];
  const none = { commit: null, pending, repaired, unreadable, refused, tasksWaiting };
  if (!pending.length) return { ...none, waiting: null };
  if (!auto) return { ...none, waiting: 'disabled' };
  if (op) return { ...none, waiting: op };
  try {
    const commit = await commitPaths(repo, pending, message, { landAfter: near?.landAfter, head, vars: near?.vars, ignore });
    keepNoted(repo, [...unreadable, ...refused].map((u) => u.path));
    if (commit) await rekeyLog(repo, commit.parent, commit.sha).catch(() => undefined); // the next primer asks git itself
    return { ...none, commit, waiting: null };
  } catch (e) {
    // The files are written and stay pending: the next `end` or `git memory commit` commits them.
    if (e instanceof GitLockBusyError) return { ...none, waiting: 'locked', lock: e.lock };
    // A user's commit under way: left for after it (see deferCommit), as from one of its hooks.
    if (e instanceof UserCommitUnderWayError) return { ...none, waiting: 'commit' };
    if (near) return commitFailed(e, none); // `end`: said so, with git's reason (`commit` fails)
    throw e;
  }
}
