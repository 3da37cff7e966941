import { mkdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GitMemoryError } from '../../errors.js';
import { writeAtomic } from '../../fs/atomic.js';
import { forEachBlob } from '../../git/blob-batch.js';
import { commitPaths, GitLockBusyError, UserCommitUnderWayError } from '../../git/commit.js';
import { defaultBranch } from '../../git/default-branch.js';
import { git } from '../../git/git.js';
import { indexEntryCount } from '../../git/index-swap.js';
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

/** The Monday on or before `day` (YYYY-MM-DD). */
export function mondayOnOrBefore(day: string): string {
  const d = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))));
  return daysBefore(day, (d.getUTCDay() + 6) % 7);
}

/**
 * Where the journal's entries are more than this share of git's index (and the index has at least
 * SHARE_MIN_ENTRIES), the default cutoff is the week one: git spends about twice as long on a
 * journal entry as on an average one (measured with valgrind on the bench's L and XL repositories:
 * the journal adds +0.7% plus 2.2 times its share of the entries to the user's `git status` at
 * XL), so 1.6% of the entries keeps that near +4.3%, under issue 28's 5%, a day's sessions on top
 * included.
 */
export const JOURNAL_SHARE = 0.016;
/** Below this many index entries `git status` takes a few milliseconds: the month cutoff stays. */
export const SHARE_MIN_ENTRIES = 20_000;

/** How large the journal is beside the rest of git's index (HEAD's journal; the user's index). */
export interface JournalCensus {
  /** Session files (`journal/<date>/<file>.md`). */
  sessionFiles: number;
  /** Every entry under the journal: session files, day files, anything else. */
  journalEntries: number;
  /** Every entry of git's index; null when there is none. */
  indexEntries: number | null;
}

/** A fold's cutoff: sessions dated before `before` are folded; `rule` says how it was chosen. */
export interface Cutoff {
  before: string;
  /** `month`: the first day of last month; `week`: the Monday a week back (the journal past its share of the index); `days`: `[journal] fold_after_days`. */
  rule: 'month' | 'week' | 'days';
}

/** Whether the journal is past its share of git's index (see JOURNAL_SHARE), with `fold_at` session files at least. */
export function pastShare(census: JournalCensus, journal: Config['journal']): boolean {
  const n = census.indexEntries;
  return n !== null && n >= SHARE_MIN_ENTRIES && census.sessionFiles >= journal.fold_at && census.journalEntries > JOURNAL_SHARE * n;
}

/**
 * The first day a fold keeps as files on `today` (a session's day is its path's, the local date of
 * its writer): with `[journal] fold_after_days` N, today minus N days (the files dated more than N
 * days ago are folded). With 0, the default: the first day of last month, unless the journal is past
 * its share of the index (pastShare); then the Monday on or before a week ago, the same cutoff for a
 * whole week, so that two clones folding in that week fold the same files the same way.
 */
export function foldCutoff(today: string, journal: Config['journal'], census: JournalCensus | null): Cutoff {
  if (journal.fold_after_days > 0) return { before: daysBefore(today, journal.fold_after_days), rule: 'days' };
  if (census && pastShare(census, journal)) return { before: mondayOnOrBefore(daysBefore(today, 7)), rule: 'week' };
  return { before: monthStart(today, 1), rule: 'month' };
}

/** The first day whose folder a fold on `today` never empties (planFold's `keepFrom`): the first day of last month. */
export const foldKeepFrom = (today: string): string => monthStart(today, 1);

/** The parts of a session file's path (`journal/<date>/<file>.md` under the journal's folder). */
const SESSION_DEPTH = JOURNAL_DIR.split('/').length + 2;

