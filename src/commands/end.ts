import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { detectAgent } from '../agents/registry.js';
import { localDate, localIso, localTime } from '../clock.js';
import { UsageError } from '../errors.js';
import { git } from '../git/git.js';
import { withLock } from '../fs/lock.js';
import { currentBranch } from '../git/repo.js';
import { clearSessionStart, readSessionStart } from '../git/session-state.js';
import { claimSpool, type SpoolEntry } from '../git/spool.js';
import { createExclusive, writeAtomic } from '../fs/atomic.js';
import { parseSession, serializeSession, type Session } from '../memory/session.js';
import { decodeInput } from '../input.js';
import { parseSummary, type Summary } from '../memory/summary.js';
import { applyTaskInputs, type TaskChange } from '../memory/task-update.js';
import { serializeTasks } from '../memory/tasks.js';
import { guardText } from '../safety/guard.js';
import { sessionPath, TASKS_FILE } from '../paths.js';
import { writablePath } from '../worktree-path.js';
import { open, type Ctx, type Result } from './context.js';
import { commitMessage, commitPending, readTasksForUpdate, type CommitOutcome } from './memory-writes.js';
import { previousSessionOf, sameSession } from './previous-session.js';
import { primer } from './primer.js';

export interface EndOptions {
  summary?: string;
  summaryFile?: string;
  agent?: string;
  /** What the summary is called in messages: `--summary` on the command line, a tool's arguments over MCP. */
  summaryName?: string;
}

export interface EndData {
  /** The session written; or, when `alreadyRecorded`, the branch's previous session it repeats. */
  session: { id: string; path: string; commits: number; alreadyRecorded: boolean };
  tasks: TaskChange[];
  commit: { sha: string; paths: string[] } | null;
  /** Pending memory changes committed beside this session's own files (named, never silent). */
  also: string[];
  /** Changed memory files that cannot be read: left out of the commit. */
  unreadable: { path: string; reason: string }[];
  waiting: CommitOutcome['waiting'];
  /** The git lock file that kept the commit from being made (waiting: locked). */
  lock?: string;
  pending: string[];
  primer: { path: string | null; tokens: number };
}

