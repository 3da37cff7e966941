import { realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readRange, readTextOrNull } from '../fs/read-file.js';
import { git } from './git.js';
import type { Repo } from './repo.js';
import { splitMarked } from './session-marks.js';
import type { SpoolEntry } from './spool-codec.js';

/**
 * A session's commits from HEAD's reflog (this worktree's `logs/HEAD`), which git writes whatever
 * hooks ran: an agent that runs its shell with `core.hooksPath=''` (Gemini CLI) leaves no spool
 * entry, and a commit made before the session started (the "Set up git-memory" commit) sits in the
 * spool all the same. The session's start records how long the reflog was then (`reflogAt`); the
 * lines after it are the session's, the lines before are not.
 */

/** What git-memory's own commits write in the reflog (commit.ts REFLOG_PREFIX; not imported: the hooks' cheap check loads no commit code). */
const REFLOG_PREFIX = 'git-memory: ';

/** Bytes of the reflog read before the start: the spool's older commits are recent ones. */
const BEFORE_BYTES = 256 * 1024;
/** Bytes read after the start at most: a session writes a few lines per commit. */
const DURING_BYTES = 4 * 1024 * 1024;

/** Reflog messages of an operation that made a commit here (a fast-forward or a checkout made none). */
const MADE = /^(commit( \([a-z ]+\))?|cherry-pick|revert|(pull( --rebase)?|rebase( -i)?) \((pick|reword|edit|squash|fixup|finish)\)|(merge|pull) [^:]*: Merge made by .*)(: |$)/;

export const reflogPath = (repo: Repo) => join(repo.gitDir, 'logs', 'HEAD');

/** The reflog's length now (recorded at a session's start); null when HEAD has none. */
export function reflogSize(repo: Repo): number | null {
  try {
    return statSync(reflogPath(repo)).size;
  } catch {
    return null;
  }
}

interface Line {
  sha: string;
  made: boolean;
}

function parse(text: string): Line[] {
  const out: Line[] = [];
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    const m = /^[0-9a-f]{40,64} ([0-9a-f]{40,64}) /.exec(line);
    if (!m || tab < 0) continue;
    const message = line.slice(tab + 1);
    out.push({ sha: m[1]!, made: !message.startsWith(REFLOG_PREFIX) && MADE.test(message) });
  }
  return out;
}

/** Where the session starts in the reflog: the recorded length, else just after HEAD last became `head`. */
function startOffset(repo: Repo, start: { head: string | null; reflogAt?: number }, size: number): number | null {
  if (typeof start.reflogAt === 'number' && start.reflogAt <= size) return start.reflogAt;
  if (!start.head) return null;
  const tail = readRange(reflogPath(repo), -BEFORE_BYTES, BEFORE_BYTES);
  if (!tail) return null;
  const lines = tail.text.split('\n');
  let offset = tail.from + Buffer.byteLength(tail.text);
  for (let i = lines.length - 1; i >= 0; i--) {
    offset -= Buffer.byteLength(lines[i]!) + (i < lines.length - 1 ? 1 : 0);
    const m = /^[0-9a-f]{40,64} ([0-9a-f]{40,64}) /.exec(lines[i]!);
    if (m && m[1]!.startsWith(start.head)) return offset + Buffer.byteLength(lines[i]!) + 1;
  }
  return null;
}

export interface ReflogSplit {
  /** Commits made here before the session started. */
  before: Set<string>;
  /** Commits made here since, in order (not yet checked against HEAD). */
  during: string[];
  /** Commits made here after the session's last transcript record (splitReflogSince's `until`): another's work. */
  after?: Set<string>;
}

/**
 * How long after a transcript's last record a commit is still the session's, where no start was
 * recorded and the end comes late: the agent writes a tool's result after the command (its commit)
 * ran, but a killed agent may not have written it, and Gemini CLI stamps a tool call with its start.
 */
export const LAST_RECORD_SLACK_SECONDS = 120;

