import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { commitFiles, type UnresolvedCommit } from '../git/commit-files.js';
import { git } from '../git/git.js';
import { listTree } from '../git/objects.js';
import { listDays, parseJournalFile, readDays, readJournalFile, type JournalRead } from '../memory/journal.js';
import type { DreamThrough } from '../memory/long-term.js';
import { byTime, type Session } from '../memory/session.js';
import { JOURNAL_DIR } from '../paths.js';
import { stripHiddenText } from '../safety/hidden-text.js';
import type { DreamSession } from './consolidate.js';

/** How sessions sort, and how the dream state names the newest it took in. */
export const sessionKey = (s: Pick<Session, 'date' | 'time' | 'id'>) => `${s.date} ${s.time} ${s.id}`;

const strip = (t: string) => stripHiddenText(t).text;

export interface Gathered {
  sessions: DreamSession[];
  /** Files that could not be read, and commits that could not be found: said, never dropped silently. */
  skipped: string[];
  /** What the dream will have taken in once it has these sessions (for MEMORY.md). */
  through: DreamThrough | null;
  /**
   * The newest session an earlier dream took in, before the new ones: the last of its dream, whose
   * next steps were the primer's then and no lead yet. The new sessions say whether anyone took
   * them up. Null at a first dream.
   */
  before: Session | null;
}

/** How many journal days back from the oldest new session `before` is looked for. */
const BEFORE_DAYS = 7;

/**
 * The newest session in the journal older than `oldest` and not among `taken`: the days up to
 * `oldest`'s read newest first, one at a time, at most BEFORE_DAYS of them (a day holds a team's
 * hundred sessions at the largest size the bench measures).
 */
function newestBefore(root: string, oldest: Session, taken: ReadonlySet<string>): Session | null {
  const days = listDays(root).filter((d) => d <= oldest.date).slice(-BEFORE_DAYS).reverse();
  for (const day of days) {
    const older = readDays(root, [day]).sessions.filter((s) => !taken.has(s.id) && byTime(s, oldest) < 0);
    if (older.length) return older.sort(byTime).at(-1)!;
  }
  return null;
}

/**
 * The sessions a dream has not taken in yet, oldest first, each with the files its commits touched
 * and its newest commit that still exists.
 *
 * What was taken in is read from MEMORY.md itself (`through`, committed with it), so a clone, a
 * worktree or another branch each work out their own new sessions: the session files added since
 * those commits (a tree comparison, which skips the unchanged days), and files not committed yet,
 * less the sessions `through` names. A MEMORY.md written before `through` existed falls back to the
 * session key `after` (this clone's dream state; '' for all).
 */