/** HEAD's journal, path by path (one ls-tree, no file read), and its census against the user's index. */
export async function journalCensus(repo: Repo, head: string): Promise<{ paths: string[]; census: JournalCensus }> {
  const paths = (await git(['ls-tree', '-r', '-z', '--name-only', '--full-tree', head, '--', JOURNAL_DIR], { cwd: repo.root })).split('\0').filter(Boolean);
  const sessionFiles = paths.filter((p) => p.split('/').length === SESSION_DEPTH).length;
  return { paths, census: { sessionFiles, journalEntries: paths.length, indexEntries: indexEntryCount(repo) } };
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
    if (e instanceof GitLockBusyError || e instanceof UserCommitUnderWayError) throw e;
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

/**
 * What a fold before `before` would do at `head`: the days folded and the files left as they are.
 * A day dated on or after `keepFrom` keeps its newest session file as a file where the fold would
 * otherwise empty its folder: a branch forked that day may add a session to that folder, and when
 * this side's fold removes the whole folder while it adds new sessions elsewhere, git's merge infers
 * the folder moved (`CONFLICT (file location)`) and stops. A folder that stays is never inferred to
 * have moved. `keepFrom` is the first day of last month (foldKeepFrom): recent days a live branch
 * can share; older days fold whole, as before (one index entry a day).
 */
export async function planFold(root: string, head: string, before: string, keepFrom: string = before): Promise<FoldPlan> {
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
    // Every file of the day's folder is in d.files (HEAD's tree); the newest stays where the day is recent.
    const keep = day >= keepFrom && !dirty.has(day) ? [...d.files].sort((a, b) => (a.path < b.path ? -1 : 1)).at(-1)!.path : null;
    for (const f of d.files) {
      if (f.path === keep) continue;
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
  /** How the cutoff was chosen (see foldCutoff). */
  rule: Cutoff['rule'];
  folded: number;
  days: number;
  commit: { sha: string; paths: number } | null;
  skipped: number;
}

/**
 * The fold a dream makes (seed: a team's year is 50,000 session files, each an entry of git's
 * index), in a memory commit of its own, the same fold as `git memory fold` with its default
 * cutoff (foldCutoff). Due once `[journal] fold_at` session files are dated before a month or day
 * cutoff; with the week cutoff (the journal past its share of the index) once any is. Only on the
 * repository's default branch unless `[journal] fold_on = "any-branch"`: a branch that never folds
 * merges with one that did without conflict, either way (merge, rebase, a hosting service's
 * button), while two branches that both fold the same session files stop on them (docs/fold.md).
 * Null when not due (or `fold_at` is 0, there is no HEAD, or this is not the branch that folds);
 * the caller holds the memory lock and checked that no git operation is in progress.
 */
export async function foldWhenDue(repo: Repo, config: Config, today: string, branch: string | null): Promise<DreamFold | null> {
  if (config.journal.fold_at <= 0) return null;
  if (config.journal.fold_on === 'default-branch' && (branch === null || branch !== (await defaultBranch(repo, branch)))) return null;
  const head = (await git(['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd: repo.root, allowFail: true }))?.trim();
  if (!head) return null;
  const { paths, census } = await journalCensus(repo, head);
  const cutoff = foldCutoff(today, config.journal, census);
  // The session files a fold would take: those dated before the cutoff, less the one a recent day keeps (planFold).
  const keepFrom = foldKeepFrom(today);
  const perDay = new Map<string, number>();
  for (const p of paths) {
    const day = p.slice(JOURNAL_DIR.length + 1, JOURNAL_DIR.length + 11);
    if (p.split('/').length === SESSION_DEPTH && day < cutoff.before) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  let old = 0;
  for (const [day, n] of perDay) old += day >= keepFrom ? n - 1 : n;
  if (old < (cutoff.rule === 'week' ? 1 : config.journal.fold_at)) return null;
  const plan = await planFold(repo.root, head, cutoff.before, keepFrom);
  const commit = await applyFold(repo, config, plan, cutoff.before);
  return { before: cutoff.before, rule: cutoff.rule, folded: plan.days.reduce((n, d) => n + d.files.length, 0), days: plan.days.length, commit, skipped: plan.skipped.length };
}