/** The reflog's commits on either side of the session's start; null when the start is unknown. */
export function splitReflog(repo: Repo, start: { head: string | null; reflogAt?: number } | null): ReflogSplit | null {
  const size = reflogSize(repo);
  if (!start || size === null) return null;
  const at = startOffset(repo, start, size);
  if (at === null) return null;
  const from = Math.max(0, at - BEFORE_BYTES);
  const before = readRange(reflogPath(repo), from, at - from);
  const after = readRange(reflogPath(repo), at, Math.min(size - at, DURING_BYTES));
  // A cut through a line leaves a piece that does not parse: dropped.
  const made = (text: string | undefined) => parse(text ?? '').filter((l) => l.made).map((l) => l.sha);
  const during = [...new Set(made(after?.text))];
  return { before: new Set(made(before?.text)), during };
}

/**
 * The reflog's commits on either side of `seconds`, for a session whose start was never recorded
 * (no SessionStart hook ran: Claude Code started in a subfolder reads none of the root's hooks) but
 * whose transcript says when it began: a line of that second or later is the session's (reflog
 * times are whole seconds), one before it is not. Null when HEAD has no reflog or the time is ahead
 * of the clock (GIT_MEMORY_NOW set ahead: the reflog holds the clock's times).
 */
export function splitReflogSince(repo: Repo, seconds: number, until?: number): ReflogSplit | null {
  const size = reflogSize(repo);
  if (size === null || !Number.isFinite(seconds) || seconds * 1000 > Date.now()) return null;
  const span = Math.min(size, BEFORE_BYTES + DURING_BYTES);
  const tail = readRange(reflogPath(repo), size - span, span);
  const before = new Set<string>();
  const during: string[] = [];
  const after = new Set<string>();
  // The transcript's last record (and LAST_RECORD_SLACK_SECONDS) closes the window: a late end
  // (the next day, after another session) does not take the commits made since as its own.
  const last = until !== undefined && Number.isFinite(until) && until >= seconds ? until + LAST_RECORD_SLACK_SECONDS : Infinity;
  // A cut through the first line leaves a piece that does not match: dropped.
  for (const line of (tail?.text ?? '').split('\n')) {
    const m = /^[0-9a-f]{40,64} ([0-9a-f]{40,64}) [^\t]*> (\d+) [+-]\d{4}\t(.*)$/.exec(line);
    if (!m || m[3]!.startsWith(REFLOG_PREFIX) || !MADE.test(m[3]!)) continue;
    const t = Number(m[2]);
    if (t > last) after.add(m[1]!);
    else if (t >= seconds) {
      if (!during.includes(m[1]!)) during.push(m[1]!);
    } else before.add(m[1]!);
  }
  return { before, during: during.filter((sha) => !after.has(sha)), ...(after.size ? { after } : {}) };
}

/** Whether the reflog shows a commit made here since the session started (no git process). */
export function commitsSinceStart(repo: Repo, start: { head: string | null; reflogAt?: number } | null): boolean {
  return (splitReflog(repo, start)?.during.length ?? 0) > 0;
}

/**
 * The session's commits the reflog shows that HEAD still has (a commit amended or rebased away
 * is gone, its new version is there, as the spool's post-rewrite does), oldest first.
 */
export async function sessionReflogCommits(repo: Repo, split: ReflogSplit, startHead: string | null): Promise<string[]> {
  if (!split.during.length) return [];
  const out = await git(['rev-list', 'HEAD', ...(startHead ? [`^${startHead}`] : ['--max-count=5000'])], { cwd: repo.root, allowFail: true });
  const reachable = new Set((out ?? '').split('\n').filter(Boolean));
  return split.during.filter((sha) => reachable.has(sha));
}

/**
 * Whether the worktree holds work for the session to record: an item logged, a commit the spool
 * or the reflog has from since its start. A commit made before it (the spool keeps what the
 * post-commit hook saw, whenever) is none. Without a recorded start, any spool entry counts. For
 * an agent session (`sessionId`), what another session still open marked as its own is none.
 */
export function sessionWork(repo: Repo, all: readonly SpoolEntry[], start: { head: string | null; reflogAt?: number } | null, sessionId?: string): boolean {
  const { mine: entries, others } = splitMarked(repo.stateDir, all, sessionId);
  const split = splitReflog(repo, start);
  if (!split) return entries.length > 0;
  return split.during.some((sha) => !others.has(sha)) || entries.some((e) => e.type !== 'commit' || !split.before.has(e.sha));
}

