import { localIso } from '../clock.js';
import { consolidate, prune, withoutInstructions, type DreamReport } from '../dream/consolidate.js';
import { refineWithModel } from '../dream/model.js';
import { dreamDue } from '../dream/due.js';
import { inWorktree, sessionKey, sessionsToDream } from '../dream/gather.js';
import { legacyEntries } from '../dream/legacy.js';
import { guardEntries } from '../dream/secrets.js';
import { lastSessionOf, readDreamState, tryDreamLock, withLastSession, writeDreamState } from '../dream/state.js';
import { EXIT, GitMemoryError } from '../errors.js';
import { memoryFileText, symlinkMessage } from '../worktree-path.js';
import { commitToNewBranch } from '../git/branch-commit.js';
import { git } from '../git/git.js';
import { PRIMER_LOG_DEPTH } from '../git/log-cache.js';
import { isMemoryCommit, recentLog } from '../git/log.js';
import { renamedTo } from '../git/renames.js';
import { anOperation, currentBranch, operationInProgress, theOperation } from '../git/repo.js';
import { CorruptFileError } from '../memory/frontmatter.js';
import { readTaskListKeeping } from '../memory/tasks-file.js';
import { parseLongTerm, serializeLongTerm, type LongTermDoc } from '../memory/long-term.js';
import { sameFacts } from '../dream/unchanged.js';
import { LONG_TERM_FILE } from '../paths.js';
import { localDate } from '../clock.js';
import type { Opened, Result } from './context.js';
import { commitMessage, type CommitOutcome } from './steps/commit-memory.js';
import { commitLongTerm } from './steps/commit-long-term.js';
import { lastDreamt } from './steps/hand-deleted.js';
import { foldWhenDue, type DreamFold } from './steps/fold-journal.js';
import { withLock } from '../fs/lock.js';

export interface DreamOptions {
  /** Run even when the triggers do not hold. */
  force?: boolean;
  /** No model: the deterministic consolidation only. */
  offline?: boolean;
  /** Commit onto this new branch (for a pull request) instead of the current one. */
  branch?: string;
  /** Started by the session-start hook: a dream that cannot run now (a rebase, another dream) is no error. */
  background?: boolean;
}

export interface DreamData {
  ran: boolean;
  /** Why it ran or did not. */
  reason: string;
  source: 'model' | 'deterministic' | null;
  sessions: number;
  report: DreamReport | null;
  /** Entries in MEMORY.md after the dream. */
  entries: number;
  lines: number;
  bytes: number;
  changed: boolean;
  path: string | null;
  commit: { sha: string; paths: string[] } | null;
  branch: string | null;
  waiting: CommitOutcome['waiting'];
  /** Model calls made and their cost, when a model refined the result. */
  model: { calls: number; cost: number } | null;
  /** The journal's session files before the cutoff folded after the dream (`[journal] fold_at`, `fold_after_days`), when due. */
  fold?: DreamFold;
}

const idle = (reason: string): DreamData => ({ ran: false, reason, source: null, sessions: 0, report: null, entries: 0, lines: 0, bytes: 0, changed: false, path: null, commit: null, branch: null, waiting: null, model: null });

/**
 * MEMORY.md as it is; a file that does not parse stops the dream (it is never rewritten), and so
 * does a MEMORY.md reached through a symbolic link: what it points to (a teammate's commit can make
 * it ~/.ssh/id_rsa) is never read, so never sent to a model, before the write refuses the link.
 */
function readLongTerm(root: string): LongTermDoc | null {
  const { text, link } = memoryFileText(root, LONG_TERM_FILE);
  if (link) throw new GitMemoryError(`${symlinkMessage(link)}; the dream did not run`, EXIT.error, `replace the link with the file itself (git rm ${link.link}), or remove it if it came from someone else's commit`);
  if (text === null) return null;
  try {
    return parseLongTerm(text, LONG_TERM_FILE);
  } catch (e) {
    if (!(e instanceof CorruptFileError)) throw e;
    throw new GitMemoryError(`${e.message}; the dream did not run and the file was left as it is`, EXIT.error, `fix the line by hand; expected shape:\n${e.expected}`);
  }
}

/**
 * `git memory dream`: consolidates the sessions since the last dream into MEMORY.md (DESIGN §15).
 * Runs when seed 003's triggers hold (or `--force`), never during a merge or rebase, and never twice
 * at once across the repository's worktrees (a lock in the common git directory). The result is
 * an ordinary memory commit, or a new branch with `--branch`. A model, when there is one and
 * `--offline` is not given, may then refine the entries; without one the deterministic result stands.
 */
