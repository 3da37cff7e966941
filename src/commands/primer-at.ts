import { basename } from 'node:path';
import { DATE_RE, localDate, localTime, windowStart } from '../clock.js';
import { GitMemoryError } from '../errors.js';
import { git } from '../git/git.js';
import { hotFiles, isMemoryCommit, LOG_FORMAT, parseLog } from '../git/log.js';
import { listTree, readBlobs, showFile, type TreeFile } from '../git/objects.js';
import { parseConfig, type Config } from '../memory/config.js';
import { parseDay } from '../memory/day-view.js';
import { CorruptFileError } from '../memory/frontmatter.js';
import { buildPrimer, type Primer } from '../memory/primer.js';
import { parseSession, type Session } from '../memory/session.js';
import { parseTasksKeeping, type TaskList } from '../memory/tasks.js';
import { stripHiddenText } from '../safety/hidden-text.js';
import { CONFIG_FILE, JOURNAL_DIR, TASKS_FILE } from '../paths.js';
import { byCodeUnit } from '../order.js';

const LOG_DEPTH = 50;
const strip = (t: string) => stripHiddenText(t).text;

/** The day a journal path belongs to: `journal/2026-11-22/…md` or a legacy `journal/2026-11-22.md`. */
export function journalDay(path: string): string | null {
  const rest = path.slice(JOURNAL_DIR.length + 1);
  const day = rest.includes('/') ? rest.split('/')[0]! : rest.replace(/\.md$/, '');
  return DATE_RE.test(day) && path.endsWith('.md') ? day : null;
}

/** Sessions of journal files read from git objects; unreadable files become warnings. */
export async function sessionsFromTree(root: string, files: TreeFile[], warnings: string[]): Promise<Session[]> {
  const texts = await readBlobs(root, files.map((f) => f.blob));
  const out: Session[] = [];
  for (const f of files) {
    try {
      const text = texts.get(f.blob)!;
      const got = f.path.split('/').length > JOURNAL_DIR.split('/').length + 1 ? [parseSession(text, f.path)] : parseDay(text, f.path);
      out.push(...got.map((s) => ({ ...s, path: s.path ?? f.path })));
    } catch (e) {
      if (!(e instanceof CorruptFileError)) throw e;
      warnings.push(`skipped ${e.message}`);
    }
  }
  return out.sort((a, b) => byCodeUnit(a.date, b.date) || byCodeUnit(a.time, b.time) || byCodeUnit(a.id, b.id));
}

/**
 * Config and TASKS.md as they are at a revision (defaults / empty where absent or broken). Every
 * task that can be read is kept; `tasksUnreadable` says where the lines that could not be are.
 */
export async function memoryAt(root: string, rev: string, warnings: string[]): Promise<{ config: Config; tasks: TaskList; tasksUnreadable: string[] }> {
  const [configText, tasksText] = await Promise.all([showFile(root, rev, CONFIG_FILE), showFile(root, rev, TASKS_FILE)]);
  let config: Config;
  try {
    config = parseConfig(configText ?? '', CONFIG_FILE, basename(root)).config;
  } catch (e) {
    if (!(e instanceof GitMemoryError)) throw e;
    warnings.push(`${rev.slice(0, 7)}: ${e.message.split('\n')[0]}; defaults used`);
    config = parseConfig('', CONFIG_FILE, basename(root)).config;
  }
  let tasks: TaskList = { tasks: [] };
  let tasksUnreadable: string[] = [];
  if (tasksText) {
    const got = parseTasksKeeping(tasksText, TASKS_FILE);
    tasks = got.list;
    tasksUnreadable = got.unreadable.map((u) => `${TASKS_FILE}:${u.line}`);
    if (tasksUnreadable.length) warnings.push(`${rev.slice(0, 7)}: skipped unreadable lines of the task list (${tasksUnreadable.join(', ')}); the other tasks were read`);
  }
  return { config, tasks, tasksUnreadable };
}

const cleanSession = (s: Session): Session => ({
  ...s,
  request: strip(s.request),
  learned: s.learned.map(strip),
  decisions: s.decisions.map(strip),
  completed: s.completed.map(strip),
  next_steps: s.next_steps.map(strip),
});

/**
 * The primer as it would be built from revision `rev`, read from git objects only (no checkout):
 * its config, journal window, TASKS.md and history. User files are personal and left out, so the
 * result can be shown in a pull request.
 */
export async function primerAt(root: string, rev: string, now: Date, warnings: string[]): Promise<Primer> {
  const [{ config, tasks, tasksUnreadable }, journal, log] = await Promise.all([
    memoryAt(root, rev, warnings),
    listTree(root, rev, [JOURNAL_DIR]),
    git(['log', `-n${LOG_DEPTH}`, '--no-renames', '--name-only', LOG_FORMAT, rev, '--'], { cwd: root }),
  ]);
  const to = localDate(now);
  const from = windowStart(now, config.primer.days);
  const byDay = new Map<string, TreeFile[]>();
  for (const f of journal) {
    const day = journalDay(f.path);
    if (day && day <= to) byDay.set(day, [...(byDay.get(day) ?? []), f]);
  }
  const days = [...byDay.keys()].sort();
  const window = await sessionsFromTree(root, days.filter((d) => d >= from).flatMap((d) => byDay.get(d)!), warnings);
  let last = [...window].reverse().find((s) => s.next_steps.length);
  // As the primer does: with an empty window, the next steps come from the latest day with sessions.
  for (let i = days.length - 1; !window.length && i >= 0; i--) {
    const got = await sessionsFromTree(root, byDay.get(days[i]!)!, warnings);
    if (!got.length) continue;
    last = [...got].reverse().find((s) => s.next_steps.length);
    break;
  }
  const entries = parseLog(log);
  const code = entries.filter((e) => !isMemoryCommit(e));
  return buildPrimer(
    {
      project: { name: strip(config.project.name), description: strip(config.project.description) },
      user: { entities: [], preferences: [] },
      windowSessions: window.map(cleanSession),
      ...(last ? { lastWithNextSteps: cleanSession(last) } : {}),
      tasks: tasks.tasks.map((t) => ({ ...t, task: strip(t.task), progress: t.progress && strip(t.progress), next_step: t.next_step && strip(t.next_step) })),
      ...(tasksUnreadable.length ? { tasksUnreadable } : {}),
      git: { branch: null, head: entries[0]?.sha ?? null, commits: code.map((e) => ({ sha: e.sha, subject: e.subject, date: e.date })), hotFiles: hotFiles(code, 15) },
      generatedAt: `${localDate(now)} ${localTime(now)}`,
    },
    {
      maxTokens: config.primer.max_tokens,
      minTokens: Math.min(config.primer.min_tokens, config.primer.max_tokens),
      commits: config.primer.commits,
      hotFiles: config.primer.hot_files,
      lang: config.journal.language,
    },
  );
}
