import { localDate } from '../clock.js';
import { EXIT, GitMemoryError, UsageError } from '../errors.js';
import { withLock } from '../fs/lock.js';
import { defaultBranch } from '../git/default-branch.js';
import { git } from '../git/git.js';
import { journalAttributesInstalled } from '../git/merge-config.js';
import { anOperation, currentBranch, operationInProgress, theOperation } from '../git/repo.js';
import { open, type Ctx, type Result } from './context.js';
import { applyFold, daysBefore, foldCutoff, foldKeepFrom, journalCensus, monthStart, planFold, type Cutoff, type FoldedDay } from './steps/fold-journal.js';

export type { FoldedDay };

export interface FoldOptions {
  /** Fold the sessions dated before this month (YYYY-MM); default: the repository's cutoff (see foldCutoff). */
  before?: string;
  /** Fold the sessions dated more than this many days ago (whole days, 1 or more); not with `before`. */
  olderThanDays?: number;
  /** Say what would be folded; write nothing. */
  dryRun?: boolean;
}

export interface FoldData {
  /** The first day not folded: sessions dated before it are folded. */
  before: string;
  /** The days the cutoff was counted back from today (`--older-than-days`, `[journal] fold_after_days`); null for a month. */
  olderThanDays: number | null;
  /**
   * How the cutoff was chosen: `before` (`--before`), `days` (`--older-than-days`, `[journal]
   * fold_after_days`), `month` (the default: the first day of last month), `week` (the default where
   * the journal is past its share of git's index: the Monday on or before a week ago).
   */
  rule: Cutoff['rule'] | 'before';
  days: FoldedDay[];
  /** Session files folded (or, with dryRun, that would be). */
  folded: number;
  /** Session files or days left as they are, with why. */
  skipped: { path: string; reason: string }[];
  dryRun: boolean;
  commit: { sha: string; paths: number } | null;
}

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

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
  if (opts.olderThanDays !== undefined && !(Number.isSafeInteger(opts.olderThanDays) && opts.olderThanDays >= 1)) {
    throw new UsageError(`--older-than-days takes a whole number of days, 1 or more (got ${String(opts.olderThanDays)})`, 'e.g. `git memory fold --older-than-days 21` folds the sessions dated more than 21 days ago');
  }
  if (opts.before !== undefined && opts.olderThanDays !== undefined) throw new UsageError('--older-than-days and --before name two cutoffs: give one');
  const olderThanDays = opts.olderThanDays ?? (opts.before === undefined && o.config.journal.fold_after_days > 0 ? o.config.journal.fold_after_days : null);
  if (opts.before !== undefined && `${opts.before}-01` > monthStart(today, 0)) {
    throw new UsageError(`--before ${opts.before} is after the current month`, 'the current month keeps one file a session, so that branches adding sessions never conflict; fold months that are over');
  }
  const op = operationInProgress(o.repo);
  if (op && !opts.dryRun) throw new GitMemoryError(`${anOperation(op)} is in progress; the journal is folded after it ends`, EXIT.error, `finish or abort ${theOperation(op)}, then run \`git memory fold\` again`);
  const root = o.repo.root;
  const head = (await git(['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd: root, allowFail: true }))?.trim();
  // The default cutoff weighs the journal against git's index (HEAD's journal listed once).
  const census = opts.before === undefined && olderThanDays === null && head ? (await journalCensus(o.repo, head)).census : null;
  const cutoff: { before: string; rule: FoldData['rule'] } =
    opts.before !== undefined ? { before: `${opts.before}-01`, rule: 'before' } : olderThanDays !== null ? { before: daysBefore(today, olderThanDays), rule: 'days' } : foldCutoff(today, o.config.journal, census);
  const before = cutoff.before;
  const none: FoldData = { before, olderThanDays, rule: cutoff.rule, days: [], folded: 0, skipped: [], dryRun: !!opts.dryRun, commit: null };
  if (!head) return { data: none, warnings: o.warnings };

  const plan = await planFold(root, head, before, foldKeepFrom(today));
  const data: FoldData = { ...none, days: plan.days.map((d) => d.day), folded: plan.days.reduce((n, d) => n + d.day.files.length, 0), skipped: plan.skipped };
  if (opts.dryRun || !plan.days.length) return { data, warnings: o.warnings };

  const warnings = [...o.warnings];
  if (o.config.journal.fold_on === 'default-branch') {
    const branch = currentBranch(o.repo);
    const main = await defaultBranch(o.repo, branch);
    if (main !== null && branch !== main) {
      warnings.push(`folding on ${branch === null ? 'a detached HEAD' : `branch ${branch}`}, not on the default branch (${main}), where dreams fold: a merge with a branch that folds the same session files stops on them (\`git memory resolve\` settles it)`);
    }
  }
  if (!journalAttributesInstalled(o.repo)) {
    warnings.push('.openclaw_memory/.gitattributes does not name the merge driver for folded days: two branches that fold the same day would conflict on it; `git memory init` adds the line (commit it)');
  }
  return withLock(o.repo.stateDir, async () => ({ data: { ...data, commit: await applyFold(o.repo, o.config, plan, before) }, warnings }));
}

