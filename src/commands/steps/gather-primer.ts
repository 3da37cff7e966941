import { localDate, localTime } from '../../clock.js';
import { hotFiles, isBotCommit, isMemoryCommit, isOwnCommit, onePerSubject } from '../../git/log.js';
import { PRIMER_LOG_DEPTH } from '../../git/log-cache.js';
import type { LearnedItem, LearnedKind, PreparedItems, PrimerInput } from '../../memory/primer.js';
import type { Lang } from '../../memory/headings.js';
import { PRIMER_PHRASES } from '../../memory/primer-phrases.js';
import type { Anchored, StaleMark } from '../../dream/staleness.js';
import type { Session } from '../../memory/session.js';
import { mark } from '../../trace.js';
import { stripHiddenText } from '../../safety/hidden-text.js';
import type { MemorySource } from './memory-source.js';
import { primerOptions } from './primer-options.js';

export interface GatheredPrimer {
  input: PrimerInput;
  /** `read`: session files read, where the journal was read newest first (see primer-window.ts). */
  window: { from: string; to: string; sessions: number; read?: number };
  warnings: string[];
}

// Memory is data from the repository: hidden text is taken out before anything is shown.
export const strip = (t: string) => stripHiddenText(t).text;
export const clean = (s: Session): Session => ({ ...s, request: strip(s.request), learned: s.learned.map(strip), decisions: s.decisions.map(strip), completed: s.completed.map(strip), next_steps: s.next_steps.map(strip) });

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
    // Read anew: the reading and the judgement it needs load only now (read-files.ts).
    const { readFiles } = await import('./read-files.js');
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

function withStale(item: LearnedItem, mark: StaleMark | null, lang: Lang): LearnedItem {
  if (!mark) return item;
  return { ...item, stale: PRIMER_PHRASES[lang].staleWhy(mark.deleted ? null : mark.changed[0]!) };
}
