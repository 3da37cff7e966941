import { statSync } from 'node:fs';
import { join } from 'node:path';
import { readRange } from '../fs/read-file.js';
import { git } from './git.js';
import type { Repo } from './repo.js';
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
}

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
 * post-commit hook saw, whenever) is none. Without a recorded start, any spool entry counts.
 */
export function sessionWork(repo: Repo, entries: readonly SpoolEntry[], start: { head: string | null; reflogAt?: number } | null): boolean {
  const split = splitReflog(repo, start);
  if (!split) return entries.length > 0;
  return split.during.length > 0 || entries.some((e) => e.type !== 'commit' || !split.before.has(e.sha));
}
