import { byCodeUnit } from '../../order.js';
import { localDate, windowStart } from '../../clock.js';
import { CorruptFileError } from '../../memory/frontmatter.js';
import { completes, factShape, forgottenTexts, type LongTermSection } from '../../memory/long-term.js';
import { TRIED_KIND, triedFactsOnce } from '../../memory/long-term-tried.js';
import { readNewest, readSessions } from '../../memory/primer-window.js';
import type { JournalRead } from '../../memory/journal.js';
import type { LearnedItem, LearnedKind } from '../../memory/primer.js';
import type { Anchored, StaleMark } from '../../dream/staleness.js';
import type { Session } from '../../memory/session.js';
import { clean, strip, type FilesRead, type ReadingAsked } from './gather-primer.js';
import type { MemorySource, TasksRead } from './memory-source.js';
import { judgedWindow } from './judged-window.js';

// The primer's reading of memory's files, apart from gather-primer.ts: what a start reads when no
// kept reading answers (a first start after a clone, a file changed). It brings in the supersede
// judgement (memory/long-term.ts and the slot reader), whose module set-up (its word tables and
// patterns) and code-cache share a warm start and a start after a commit never use: those take the
// kept reading (kept-reading.ts), and gather-primer.ts loads this module only where it misses.

/**
 * The primer's reading of the files for `asked` (see FilesRead), and the staleness of MEMORY.md's
 * facts, asked of git as soon as MEMORY.md is read.
 */
export async function readFiles(src: MemorySource, now: Date, asked: ReadingAsked): Promise<{ files: FilesRead; marks: Promise<(StaleMark | null)[]> }> {
  const { days, budget } = asked;
  // MEMORY.md and its staleness (the one other git call) run beside the log.
  const longTermPromise = longTermFacts(src);
  longTermPromise.catch(() => undefined);
  // A TASKS.md behind a symbolic link is not read; the session still starts.
  const notRead = (e: unknown) => {
    if (e instanceof CorruptFileError) return e;
    throw e;
  };
  const [config, taskFile] = await Promise.all([src.config(), src.tasks().catch(notRead)]);
  const index = src.newest?.() ?? null;
  /** The window of `days` days up to `end` and its look-back, newest first as far as the primer shows. */
  const windowTo = async (end: Date) => {
    const to = localDate(end);
    const from = windowStart(end, days);
    // Next steps of a branch merged in may be older than the window: a bounded look further back.
    const lookFrom = windowStart(end, days + NEXT_STEPS_LOOKBACK_DAYS);
    const lookTo = windowStart(end, days + 1);
    const lookback = lookTo < from;
    // From the source's day indexes, or (a revision) from its sessions read whole, by the same rule.
    const whole = async () => {
      const [w, e] = await Promise.all([src.sessions(from, to), lookback ? src.sessions(lookFrom, lookTo).catch(() => ({ sessions: [], corrupt: [] })) : Promise.resolve({ sessions: [], corrupt: [] })]);
      return readSessions(byDay(w, e, to));
    };
    const params = { from, to, lookFrom: lookback ? lookFrom : from, maxTokens: budget, branches: NEXT_STEP_BRANCHES, open: stillOpen };
    return { from, to, lookFrom: params.lookFrom, newest: (index && readNewest(index, params)) ?? readNewest(await whole(), params)! };
  };
  let { from, to, lookFrom, newest } = await windowTo(now);
  const corrupt = [...newest.window.corrupt];
  let latestLast: Session | undefined;
  if (!newest.window.sessions.length) {
    // No session in the window: the branch was left idle longer than that (work went on elsewhere,
    // and this is the branch switched back to). The window moves back to end on its latest day with
    // sessions, so the next agent is briefed on what was done last here, dated, within the same
    // budget, rather than on nothing.
    const latest = await src.latestDay(to);
    corrupt.push(...latest.corrupt);
    const day = latest.sessions.at(-1)?.date;
    if (day && day < from) {
      ({ from, to, lookFrom, newest } = await windowTo(new Date(`${day}T12:00:00`)));
      const seen = new Set(corrupt.map((c) => c.path));
      corrupt.push(...newest.window.corrupt.filter((c) => !seen.has(c.path)));
    } else latestLast = [...latest.sessions].reverse().find((s) => s.next_steps.length);
  }
  const win = newest.window;
  const earlier = { sessions: newest.earlier };
  const last = [...win.sessions].reverse().find((s) => s.next_steps.length) ?? latestLast;
  // One stray line must not hide every task: the readable ones are shown, the primer says where.
  let tasks: TasksRead = { list: { tasks: [] }, unreadable: [] };
  if (taskFile instanceof CorruptFileError) corrupt.push(taskFile);
  else tasks = taskFile;
  const warnings = corrupt.map((c) => `skipped ${c.message}`);
  if (tasks.unreadable.length) warnings.push(`${src.label}skipped unreadable lines of the task list (${tasks.unreadable.join(', ')}); the other tasks were read`);
  const branchNextSteps = latestPerBranch([...earlier.sessions, ...win.sessions, ...(win.sessions.length || !last ? [] : [last])], asked.branch);
  const user = src.user();
  // What the primer shows of the files read, hidden text taken out: the same before and after git answers.
  const base = {
    project: { name: strip(config.project.name), description: strip(config.project.description) },
    user: { entities: user.entities.map(strip), preferences: user.preferences.map(strip), instructions: user.instructions.map(strip) },
    windowSessions: win.sessions.map(clean),
    ...(win.sessions.length < newest.count ? { windowAuthors: newest.authors.map(strip) } : {}),
    ...(last ? { lastWithNextSteps: clean(last) } : {}),
    ...(branchNextSteps.length ? { branchNextSteps: branchNextSteps.map(clean) } : {}),
    tasks: tasks.list.tasks.map((t) => ({ ...t, task: strip(t.task), progress: t.progress && strip(t.progress), next_step: t.next_step && strip(t.next_step) })),
    ...(tasks.unreadable.length ? { tasksUnreadable: tasks.unreadable } : {}),
  };
  // The window's sessions as MEMORY.md judges them now (a line deleted by hand is out at once): at
  // most one git call, beside the log.
  const judgedPromise = longTermPromise.then((l) => judgedWindow(src, l.text, win.sessions)).catch(() => win.sessions);
  const longTerm = await longTermPromise;
  const judged = await judgedPromise;
  return {
    marks: longTerm.marks,
    files: {
      base,
      items: longTerm.items,
      tried: longTerm.tried,
      leftOut: longTerm.leftOut,
      forgotten: longTerm.forgotten.map(strip),
      ...(judged === win.sessions ? {} : { judged: judged.map(clean) }),
      warnings,
      window: { from, to, sessions: newest.count, ...(win.sessions.length < newest.count ? { read: newest.read } : {}) },
      journalDays: { from: lookFrom, to: asked.day, whole: src.daysRead ? [...src.daysRead].sort() : null },
    },
  };
}


