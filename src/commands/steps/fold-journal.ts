import { mkdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GitMemoryError } from '../../errors.js';
import { writeAtomic } from '../../fs/atomic.js';
import { forEachBlob } from '../../git/blob-batch.js';
import { commitPaths, GitLockBusyError } from '../../git/commit.js';
import { git } from '../../git/git.js';
import { listTree } from '../../git/objects.js';
import type { Repo } from '../../git/repo.js';
import type { Config } from '../../memory/config.js';
import { foldable, foldedFiles, isFoldedData, renderFolded, type FoldedFile } from '../../memory/folded-day.js';
import { CorruptFileError, readFrontmatter } from '../../memory/frontmatter.js';
import { parseSession } from '../../memory/session.js';
import { JOURNAL_DIR } from '../../paths.js';
import { writablePath } from '../../worktree-path.js';
import { commitMessage } from './commit-memory.js';

/** A day folded (or that a dry run would fold). */
export interface FoldedDay {
  day: string;
  /** The day file the sessions are folded into (`journal/<date>.md`). */
  path: string;
  /** The session files folded into it now. */
  files: string[];
  /** Sessions the day file holds after the fold (those folded before too). */
  sessions: number;
}

/** What a fold does: the days it folds and the files it leaves, with why. */
export interface FoldPlan {
  days: DayPlan[];
  skipped: { path: string; reason: string }[];
}

/** The first day of the month `back` months before the one `day` is in (YYYY-MM-DD). */
export function monthStart(day: string, back: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 - back;
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** The day `n` days before `day` (YYYY-MM-DD, calendar days). */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) - n)).toISOString().slice(0, 10);
}

/**
 * The first day a fold keeps as files on `today` (a session's day is its path's, the local date of
 * its writer): with `[journal] fold_after_days` N, today minus N days (the files dated more than N
 * days ago are folded); with 0, the first day of last month.
 */
export function foldCutoff(today: string, journal: Config['journal']): string {
  return journal.fold_after_days > 0 ? daysBefore(today, journal.fold_after_days) : monthStart(today, 1);
}

/**
 * Writes the plan's day files, removes the session files it folds and commits both (the journal
 * only: see commitPaths), under the caller's memory lock. A commit that fails puts every file back.
 */
export async function applyFold(repo: Repo, config: Config, plan: FoldPlan, before: string): Promise<{ sha: string; paths: number } | null> {
  if (!plan.days.length) return null;
  const n = plan.days.reduce((k, d) => k + d.files.length, 0);
  const paths = plan.days.flatMap((d) => [d.day.path, ...d.day.files]);
  const undo = writeFold(repo.stateDir, repo.root, plan.days);
  const message = commitMessage(config, `fold ${n} session file${n === 1 ? '' : 's'} of ${plan.days.length} day${plan.days.length === 1 ? '' : 's'} before ${before} into day files`, [
    'Each session file is kept byte for byte in its day file (journal/<date>.md), after a',
    '`<!-- git-memory: folded from <path> -->` line: git memory reads it as it read the file.',
  ]);
  try {
    const commit = await commitPaths(repo, paths, message);
    return commit && { sha: commit.sha, paths: commit.paths.length };
  } catch (e) {
    undo();
    if (e instanceof GitLockBusyError) throw e;
    throw new GitMemoryError(`the fold could not be committed, and was undone: ${(e instanceof Error ? e.message : String(e)).trim()}`);
  }
}

export interface DayPlan {
  day: FoldedDay;
  text: string;
  /** The session files folded, as HEAD has them (to put back if the commit fails). */
  files: FoldedFile[];
  /** The day file's text before the fold, or null when there was none. */
  previous: string | null;
}

