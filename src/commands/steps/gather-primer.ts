import { localDate, localTime, windowStart } from '../../clock.js';
import { hotFiles, isMemoryCommit } from '../../git/log.js';
import { PRIMER_LOG_DEPTH } from '../../git/log-cache.js';
import { CorruptFileError } from '../../memory/frontmatter.js';
import type { PrimerInput } from '../../memory/primer.js';
import type { Session } from '../../memory/session.js';
import { stripHiddenText } from '../../safety/hidden-text.js';
import type { MemorySource, TasksRead } from './memory-source.js';

export interface GatheredPrimer {
  input: PrimerInput;
  window: { from: string; to: string; sessions: number };
  warnings: string[];
}

// Memory is data from the repository: hidden text is taken out before anything is shown.
const strip = (t: string) => stripHiddenText(t).text;
const clean = (s: Session): Session => ({ ...s, request: strip(s.request), learned: s.learned.map(strip), decisions: s.decisions.map(strip), completed: s.completed.map(strip), next_steps: s.next_steps.map(strip) });

/**
 * Gathers everything the primer shows from one memory source: the window of `days` days up to
 * `now`, the latest next steps, TASKS.md and a bounded git log. Reads only the window's journal
 * days (and, when the window is empty, back to the latest day with sessions).
 */
export async function gatherPrimer(src: MemorySource, now: Date, days: number): Promise<GatheredPrimer> {
  // The log is the one slow read (a git process): started first, awaited last.
  const logPromise = src.log(PRIMER_LOG_DEPTH);
  // A failure below would leave it unawaited: its own rejection is then not a second, unhandled one.
  logPromise.catch(() => undefined);
  const to = localDate(now);
  const from = windowStart(now, days);
  // A TASKS.md behind a symbolic link is not read; the session still starts.
  const notRead = (e: unknown) => {
    if (e instanceof CorruptFileError) return e;
    throw e;
  };
  const [config, win, taskFile] = await Promise.all([src.config(), src.sessions(from, to), src.tasks().catch(notRead)]);
  let last = [...win.sessions].reverse().find((s) => s.next_steps.length);
  const corrupt = [...win.corrupt];
  if (!last && !win.sessions.length) {
    const latest = await src.latestDay(to);
    corrupt.push(...latest.corrupt);
    last = [...latest.sessions].reverse().find((s) => s.next_steps.length);
  }
  // One stray line must not hide every task: the readable ones are shown, the primer says where.
  let tasks: TasksRead = { list: { tasks: [] }, unreadable: [] };
  if (taskFile instanceof CorruptFileError) corrupt.push(taskFile);
  else tasks = taskFile;
  const warnings = corrupt.map((c) => `skipped ${c.message}`);
  if (tasks.unreadable.length) warnings.push(`${src.label}skipped unreadable lines of the task list (${tasks.unreadable.join(', ')}); the other tasks were read`);
  const fullLog = await logPromise;
  // The log leaves memory out already; a log read elsewhere (an older kept one) may still hold memory commits.
  const log = fullLog.entries.filter((e) => !isMemoryCommit(e));
  const user = src.user();
  return {
    warnings,
    window: { from, to, sessions: win.sessions.length },
    input: {
      project: { name: strip(config.project.name), description: strip(config.project.description) },
      user: { entities: user.entities.map(strip), preferences: user.preferences.map(strip), instructions: user.instructions.map(strip) },
      windowSessions: win.sessions.map(clean),
      ...(last ? { lastWithNextSteps: clean(last) } : {}),
      tasks: tasks.list.tasks.map((t) => ({ ...t, task: strip(t.task), progress: t.progress && strip(t.progress), next_step: t.next_step && strip(t.next_step) })),
      ...(tasks.unreadable.length ? { tasksUnreadable: tasks.unreadable } : {}),
      git: {
        branch: src.branch(),
        head: fullLog.head,
        commits: log.map((e) => ({ sha: e.sha, subject: e.subject, date: e.date })),
        hotFiles: hotFiles(log, 15),
      },
      generatedAt: `${localDate(now)} ${localTime(now)}`,
    },
  };
}