async function readSummaryText(ctx: Ctx, opts: EndOptions): Promise<string> {
  if ((opts.summary === undefined) === (opts.summaryFile === undefined)) {
    throw new UsageError('give the session summary with exactly one of --summary JSON, --summary - (stdin) or --summary-file PATH');
  }
  if (opts.summary !== undefined && opts.summary !== '-') return decodeInput(opts.summary, opts.summaryName ?? '--summary');
  if (opts.summary === '-' || opts.summaryFile === '-') return decodeInput(await ctx.readStdin(), 'standard input');
  let bytes: Buffer;
  try {
    // Relative to where the user ran the command; an absolute path (an agent's temp file) as it is.
    bytes = readFileSync(resolve(ctx.cwd, opts.summaryFile!));
  } catch (e) {
    throw new UsageError(`cannot read --summary-file ${opts.summaryFile}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return decodeInput(bytes, opts.summaryFile!);
}

/** Which agent wrote the session: --agent, $GIT_MEMORY_AGENT, or what the environment tells. */
export function agentName(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const raw = flag ?? env.GIT_MEMORY_AGENT ?? detectAgent(env) ?? 'agent';
  const name = raw.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 24);
  if (!name) throw new UsageError(`--agent must contain letters or digits, found ${JSON.stringify(raw)}`);
  return name;
}

const unique = (xs: string[]) => [...new Set(xs)];

/** Summary lists plus the items `git memory log` queued, and the commits the hook recorded. */
function fold(summary: Summary, spool: SpoolEntry[]) {
  const logged = (kind: string) => spool.flatMap((e) => (e.type === 'log' && e.kind === kind ? [e.text] : []));
  const seen = new Set<string>();
  const commits = spool.flatMap((e) => {
    if (e.type !== 'commit' || seen.has(e.sha)) return [];
    seen.add(e.sha);
    return [{ sha: e.sha.slice(0, 7), subject: e.subject }];
  });
  return {
    request: summary.request,
    learned: unique([...logged('learned'), ...summary.learned]),
    decisions: unique([...logged('decision'), ...summary.decisions]),
    completed: unique([...logged('completed'), ...summary.completed]),
    next_steps: unique([...logged('next_step'), ...summary.next_steps]),
    notes: unique([...logged('note'), ...summary.notes]),
    commits,
  };
}

/** A session file is at most 16 KB: a briefing, not a transcript. */
export const SESSION_MAX_BYTES = 16 * 1024;

/**
 * Keeps a session under SESSION_MAX_BYTES. A long list of recorded commits is shortened (the
 * history has them all); text the agent wrote that is too long is refused (exit 2).
 */
function fitSessionCap(body: ReturnType<typeof fold>, render: (b: ReturnType<typeof fold>) => string): void {
  const size = () => Buffer.byteLength(render(body));
  if (size() <= SESSION_MAX_BYTES) return;
  const all = body.commits;
  let keep = all.length;
  while (keep > 0 && size() > SESSION_MAX_BYTES) {
    keep = Math.floor(keep / 2);
    body.commits = [...all.slice(0, keep), { sha: '', subject: `… and ${all.length - keep} more commits (see git log)` }];
  }
  if (size() > SESSION_MAX_BYTES) {
    throw new UsageError(`the session would be ${size()} bytes; a session is capped at ${SESSION_MAX_BYTES} (16 KB)`, 'summarise: keep each item to a line or two');
  }
}

/**
 * Ends a session: writes its journal file (write-once), folds the spool into it, updates tasks,
 * rebuilds the primer and commits the memory change on the current branch. Input is validated and
 * every text scanned before anything is written.
 */
export async function end(ctx: Ctx, opts: EndOptions): Promise<Result<EndData>> {
  const o = open(ctx);
  const summary = parseSummary(await readSummaryText(ctx, opts));
  const agent = agentName(opts.agent, ctx.env);
  const authorIdent = await git(['var', 'GIT_AUTHOR_IDENT'], { cwd: o.repo.root, allowFail: true });
  const author = authorIdent?.replace(/\s+\d+\s+[+-]\d{4}\s*$/, '').trim() || undefined;
  const warnings = [...o.warnings];
  const lang = o.config.journal.language;
  const guard = { mode: o.config.secrets.mode, allowlist: o.config.secrets.allowlist };

  return withLock(o.repo.stateDir, async () => {
    const claim = claimSpool(o.repo.stateDir);
    try {
      const date = localDate(o.now);
      const time = localTime(o.now);
      const start = readSessionStart(o.repo.stateDir);
      const firstCommit = claim.entries.find((e) => e.type === 'commit');
      // The session's base: HEAD when its primer ran, else the parent of its first commit, else HEAD.
      const short = async (rev: string) =>
        (await git(['rev-parse', '-q', '--verify', '--short', rev], { cwd: o.repo.root, allowFail: true }))?.trim() || undefined;
      const base = start?.head ?? (firstCommit ? await short(`${firstCommit.sha}^`) : undefined) ?? (await short('HEAD'));

      let tasksText: string | undefined;
      let changes: TaskChange[] = [];
      if (summary.tasks?.length) {
        const applied = applyTaskInputs(readTasksForUpdate(o.repo.root), summary.tasks, localIso(o.now).slice(0, 16));
        changes = applied.changes;
        const guarded = await guardText(serializeTasks(applied.list, lang), TASKS_FILE, guard);
        warnings.push(...guarded.warnings);
        tasksText = guarded.text;
      }

      let written: { id: string; path: string } | undefined;
      const body = fold(summary, claim.entries);
      const branch = currentBranch(o.repo) ?? undefined;
      const draft = (b: typeof body) => serializeSession({ id: 'x'.repeat(20), date, time, agent, author, branch, base, ...b }, lang);
      fitSessionCap(body, draft);
      // The same `end` run twice (an agent retrying, a hook and the agent both ending) writes the
      // session once: an exact repeat of the branch's previous session is not written again.
      const previous = previousSessionOf(o.repo.root, branch, date);
      const repeat = previous?.path && sameSession(previous, parseSession(draft(body), 'draft')) ? previous : null;
      if (repeat) {
        written = { id: repeat.id, path: repeat.path! };
        claim.commit(); // what the spool held is in that session already
      }
      for (let attempt = 0; !written; attempt++) {
        const suffix = randomBytes(4).toString('hex').slice(0, 6);
        const id = `${date.replace(/-/g, '')}-${time.replace(':', '')}-${suffix}`;
        const path = sessionPath(date, time, agent, suffix);
        const session: Session = { id, date, time, agent, author, branch, base, ...body };
        const guarded = await guardText(serializeSession(session, lang), path, guard);
        if (attempt === 0) warnings.push(...guarded.warnings);
        try {
          createExclusive(o.repo.stateDir, writablePath(o.repo.root, path), guarded.text);
          written = { id, path };
          claim.commit(); // the spool's entries live in the session file now
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 5) throw e;
        }
      }
      if (tasksText !== undefined) writeAtomic(o.repo.stateDir, writablePath(o.repo.root, TASKS_FILE, { includeFile: true }), tasksText);
      clearSessionStart(o.repo.stateDir);

      const built = await primer(ctx, { write: true, recordStart: false });
      warnings.push(...built.warnings.filter((w) => !o.warnings.includes(w)));
      const outcome = await commitPending(
        o.repo,
        commitMessage(o.config, summary.request, [`Session: ${written.path}`]),
        o.config.commit.auto,
      );
      if (outcome.repaired) warnings.push(outcome.repaired);
      for (const u of outcome.unreadable) warnings.push(`not committed: ${u.path} cannot be read (${u.reason}); fix it, then run \`git memory commit\``);
      const own = [written.path, ...(tasksText !== undefined ? [TASKS_FILE] : [])];
      return {
        data: {
          session: { ...written, commits: repeat ? 0 : body.commits.length, alreadyRecorded: repeat !== null },
          tasks: changes,
          commit: outcome.commit && { sha: outcome.commit.sha, paths: outcome.commit.paths },
          also: (outcome.commit?.paths ?? []).filter((p) => !own.includes(p)),
          unreadable: outcome.unreadable,
          waiting: outcome.waiting,
          ...(outcome.lock ? { lock: outcome.lock } : {}),
          pending: outcome.commit ? [] : outcome.pending,
          primer: { path: built.data.path, tokens: built.data.tokens },
        },
        warnings,
      };
    } catch (e) {
      claim.abort();
      throw e;
    }
  });
}