/** What a fold before `before` would do at `head`: the days folded and the files left as they are. */
export async function planFold(root: string, head: string, before: string): Promise<FoldPlan> {
  const skipped: FoldPlan['skipped'] = [];
  const byDay = new Map<string, { files: { path: string; blob: string }[]; dayFile: { path: string; blob: string } | null }>();
  const slot = (day: string) => byDay.get(day) ?? byDay.set(day, { files: [], dayFile: null }).get(day)!;
  for (const f of await listTree(root, head, [JOURNAL_DIR])) {
    const rest = f.path.slice(JOURNAL_DIR.length + 1).split('/');
    const day = rest.length === 2 ? rest[0]! : rest.length === 1 ? rest[0]!.replace(/\.md$/, '') : '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day >= before || !f.path.endsWith('.md')) continue;
    if (rest.length === 2) slot(day).files.push(f);
    else slot(day).dayFile = f;
  }
  const days = [...byDay].filter(([, d]) => d.files.length).sort(([a], [b]) => (a < b ? -1 : 1));
  if (!days.length) return { days: [], skipped };

  // A day with any journal change not committed (staged, changed, deleted, untracked) is left alone.
  const status = await git(['status', '--porcelain', '-z', '--untracked-files=all', '--no-renames', '--ignore-submodules', '--', `:(top)${JOURNAL_DIR}`], { cwd: root });
  const dirty = new Set(
    status
      .split('\0')
      .filter(Boolean)
      .map((e) => e.slice(3).slice(JOURNAL_DIR.length + 1).split('/')[0]!.replace(/\.md$/, '')),
  );

  const blobs = days.flatMap(([, d]) => [...d.files.map((f) => f.blob), ...(d.dayFile ? [d.dayFile.blob] : [])]);
  const texts = new Map<string, string | null>();
  await forEachBlob(root, blobs, async (blob, text) => void texts.set(blob, text));

  const out: DayPlan[] = [];
  for (const [day, d] of days) {
    const path = `${JOURNAL_DIR}/${day}.md`;
    if (dirty.has(day)) {
      skipped.push({ path: `${JOURNAL_DIR}/${day}/`, reason: 'has journal changes not committed; commit them (`git memory commit`) and fold again' });
      continue;
    }
    let kept: FoldedFile[] = [];
    const previous = d.dayFile ? (texts.get(d.dayFile.blob) ?? null) : null;
    if (d.dayFile) {
      try {
        const { data, body } = readFrontmatter(previous ?? '', path, '');
        if (!isFoldedData(data)) {
          skipped.push({ path, reason: 'is a day of the original per-day journal; the session files of that day are left as they are' });
          continue;
        }
        kept = foldedFiles(body, path);
      } catch (e) {
        if (!(e instanceof CorruptFileError)) throw e;
        skipped.push({ path, reason: `cannot be read (${e.reason}); the day is left as it is` });
        continue;
      }
    }
    const files: FoldedFile[] = [];
    for (const f of d.files) {
      const text = texts.get(f.blob) ?? null;
      const why = text === null ? 'cannot be read from git' : !foldable(text) ? 'has a line that reads as a fold mark' : unparsable(text, f.path);
      if (why) skipped.push({ path: f.path, reason: `${why}; left as a file` });
      else files.push({ origin: f.path, text: text! });
    }
    if (!files.length) continue;
    const origins = new Set(files.map((f) => f.origin));
    const all = [...kept.filter((k) => !origins.has(k.origin)), ...files].sort((a, b) => (a.origin < b.origin ? -1 : a.origin > b.origin ? 1 : 0));
    out.push({ day: { day, path, files: files.map((f) => f.origin), sessions: all.length }, text: renderFolded(day, all), files, previous });
  }
  return { days: out, skipped };
}

/** Why a session file is not folded (it does not parse), or null. */
function unparsable(text: string, path: string): string | null {
  try {
    parseSession(text, path);
    return null;
  } catch (e) {
    if (e instanceof CorruptFileError) return `does not parse (${e.reason})`;
    throw e;
  }
}

/** Writes the day files and removes the folded session files; returns what puts them back. */
function writeFold(stateDir: string, root: string, days: DayPlan[]): () => void {
  for (const d of days) {
    writeAtomic(stateDir, writablePath(root, d.day.path, { includeFile: true }), d.text);
    for (const f of d.files) unlinkSync(join(root, f.origin));
    try {
      rmdirSync(join(root, JOURNAL_DIR, d.day.day));
    } catch {
      // other files stay in the day's folder (left as files)
    }
  }
  return () => {
    for (const d of days) {
      for (const f of d.files) {
        mkdirSync(dirname(join(root, f.origin)), { recursive: true });
        writeAtomic(stateDir, join(root, f.origin), f.text);
      }
      if (d.previous === null) unlinkSync(join(root, d.day.path));
      else writeAtomic(stateDir, join(root, d.day.path), d.previous);
    }
  };
}

/** What a dream's fold did. */
export interface DreamFold {
  /** The cutoff: session files dated before it were folded. */
  before: string;
  folded: number;
  days: number;
  commit: { sha: string; paths: number } | null;
  skipped: number;
}

/**
 * The fold a dream makes once the journal has `[journal] fold_at` session files dated before the
 * cutoff (`foldCutoff`: last month, or `fold_after_days` ago; seed: a team's year is 50,000 session
 * files, each an entry of git's index): the same fold as `git memory fold` with its default cutoff,
 * a memory commit of its own. Null when not due (or `fold_at` is 0, or there is no HEAD); the
 * caller holds the memory lock and checked that no git operation is in progress.
 */
export async function foldWhenDue(repo: Repo, config: Config, today: string): Promise<DreamFold | null> {
  if (config.journal.fold_at <= 0) return null;
  const head = (await git(['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd: repo.root, allowFail: true }))?.trim();
  if (!head) return null;
  const before = foldCutoff(today, config.journal);
  // Counted from HEAD's tree of the journal's day folders: one ls-tree, no file read.
  const old = (await git(['ls-tree', '-r', '-z', '--name-only', '--full-tree', head, '--', JOURNAL_DIR], { cwd: repo.root }))
    .split('\0')
    .filter((p) => p.split('/').length === JOURNAL_DIR.split('/').length + 2 && p.slice(JOURNAL_DIR.length + 1, JOURNAL_DIR.length + 11) < before).length;
  if (old < config.journal.fold_at) return null;
  const plan = await planFold(repo.root, head, before);
  const commit = await applyFold(repo, config, plan, before);
  return { before, folded: plan.days.reduce((n, d) => n + d.files.length, 0), days: plan.days.length, commit, skipped: plan.skipped.length };
}
