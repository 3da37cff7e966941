import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { localDate, localTime, windowStart } from '../clock.js';
import { UsageError } from '../errors.js';
import { hotFiles, isMemoryCommit, recentLog } from '../git/log.js';
import { PRIMER_LOG_DEPTH } from '../git/log-cache.js';
import { currentBranch } from '../git/repo.js';
import { recordSessionStart } from '../git/session-state.js';
import { readLatestDay, readWindow } from '../memory/journal.js';
import { buildPrimer, type Primer } from '../memory/primer.js';
import { writeAtomic } from '../fs/atomic.js';
import type { Session } from '../memory/session.js';
import type { Task } from '../memory/tasks.js';
import { readTaskListKeeping } from '../memory/tasks-file.js';
import { CorruptFileError } from '../memory/frontmatter.js';
import { readUserFiles } from '../memory/user-files.js';
import { stripHiddenText } from '../safety/hidden-text.js';
import { MEMORY_DIR, PRIMER_FILE } from '../paths.js';
import { symlinkMessage, symlinkOnPath } from '../worktree-path.js';
import { open, type Ctx, type Opened, type Result } from './context.js';

export interface PrimerOptions {
  maxTokens?: number;
  days?: number;
  /** Write PRIMER.md (default true). */
  write?: boolean;
  /** Remember HEAD as the next session's base (default true; not when rebuilt after `end`). */
  recordStart?: boolean;
}

export interface PrimerData extends Primer {
  path: string | null;
  window: { from: string; to: string; sessions: number };
}

function clean(s: Session): Session {
  const f = (t: string) => stripHiddenText(t).text;
  return { ...s, request: f(s.request), learned: s.learned.map(f), decisions: s.decisions.map(f), completed: s.completed.map(f), next_steps: s.next_steps.map(f) };
}

/**
 * Gathers everything the primer shows. Reads only the window's journal days and a bounded git log.
 * `startedFrom`: the directory the entry point started the git log from, if it did.
 */
export async function gatherPrimer(o: Opened, days: number, startedFrom?: string) {
  const warnings: string[] = [];
  const logPromise = recentLog(o.repo, PRIMER_LOG_DEPTH, startedFrom);
  const to = localDate(o.now);
  const from = windowStart(o.now, days);
  const win = readWindow(o.repo.root, from, to);
  let last = [...win.sessions].reverse().find((s) => s.next_steps.length);
  const corrupt = [...win.corrupt];
  if (!last && !win.sessions.length) {
    const latest = readLatestDay(o.repo.root, to);
    corrupt.push(...latest.corrupt);
    last = [...latest.sessions].reverse().find((s) => s.next_steps.length);
  }
  // One stray line must not hide every task: the readable ones are shown, the primer says where.
  let taskFile: ReturnType<typeof readTaskListKeeping> = { list: { tasks: [] }, unreadable: [] };
  try {
    taskFile = readTaskListKeeping(o.repo.root);
  } catch (e) {
    // A TASKS.md behind a symbolic link is not read; the session still starts.
    if (!(e instanceof CorruptFileError)) throw e;
    corrupt.push(e);
  }
  const tasks: Task[] = taskFile.list.tasks;
  for (const c of corrupt) warnings.push(`skipped ${c.message}`);
  if (taskFile.unreadable.length) warnings.push(`skipped unreadable lines of the task list (${taskFile.unreadable.join(', ')}); the other tasks were read`);
  const fullLog = await logPromise;
  const log = fullLog.filter((e) => !isMemoryCommit(e));
  const user = readUserFiles(o.env);
  const strip = (t: string) => stripHiddenText(t).text;
  return {
    warnings,
    window: { from, to, sessions: win.sessions.length },
    input: {
      project: { name: strip(o.config.project.name), description: strip(o.config.project.description) },
      user: { entities: user.entities.map(strip), preferences: user.preferences.map(strip), instructions: user.instructions.map(strip) },
      windowSessions: win.sessions.map(clean),
      ...(last ? { lastWithNextSteps: clean(last) } : {}),
      tasks: tasks.map((t) => ({ ...t, task: strip(t.task), progress: t.progress && strip(t.progress), next_step: t.next_step && strip(t.next_step) })),
      ...(taskFile.unreadable.length ? { tasksUnreadable: taskFile.unreadable } : {}),
      git: {
        branch: currentBranch(o.repo),
        head: fullLog[0]?.sha ?? null,
        commits: log.map((e) => ({ sha: e.sha, subject: e.subject, date: e.date })),
        hotFiles: hotFiles(log, 15),
      },
      generatedAt: `${localDate(o.now)} ${localTime(o.now)}`,
    },
  };
}

function positive(name: string, v: number | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isInteger(v) || v < 1) throw new UsageError(`--${name} must be a positive whole number, found ${v}`);
  return v;
}

/** Builds the briefing for the next session; writes PRIMER.md and records the session start. */
export async function primer(ctx: Ctx, opts: PrimerOptions): Promise<Result<PrimerData>> {
  const o = open(ctx);
  const maxTokens = positive('max-tokens', opts.maxTokens) ?? o.config.primer.max_tokens;
  const days = positive('days', opts.days) ?? o.config.primer.days;
  const got = await gatherPrimer(o, days, ctx.cwd);
  const built = buildPrimer(got.input, {
    maxTokens,
    minTokens: Math.min(o.config.primer.min_tokens, maxTokens),
    commits: o.config.primer.commits,
    hotFiles: o.config.primer.hot_files,
    lang: o.config.journal.language,
  });
  // Items are trimmed to fit; only the header (project, provenance) can be left over the cap.
  const warnings = [...o.warnings, ...got.warnings];
  if (built.tokens > maxTokens) {
    const need = `the ${built.tokens} tokens the primer's header needs here`;
    if (opts.maxTokens !== undefined) throw new UsageError(`the token cap ${maxTokens} is below ${need}; use at least ${built.tokens}`);
    warnings.push(`primer.max_tokens (${maxTokens}) is below ${need}: the primer is ${built.tokens} tokens`);
  }
  let path: string | null = null;
  // A linked memory directory would take PRIMER.md out of the repository: the primer is still
  // shown, only not written (this runs at session start, which must not fail).
  const link = opts.write !== false && symlinkOnPath(o.repo.root, PRIMER_FILE, false);
  if (link) warnings.push(`${PRIMER_FILE} not written: ${symlinkMessage(link)}`);
  // Only an initialised repository gets PRIMER.md (its .gitignore keeps it out of commits).
  else if (opts.write !== false && existsSync(join(o.repo.root, MEMORY_DIR))) {
    writeAtomic(o.repo.stateDir, join(o.repo.root, PRIMER_FILE), built.markdown, { durable: false });
    path = PRIMER_FILE;
    if (opts.recordStart !== false) recordSessionStart(o.repo.stateDir, { head: got.input.git.head, at: got.input.generatedAt });
  }
  return { data: { ...built, path, window: got.window }, warnings };
}
