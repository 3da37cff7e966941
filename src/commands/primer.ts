import { localDate, localTime, windowStart } from '../clock.js';
import { hotFiles, isMemoryCommit, recentLog } from '../git/log.js';
import { PRIMER_LOG_DEPTH } from '../git/log-cache.js';
import { currentBranch } from '../git/repo.js';
import { readLatestDay, readWindow } from '../memory/journal.js';
import type { Primer } from '../memory/primer.js';
import type { Session } from '../memory/session.js';
import type { Task } from '../memory/tasks.js';
import { readTaskListKeeping } from '../memory/tasks-file.js';
import { CorruptFileError } from '../memory/frontmatter.js';
import { readUserFiles } from '../memory/user-files.js';
import { stripHiddenText } from '../safety/hidden-text.js';
import { open, type Ctx, type Opened, type Result } from './context.js';
import { rebuildPrimer, type RebuildOptions } from './steps/rebuild-primer.js';

export type PrimerOptions = RebuildOptions;

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

/**
 * Builds the briefing for the next session; writes PRIMER.md and records the session start. The
 * front door of `git memory primer` and of the MCP tool: it opens the repository, the step does the rest.
 */
export async function primer(ctx: Ctx, opts: PrimerOptions): Promise<Result<PrimerData>> {
  const o = open(ctx);
  const built = await rebuildPrimer(o, opts);
  return { data: built.data, warnings: [...o.warnings, ...built.warnings] };
}