/** The other worktrees' reflogs read at most (a session's few lines are at their end). */
const OTHER_BYTES = 256 * 1024;

const real = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
};

/** The git dir of the worktree holding `dir`: a `.git` folder, or a linked worktree's `gitdir:` file, found upward; null when none. */
function gitDirOf(dir: string): string | null {
  for (let d = resolve(dir), i = 0; i < 64; i++) {
    const dot = join(d, '.git');
    let st;
    try {
      st = statSync(dot);
    } catch {
      st = null;
    }
    if (st?.isDirectory()) return real(dot);
    if (st?.isFile()) {
      const m = /^gitdir: (.+)$/m.exec(readTextOrNull(dot) ?? '');
      return m ? real(resolve(d, m[1]!.trim())) : null;
    }
    const up = dirname(d);
    if (up === d) return null;
    d = up;
  }
  return null;
}

const commonDirOf = (gitDir: string) => {
  const common = readTextOrNull(join(gitDir, 'commondir'))?.trim();
  return real(common ? resolve(gitDir, common) : gitDir);
};

/**
 * The commits a session made in this repository's other worktrees, oldest first: the folders its
 * transcript worked in (`dirs`: a Claude Code worktree after EnterWorktree, the checkout it started
 * in when it ends in a worktree), each from the time it was first there (and not before `since`,
 * the session's recorded start). A commit counts when that worktree's reflog made it then and its
 * HEAD still has it; a folder of another repository is passed over, and one of this worktree unless
 * `own` (its reflog is read from the recorded start: `own` where it has none, the session having
 * started in another worktree); without a recorded start, not after `until` (the transcript's last
 * record) and its slack. No git process unless a reflog shows such a commit.
 */
export async function otherWorktreeCommits(
  repo: Repo,
  dirs: readonly { dir: string; at: string }[],
  since: number | null,
  startHead: string | null,
  opts: { own?: boolean; until?: number } = {},
): Promise<string[]> {
  const last = opts.until !== undefined && Number.isFinite(opts.until) ? opts.until + LAST_RECORD_SLACK_SECONDS : Infinity;
  const own = opts.own ? null : real(repo.gitDir);
  const common = real(repo.commonDir);
  const from = new Map<string, { dir: string; at: number }>();
  for (const { dir, at } of dirs.slice(0, 32)) {
    const t = Date.parse(at);
    if (!dir || !Number.isFinite(t)) continue;
    const gd = gitDirOf(dir);
    if (!gd || gd === own || commonDirOf(gd) !== common) continue;
    // Reflog times are whole seconds: a commit of the second the folder was first seen counts.
    const s = Math.max(Math.floor(t / 1000), since ?? 0);
    const was = from.get(gd);
    if (!was || s < was.at) from.set(gd, { dir, at: s });
  }
  const out: string[] = [];
  for (const [gd, { dir, at }] of from) {
    const log = join(gd, 'logs', 'HEAD');
    let size: number;
    try {
      size = statSync(log).size;
    } catch {
      continue;
    }
    const tail = readRange(log, Math.max(0, size - OTHER_BYTES), Math.min(size, OTHER_BYTES));
    const made: string[] = [];
    for (const line of (tail?.text ?? '').split('\n')) {
      const m = /^[0-9a-f]{40,64} ([0-9a-f]{40,64}) [^\t]*> (\d+) [+-]\d{4}\t(.*)$/.exec(line);
      if (m && Number(m[2]) >= at && Number(m[2]) <= last && !m[3]!.startsWith(REFLOG_PREFIX) && MADE.test(m[3]!)) made.push(m[1]!);
    }
    if (!made.length) continue;
    const reach = await git(['rev-list', 'HEAD', ...(startHead ? [`^${startHead}`] : ['--max-count=5000'])], { cwd: dir, allowFail: true });
    const reachable = new Set((reach ?? '').split('\n').filter(Boolean));
    for (const sha of made) if (reachable.has(sha) && !out.includes(sha)) out.push(sha);
  }
  return out;
}
