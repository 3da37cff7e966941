import { mkdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { localDate } from '../clock.js';
import { EXIT, GitMemoryError, UsageError } from '../errors.js';
import { writeAtomic } from '../fs/atomic.js';
import { withLock } from '../fs/lock.js';
import { forEachBlob } from '../git/blob-batch.js';
import { commitPaths, GitLockBusyError } from '../git/commit.js';
import { git } from '../git/git.js';
import { listTree } from '../git/objects.js';
import { anOperation, operationInProgress, theOperation } from '../git/repo.js';
import { foldable, foldedFiles, isFoldedData, renderFolded, type FoldedFile } from '../memory/folded-day.js';
import { CorruptFileError, readFrontmatter } from '../memory/frontmatter.js';
import { parseSession } from '../memory/session.js';
import { JOURNAL_DIR } from '../paths.js';
import { writablePath } from '../worktree-path.js';
import { open, type Ctx, type Result } from './context.js';
import { commitMessage } from './steps/commit-memory.js';

export interface FoldOptions {
  /** Fold the sessions dated before this month (YYYY-MM); default: the month before the current one. */
  before?: string;
  /** Say what would be folded; write nothing. */
  dryRun?: boolean;
}

export interface FoldedDay {
  day: string;
  /** The day file the sessions are folded into (`journal/<date>.md`). */
  path: string;
  /** The session files folded into it now. */
  files: string[];
  /** Sessions the day file holds after the fold (those folded before too). */
  sessions: number;
}

export interface FoldData {
  /** The first day not folded: sessions dated before it are folded. */
  before: string;
  days: FoldedDay[];
  /** Session files folded (or, with dryRun, that would be). */
  folded: number;
  /** Session files or days left as they are, with why. */
  skipped: { path: string; reason: string }[];
  dryRun: boolean;
  commit: { sha: string; paths: number } | null;
}

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The first day of the month `back` months before the one `day` is in (YYYY-MM-DD). */
function monthStart(day: string, back: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 - back;
  const d = new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * Folds the committed session files of the days before a month into one file a day
 * (`journal/<date>.md`, see memory/folded-day.ts), each session file kept byte for byte, in one
 * memory commit that touches the journal only: the user's own git commands read one index entry a
 * day for those days instead of one a session. Every reader reads a folded session as it read its
 * file. Only days whose journal files are all as HEAD has them are folded (nothing the user changed,
 * staged or has not committed is touched), never during a merge, rebase or other git operation.
 */
export async function fold(ctx: Ctx, opts: FoldOptions): Promise<Result<FoldData>> {
  const o = open(ctx);
  const today = localDate(o.now);
  if (opts.before !== undefined && !MONTH_RE.test(opts.before)) throw new UsageError(`--before takes a month, YYYY-MM (got ${JSON.stringify(opts.before)})`, 'e.g. `git memory fold --before 2026-10` folds the sessions of September 2026 and earlier');
  const before = opts.before === undefined ? monthStart(today, 1) : `${opts.before}-01`;
  if (before > monthStart(today, 0)) {
    throw new UsageError(`--before ${opts.before} is after the current month`, 'the current month keeps one file a session, so that branches adding sessions never conflict; fold months that are over');
  }
  const op = operationInProgress(o.repo);
  if (op && !opts.dryRun) throw new GitMemoryError(`${anOperation(op)} is in progress; the journal is folded after it ends`, EXIT.error, `finish or abort ${theOperation(op)}, then run \`git memory fold\` again`);
  const none: FoldData = { before, days: [], folded: 0, skipped: [], dryRun: !!opts.dryRun, commit: null };
  const root = o.repo.root;
  const head = (await git(['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd: root, allowFail: true }))?.trim();
  if (!head) return { data: none, warnings: o.warnings };

  const plan = await planFold(root, head, before);
  const data: FoldData = { ...none, days: plan.days.map((d) => d.day), folded: plan.days.reduce((n, d) => n + d.day.files.length, 0), skipped: plan.skipped };
  if (opts.dryRun || !plan.days.length) return { data, warnings: o.warnings };

  return withLock(o.repo.stateDir, async () => {
    const paths = plan.days.flatMap((d) => [d.day.path, ...d.day.files]);
    const undo = writeFold(o.repo.stateDir, root, plan.days);
    const message = commitMessage(o.config, `fold ${data.folded} session file${data.folded === 1 ? '' : 's'} of ${plan.days.length} day${plan.days.length === 1 ? '' : 's'} before ${before} into day files`, [
      'Each session file is kept byte for byte in its day file (journal/<date>.md), after a',
      '`<!-- git-memory: folded from <path> -->` line: git memory reads it as it read the file.',
    ]);
    try {
      const commit = await commitPaths(o.repo, paths, message);
      return { data: { ...data, commit: commit && { sha: commit.sha, paths: commit.paths.length } }, warnings: o.warnings };
    } catch (e) {
      undo();
      if (e instanceof GitLockBusyError) throw e;
      throw new GitMemoryError(`the fold could not be committed, and was undone: ${(e instanceof Error ? e.message : String(e)).trim()}`);
    }
  });
}

interface DayPlan {
  day: FoldedDay;
  text: string;
  /** The session files folded, as HEAD has them (to put back if the commit fails). */
  files: FoldedFile[];
  /** The day file's text before the fold, or null when there was none. */
  previous: string | null;
}

/** What a fold before `before` would do at `head`: the days folded and the files left as they are. */
async function planFold(root: string, head: string, before: string): Promise<{ days: DayPlan[]; skipped: FoldData['skipped'] }> {
  const skipped: FoldData['skipped'] = [];
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
