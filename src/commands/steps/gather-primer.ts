import { byCodeUnit } from '../../order.js';
import { localDate, localTime, windowStart } from '../../clock.js';
import { hotFiles, isBotCommit, isMemoryCommit, isOwnCommit, onePerSubject } from '../../git/log.js';
import { PRIMER_LOG_DEPTH } from '../../git/log-cache.js';
import { CorruptFileError } from '../../memory/frontmatter.js';
import { completes, factShape, forgottenTexts, type LongTermSection } from '../../memory/long-term.js';
import { TRIED_KIND, triedFactsOnce } from '../../memory/long-term-tried.js';
import { readNewest, readSessions } from '../../memory/primer-window.js';
import type { JournalRead } from '../../memory/journal.js';
import type { LearnedItem, LearnedKind, PreparedItems, PrimerInput } from '../../memory/primer.js';
import type { Lang } from '../../memory/headings.js';
import { PRIMER_PHRASES } from '../../memory/primer-phrases.js';
import type { Anchored, StaleMark } from '../../dream/staleness.js';
import type { Session } from '../../memory/session.js';
import { mark } from '../../trace.js';
import { stripHiddenText } from '../../safety/hidden-text.js';
import type { MemorySource, TasksRead } from './memory-source.js';
import { judgedWindow } from './judged-window.js';
import { primerOptions } from './primer-options.js';

export interface GatheredPrimer {
  input: PrimerInput;
  /** `read`: session files read, where the journal was read newest first (see primer-window.ts). */
  window: { from: string; to: string; sessions: number; read?: number };
  warnings: string[];
}

// Memory is data from the repository: hidden text is taken out before anything is shown.
const strip = (t: string) => stripHiddenText(t).text;
const clean = (s: Session): Session => ({ ...s, request: strip(s.request), learned: s.learned.map(strip), decisions: s.decisions.map(strip), completed: s.completed.map(strip), next_steps: s.next_steps.map(strip) });

/** What the primer's reading of the files is asked for: any of them differing, it is another reading. */
export interface ReadingAsked {
  /** The local day the window ends on (the clock's day), the window's days and the budget. */
  day: string;
  days: number;
  budget: number;
  /** The branch checked out: its next steps come first. */
  branch: string | null;
}

/**
 * What the primer reads from memory's files (the window's sessions, TASKS.md, MEMORY.md, the user's
 * files; and the branch), apart from what git answers of HEAD (the log, MEMORY.md's staleness): the
 * same after a commit where no file changed. Plain data (JSON), kept by kept-reading.ts.
 */
export interface FilesRead {
  /** What the primer shows of the files read, hidden text taken out. */
  base: Omit<PrimerInput, 'learned' | 'learnedLeftOut' | 'forgotten' | 'git' | 'generatedAt'>;
  /** MEMORY.md's facts the primer tries, their entries (the staleness check's question; null without MEMORY.md), those left out and those forgotten. */
  items: LearnedItem[];
  tried: Anchored[] | null;
  leftOut: { kind: LearnedKind; text: string }[];
  forgotten: string[];
  /** The window's sessions as MEMORY.md judges them (hidden text out), where that differs from base.windowSessions. */
  judged?: Session[];
  warnings: string[];
  window: GatheredPrimer['window'];
  /**
   * The journal's days looked at: from the look-back's first to the day asked for (the window may
   * have moved back from it); `whole`, those whose files were read (null where the source cannot say).
   */
  journalDays: { from: string; to: string; whole: string[] | null };
}

/**
 * Where a reading of the files is kept (kept-reading.ts): `kept` gives it back for `asked` while no
 * file it read changed; `keep` keeps one just read.
 */
export interface ReadingKeeper {
  kept(asked: ReadingAsked): FilesRead | null;
  keep(asked: ReadingAsked, files: FilesRead): void;
  /**
   * Whether the primer kept was made from what `input` holds so far, up to its files (`git`: and
   * git's log): it may then answer once MEMORY.md's staleness is in (kept-primer.ts keptAnswerMayServe).
   */
  answerKept?(input: PrimerInput, upTo: 'files' | 'git'): boolean;
}