export async function sessionsToDream(root: string, through: DreamThrough | undefined, after: string): Promise<Gathered> {
  const head = (await git(['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd: root, allowFail: true }))?.trim() || null;
  const skipped: string[] = [];
  let got: JournalRead;
  const known = through ? await presentCommits(root, through.commits) : [];
  if (through && through.commits.length && !known.length) {
    skipped.push(`none of the commits ${LONG_TERM_NAME} was dreamt through is in this clone (${through.commits.map((c) => c.slice(0, 12)).join(', ')}): every session is read again`);
  }
  if (through && known.length) {
    const { added: paths, gone } = await addedSince(root, known);
    const taken = new Set(through.sessions);
    got = { sessions: [], corrupt: [] };
    for (const rel of paths) readJournalFile(root, rel, parseJournalFile, got);
    // A session folded into a day file since (`git memory fold`) was a file of one of those commits: taken in then.
    got.sessions = got.sessions.filter((s) => !taken.has(s.id) && !(s.origin && gone.has(s.origin))).sort(byTime);
  } else {
    const fromDay = through ? '' : after.slice(0, 10);
    got = readDays(root, listDays(root).filter((d) => d >= fromDay));
    if (!through) got.sessions = got.sessions.filter((s) => sessionKey(s) > after);
  }
  skipped.push(...got.corrupt.map((c) => `skipped ${c.message}`));
  const sessions = got.sessions;
  const { found, unresolved } = await commitFiles(
    root,
    sessions.flatMap((s) => s.commits.map((c) => ({ sha: c.sha, at: Date.parse(`${s.date}T${s.time}:00Z`), ...(s.branch ? { branch: s.branch } : {}) }))),
  );
  skipped.push(...unresolvedLines(sessions, unresolved));
  // Sessions whose file is not in HEAD's tree are named, so the next dream (whose diff starts at HEAD) skips them.
  const uncommitted = head ? await notIn(root, head, sessions) : sessions.map((s) => s.id);
  // After an earlier dream (on this branch): the session it ended with.
  const before = sessions.length && (through || after) ? newestBefore(root, sessions[0]!, new Set(sessions.map((s) => s.id))) : null;
  return {
    skipped,
    before: before && { ...before, next_steps: before.next_steps.map(strip), completed: before.completed.map(strip) },
    through: head ? { commits: [head], sessions: uncommitted } : uncommitted.length ? { commits: [], sessions: uncommitted } : null,
    sessions: sessions.map((s) => {
      const hits = s.commits.map((c) => found.get(c.sha.toLowerCase())).filter((c) => c !== undefined);
      return {
        session: { ...s, learned: s.learned.map(strip), decisions: s.decisions.map(strip), notes: s.notes.map(strip), next_steps: s.next_steps.map(strip), completed: s.completed.map(strip) },
        commitFiles: hits.flatMap((c) => c.files),
        at: hits.at(-1)?.sha ?? null,
        commits: hits.map((c) => ({ sha: c.sha, files: c.files })),
      };
    }),
  };
}

const LONG_TERM_NAME = 'MEMORY.md';

/** Warnings for commits sessions name that were not found: which session, which id, why. */
function unresolvedLines(sessions: Session[], unresolved: UnresolvedCommit[]): string[] {
  if (!unresolved.length) return [];
  const why = new Map(unresolved.map((u) => [u.sha, u.why]));
  const lines: string[] = [];
  for (const s of sessions) {
    for (const c of s.commits) {
      const w = why.get(c.sha.toLowerCase());
      if (!w) continue;
      lines.push(
        w === 'ambiguous'
          ? `session ${s.id} names commit ${c.sha}, which several commits start with and its date and branch do not tell apart: its files are not taken in`
          : `session ${s.id} names commit ${c.sha}, which is not in this clone (rewritten or not fetched): its files are not taken in`,
      );
    }
  }
  return lines;
}

/** Which of `commits` this clone has. */
async function presentCommits(root: string, commits: string[]): Promise<string[]> {
  if (!commits.length) return [];
  const out = (await git(['cat-file', '--batch-check=%(objectname) %(objecttype)'], { cwd: root, input: `${commits.join('\n')}\n`, allowFail: true })) ?? '';
  const lines = out.split('\n');
  return commits.filter((c, i) => lines[i] === `${c} commit`);
}

/**
 * Journal files in the working tree that the tree of none of `commits` holds: added (committed or
 * not) since each of them, and untracked ones. Comparing trees skips every day that did not change.
 * `gone`: the journal files one of `commits` held that are no longer there (folded, or deleted).
 */
async function addedSince(root: string, commits: string[]): Promise<{ added: string[]; gone: Set<string> }> {
  const gone = new Set<string>();
  const lists = await Promise.all(
    commits.map(async (c) => {
      const fields = (await git(['diff', '--no-renames', '--name-status', '--diff-filter=AD', '-z', c, '--', JOURNAL_DIR], { cwd: root })).split('\0');
      const added: string[] = [];
      for (let i = 0; i + 1 < fields.length; i += 2) {
        if (fields[i] === 'D') gone.add(fields[i + 1]!);
        else added.push(fields[i + 1]!);
      }
      return added;
    }),
  );
  let added = new Set(lists[0]);
  for (const l of lists.slice(1)) {
    const also = new Set(l);
    added = new Set([...added].filter((p) => also.has(p)));
  }
  const untracked = (await git(['ls-files', '-z', '--others', '--exclude-standard', '--', JOURNAL_DIR], { cwd: root })).split('\0').filter(Boolean);
  return { added: [...new Set([...added, ...untracked])].filter((p) => p.endsWith('.md')).sort(), gone };
}

/**
 * Ids of the sessions whose file HEAD's tree does not hold: one listing of HEAD's journal (a
 * `HEAD:<path>` lookup per session walked the trees again for each, 2 s of git's CPU at 10k sessions).
 */
async function notIn(root: string, head: string, sessions: Session[]): Promise<string[]> {
  const withPath = sessions.filter((s) => s.path);
  if (!withPath.length) return [];
  const inHead = new Set((await listTree(root, head, [JOURNAL_DIR])).map((f) => f.path));
  return withPath.filter((s) => !inHead.has(s.path!)).map((s) => s.id);
}

/** Whether a path is in the working tree (a file or a directory). */
export const inWorktree = (root: string) => (path: string) => existsSync(join(root, path));