/** At most this many branches' next steps are shown. */
const NEXT_STEP_BRANCHES = 3;

/** The window's and the look-back's sessions (and unreadable files) by the day of their file; an unreadable file whose path names no day goes with `to`. */
function byDay(win: JournalRead, earlier: JournalRead, to: string): Map<string, JournalRead> {
  const days = new Map<string, JournalRead>();
  const of = (day: string) => {
    let d = days.get(day);
    if (!d) days.set(day, (d = { sessions: [], corrupt: [] }));
    return d;
  };
  for (const s of [...earlier.sessions, ...win.sessions]) of(s.date).sessions.push(s);
  for (const c of win.corrupt) of(/(\d{4}-\d\d-\d\d)/.exec(c.path)?.[1] ?? to).corrupt.push(c);
  return days;
}

/** Whether `s` has a next step none of the `later` sessions completed (said in other words too, or in longer ones): latestPerBranch's rule. */
function stillOpen(s: Session, later: readonly Session[]): boolean {
  const done = later.flatMap((l) => l.completed.map(factShape));
  return s.next_steps.some((n) => {
    const shape = factShape(n);
    return !done.some((d) => completes(d, shape));
  });
}
/** How far before the window the primer looks for a merged branch's last next steps. */
const NEXT_STEPS_LOOKBACK_DAYS = 14;

/**
 * The latest session with next steps of each branch among `sessions` (oldest first: those merged
 * in here), newest first, the checked-out branch's own first among equals: what each line of work
 * left to do. A step a later session completed (said in other words too, or in longer ones) is left out.
 */
export function latestPerBranch(sessions: Session[], current: string | null): Session[] {
  const byBranch = new Map<string, number>();
  sessions.forEach((s, i) => {
    if (s.next_steps.length) byBranch.set(s.branch ?? '', i);
  });
  const list: Session[] = [];
  if (!byBranch.size) return list;
  // What each later session completed, shaped once: every branch's next steps are compared with it.
  const first = Math.min(...byBranch.values());
  const shaped = sessions.map((s, i) => (i > first ? s.completed.map(factShape) : []));
  for (const i of byBranch.values()) {
    const done = shaped.slice(i + 1).flat();
    const open = sessions[i]!.next_steps.filter((n) => {
      const shape = factShape(n);
      return !done.some((d) => completes(d, shape));
    });
    if (open.length) list.push({ ...sessions[i]!, next_steps: open });
  }
  // Among the sessions of one minute, after the checked-out branch's own, the one written last first (see byTime).
  list.sort((a, b) => byCodeUnit(`${b.date} ${b.time}`, `${a.date} ${a.time}`) || (a.branch === current ? -1 : b.branch === current ? 1 : 0) || byCodeUnit(b.id, a.id));
  return list.slice(0, NEXT_STEP_BRANCHES);
}

const KIND: Record<LongTermSection, LearnedKind | null> = TRIED_KIND;

/**
 * MEMORY.md's facts the primer tries (see triedFacts) and those left out, read now; their
 * staleness (`marks`, one per item) when git answers.
 */
async function longTermFacts(src: MemorySource): Promise<{ items: LearnedItem[]; tried: Anchored[] | null; leftOut: { kind: LearnedKind; text: string }[]; marks: Promise<(StaleMark | null)[]>; forgotten: string[]; text: string | null }> {
  const text = await src.longTerm();
  if (!text) return { items: [], tried: null, leftOut: [], marks: Promise.resolve([]), forgotten: [], text };
  const { tried, leftOut: rest } = triedFactsOnce(text);
  // Cut at the comment by a look-up: `\s*<!--.*$` is quadratic in a run of spaces.
  const leftOut = rest.map((l) => ({ kind: KIND[l.section]!, text: l.raw.split('<!--', 1)[0]!.trim() }));
  const marks = src.staleness(tried).catch(() => tried.map(() => null));
  // A line deleted by hand since the last dream is forgotten now, from a session said later too.
  const deleted = src.deletedByHand ? await src.deletedByHand(text).catch(() => []) : [];
  return { items: tried.map((e) => ({ kind: KIND[e.section]!, text: e.text, longTerm: true, ...(e.date ? { date: e.date } : {}) })), tried, leftOut, marks, forgotten: [...forgottenTexts(text), ...deleted], text };
}