export async function dream(o: Opened, opts: DreamOptions): Promise<Result<DreamData>> {
  const { repo } = o;
  const warnings = [...o.warnings];
  const op = operationInProgress(repo);
  if (op) {
    if (opts.background) return { data: idle(`${anOperation(op)} is in progress`), warnings };
    throw new GitMemoryError(`${anOperation(op)} is in progress; the dream waits until it ends`, EXIT.error, `finish or abort ${theOperation(op)}, then run \`git memory dream\` again`);
  }
  const release = tryDreamLock(repo);
  if (!release) return { data: idle('another dream is running in this repository'), warnings };
  try {
    const state = readDreamState(repo);
    const branch = currentBranch(repo);
    const due = dreamDue(repo, o.config.dream, o.now, state);
    if (!opts.force && !due.due) return { data: idle(`not due: ${due.reason}; --force runs it now`), warnings };
    const existing = readLongTerm(repo.root);
    // What was taken in comes from MEMORY.md as committed on this branch; the clone's own state only
    // for a file written before it said so.
    // No MEMORY.md on this branch: nothing was taken in here, whatever other branches dreamt.
    const after = existing ? (state?.by_branch?.[branch ?? ''] ?? state?.last_session ?? '') : '';
    const gathered = await sessionsToDream(repo.root, existing?.through, after);
    warnings.push(...gathered.skipped);
    const sessions = gathered.sessions;
    const [log, head] = await Promise.all([
      recentLog(repo, PRIMER_LOG_DEPTH).then((l) => l.entries).catch(() => []),
      git(['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd: repo.root, allowFail: true }).then((h) => h?.trim() || null),
    ]);
    const exists = inWorktree(repo.root);
    // Files MEMORY.md's facts are anchored to that are gone: where git says they were renamed to.
    const gone = [...new Set((existing?.entries ?? []).flatMap((e) => e.files).filter((f) => !f.endsWith('/') && !exists(f)))];
    const renamed = gone.length ? await renamedTo(repo.root, gone, exists) : new Map<string, string>();
    let { doc, report } = consolidate({
      existing,
      previous: await lastDreamt(repo.root, existing?.through),
      today: localDate(o.now),
      doneTasks: readTaskListKeeping(repo.root, null).list.tasks.filter((t) => t.status === 'done').map((t) => t.task),
      legacy: existing ? [] : legacyEntries(repo.root),
      sessions,
      leadsBefore: gathered.before,
      subjects: log.filter((e) => !isMemoryCommit(e)).map((e) => e.subject),
      exists,
      renamed,
      head,
      lang: o.config.journal.language,
    });
    let source: DreamData['source'] = 'deterministic';
    let model: DreamData['model'] = null;
    if (!opts.offline && sessions.length) {
      const { openLlm, recordUsage, LlmError } = await import('../llm/index.js');
      const llm = await openLlm(o.config.llm, o.env, { allowlist: o.config.secrets.allowlist });
      if (llm) {
        const used = { calls: 0, cost: 0 };
        try {
          const refined = await refineWithModel({
            llm,
            doc,
            sessions,
            report,
            today: localDate(o.now),
            config: o.config.llm,
            onResponse: (r) => {
              used.calls++;
              used.cost += r.cost;
              recordUsage(repo.stateDir, 'dream', 'dream', r);
            },
          });
          doc = withoutInstructions(refined.doc, report);
          report.pruned += prune(doc);
          source = 'model';
        } catch (e) {
          if (!(e instanceof LlmError)) throw e;
          warnings.push(`the model failed (${e.kind}: ${e.message}); the deterministic result was kept`);
        }
        model = used;
      }
    }
    const guarded = await guardEntries(doc, { ...o.config.secrets, root: repo.root });
    for (const l of guarded.left) {
      warnings.push(`left out of ${LONG_TERM_FILE}: an entry that ${l.reason}`);
      report.dropped.push(l);
    }
    doc = guarded.doc;
    // Facts unchanged but for their counters (how often seen, by which sessions): nothing is
    // written or committed, and what was taken in stays where the file says (a later dream that
    // changes something reads these sessions again and counts them then).
    // A file from before it said what was taken in gets that said once (every clone then starts from it).
    const firstThrough = existing !== null && !existing.through && sessions.length > 0;
    const changed = firstThrough || (!(existing && sameFacts(existing, doc)) && (existing !== null || doc.entries.length > 0));
    if (changed && gathered.through) doc = { ...doc, through: gathered.through };
    const text = serializeLongTerm(doc);
    const subject = sessions.length ? `dream over ${sessions.length} session${sessions.length === 1 ? '' : 's'}` : 'dream: MEMORY.md tidied, no new session';
    const message = commitMessage(o.config, subject, [
      `Added ${report.added}, merged ${report.merged}, superseded ${report.superseded.length}, removed ${report.removed.length}, pruned ${report.pruned}.`,
      ...(report.followed ?? []).map((f) => `Followed ${f.moves.map((m) => `${m.from} to ${m.to}`).join(', ')}: ${f.text}`),
    ]);
    let commit: DreamData['commit'] = null;
    let waiting: DreamData['waiting'] = null;
    let path: string | null = null;
    if (changed && opts.branch) {
      const made = await commitToNewBranch(repo, opts.branch, { [LONG_TERM_FILE]: text }, message);
      commit = { sha: made.sha, paths: [LONG_TERM_FILE] };
    } else if (changed) {
      path = LONG_TERM_FILE;
      ({ commit, waiting } = await commitLongTerm(o, text, message, warnings));
    }
    const newest = sessions.at(-1)?.session;
    const last = newest ? sessionKey(newest) : lastSessionOf(state, branch);
    writeDreamState(
      repo,
      withLastSession(
        { last_run: localIso(o.now), last_session: state?.last_session ?? '', sessions: (state?.sessions ?? 0) + sessions.length, dreams: (state?.dreams ?? 0) + 1, ...(state?.by_branch ? { by_branch: state.by_branch } : {}) },
        branch,
        last,
      ),
    );
    // A journal past `[journal] fold_at` old session files is folded too, in a commit of its own.
    const fold = opts.branch ? null : await withLock(repo.stateDir, () => foldWhenDue(repo, o.config, localDate(o.now), branch)).catch((e: unknown) => {
      warnings.push(`the journal was not folded: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    });
    return {
      data: {
        ...(fold ? { fold } : {}),
        ran: true,
        reason: opts.force && !due.due ? 'forced' : due.reason,
        source,
        sessions: sessions.length,
        report,
        entries: doc.entries.length,
        lines: text.split('\n').length - 1,
        bytes: Buffer.byteLength(text),
        changed,
        path,
        commit,
        branch: opts.branch ?? null,
        waiting,
        model,
      },
      warnings,
    };
  } finally {
    release();
  }
}