/**
 * Gathers everything the primer shows from one memory source: the window of `days` days up to
 * `now`, the latest next steps, TASKS.md and a bounded git log. Reads only the window's journal
 * days; where the window has no session (a branch left idle longer than it), the `days` days up to
 * the latest day with sessions instead. Where the source can, only their newest sessions that the
 * primer of `maxTokens` (default: the config's) can show. With a `keeper`, the files' reading is
 * taken from it where no file it read changed, and kept after a reading: git's answers (the log,
 * the staleness of MEMORY.md's facts, which of the log's files are there) are always asked.
 */
export async function gatherPrimer(src: MemorySource, now: Date, days: number, maxTokens?: number, keeper?: ReadingKeeper): Promise<GatheredPrimer> {
  // The log is the one slow read (a git process): started first, awaited last.
  const logPromise = src.log(PRIMER_LOG_DEPTH);
  // A failure below would leave it unawaited: its own rejection is then not a second, unhandled one.
  logPromise.catch(() => undefined);
  const config = await src.config();
  const asked: ReadingAsked = { day: localDate(now), days, budget: maxTokens ?? config.primer.max_tokens, branch: src.branch() };
  const kept = keeper?.kept(asked) ?? null;
  let files: FilesRead;
  let marks: Promise<(StaleMark | null)[]>;
  if (kept) {
    mark('primer: kept reading used');
    files = kept;
    marks = kept.tried ? src.staleness(kept.tried).catch(() => kept.tried!.map(() => null)) : Promise.resolve([]);
  } else {
    ({ files, marks } = await readFiles(src, now, asked));
    keeper?.keep(asked, files);
  }
  // Whether the staleness answer is still to come when the files are read (see below).
  let marksIn = false;
  marks.then(() => (marksIn = true), () => undefined);
  // A kept reading: git's answers kept for this HEAD are in after a turn of the event loop.
  if (kept) await new Promise((resolve) => setImmediate(resolve));
  const { base, forgotten } = files;
  const generatedAt = `${localDate(now)} ${localTime(now)}`;
  const inputWith = (learned: LearnedItem[], leftOut: { kind: LearnedKind; text: string }[], git: PrimerInput['git'], windowSessions = base.windowSessions): PrimerInput => {
    // In the order the input always had its fields.
    const { tasks: shownTasks, tasksUnreadable, ...rest } = base;
    return {
      ...rest,
      windowSessions,
      ...(learned.length ? { learned: learned.map((l) => ({ ...l, text: strip(l.text) })) } : {}),
      ...(leftOut.length ? { learnedLeftOut: leftOut.map((l) => ({ ...l, text: strip(l.text) })) } : {}),
      ...(forgotten.length ? { forgotten } : {}),
      tasks: shownTasks,
      ...(tasksUnreadable ? { tasksUnreadable } : {}),
      git,
      generatedAt,
    };
  };
  // While git still answers MEMORY.md's staleness (not kept for this HEAD: a walk back to the oldest
  // anchor), the items known so far get their texts and token counts made: buildPrimer then finds
  // them made (the same text, made the same way), and the wait for git is not added to the work
  // after it. Only while git walks back for anchored facts: with none, no git runs for their marks.
  // And only where the primer kept does not answer but for those marks: after an `end`'s memory
  // commit (the walk asked again for the commit since), or with the staleness kept no more, the
  // kept answer is taken, and its items made here were made for nothing (the builder, the redaction
  // rules it compiles, the supersede judgements: 373 -> 304 M instructions at the bench's 200-line
  // MEMORY.md with its staleness not kept). The builder is loaded here only then (kept-primer.ts loads it where the kept
  // answer does not answer). Asked by the files first (no kept answer for them: made at once, beside
  // git's log), then with the log.
  let prepared: PreparedItems | undefined;
  let builder: typeof import('../../memory/primer.js') | null = null;
  const anchored = !!files.tried?.some((e) => e.files.length);
  const judged = files.judged ?? base.windowSessions;
  const prepare = async (input: PrimerInput) => {
    const loaded = await import('../../memory/primer.js');
    mark('primer: builder loaded');
    prepared = loaded.preparePrimer(input, primerOptions(config));
    return loaded;
  };
  const noGit = { branch: asked.branch, head: null, commits: [], hotFiles: [] };
  if (!marksIn && anchored && !keeper?.answerKept?.(inputWith(files.items, files.leftOut, noGit, judged), 'files')) builder = await prepare(inputWith(files.items, [], noGit, judged));
  const fullLog = await logPromise;
  // The log leaves memory out already; a log read elsewhere (an older kept one) may still hold memory commits.
  // Nor git-memory's own set-up: the commit that wired the agents is not the project's work.
  // A commit whose files git could not list (a partial clone without its trees: git/log.ts) is told by its subject.
  const log = fullLog.entries.filter((e) => !isMemoryCommit(e) && !isOwnCommit(e) && !(e.files.length === 0 && memorySubject(config.commit.message, e.subject)));
  // A file the log shows changed but that is gone now (deleted, or renamed away) is nowhere to look.
  const ranked = hotFiles(log, HOT_CANDIDATES);
  const there = new Set(await src.present(ranked.map((h) => h.path), HOT_FILES));
  const git: PrimerInput['git'] = {
    branch: asked.branch,
    head: fullLog.head,
    // A bot's commits (dependency bumps, release and formatting commits) say nothing of the work: its hot files leave them out too.
    // A subject many commits share is shown once, with their number.
    commits: onePerSubject(log.filter((e) => !isBotCommit(e))).map(({ entry: e, more }) => ({ sha: e.sha, subject: e.subject, date: e.date, ...(more ? { more } : {}) })),
    hotFiles: ranked.filter((h) => there.has(h.path)),
  };
  if (!builder && !marksIn && anchored) {
    const unmarked = inputWith(files.items, files.leftOut, git, judged);
    if (!keeper?.answerKept?.(unmarked, 'git')) builder = await prepare(unmarked);
  }
  const stale = await marks;
  const input = inputWith(
    files.items.map((l, i) => withStale(l, stale[i] ?? null, config.journal.language)),
    files.leftOut,
    git,
    judged,
  );
  return {
    warnings: files.warnings,
    window: files.window,
    input: builder && prepared ? builder.withPrepared(input, prepared) : input,
  };
}

/**
 * The primer's reading of the files for `asked` (see FilesRead), and the staleness of MEMORY.md's
 * facts, asked of git as soon as MEMORY.md is read.
 */
async function readFiles(src: MemorySource, now: Date, asked: ReadingAsked): Promise<{ files: FilesRead; marks: Promise<(StaleMark | null)[]> }> {
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

/** Whether `subject` has the form of `[commit] message` (`memory: {summary}`): a memory commit's, where its files are not known. */
function memorySubject(template: string, subject: string): boolean {
  const at = template.indexOf('{summary}');
  if (at < 0) return subject === template;
  const before = template.slice(0, at);
  const after = template.slice(at + '{summary}'.length);
  return before.length + after.length > 0 && subject.length > before.length + after.length && subject.startsWith(before) && subject.endsWith(after);
}

/** The primer's hot files: at most this many, from the first this many candidates of the log. */
const HOT_FILES = 15;
const HOT_CANDIDATES = 60;

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

function withStale(item: LearnedItem, mark: StaleMark | null, lang: Lang): LearnedItem {
  if (!mark) return item;
  return { ...item, stale: PRIMER_PHRASES[lang].staleWhy(mark.deleted ? null : mark.changed[0]!) };
}
