// The staleness check's git question, in its own light module: the entry point asks it before
// loading the primer (see bin.ts and git/early.ts), so git answers while node loads the rest.
import { lstatSync } from 'node:fs';
import { isRecord, readState, writeState } from '../fs/state.js';
import { isFullId } from '../git/head.js';
import { LOG_STEP_CAP, logStepArgs } from '../git/log-cache.js';
import { byCodeUnit } from '../order.js';
import { STALENESS_CACHE_FILE } from '../paths.js';

/** What staleness needs of an entry: its files, the commit it was recorded at and its day. */
export interface Anchored {
  files: string[];
  at?: string;
  date?: string;
}

/** At most this many commits are read: the call's cost does not grow with history. */
export const STALENESS_LOG_CAP = 400;
export const STALENESS_RS = '\x1e';
export const STALENESS_US = '\x1f';

export interface StalenessQuery {
  /** What the kept answer is kept under: the question itself. */
  key: string;
  /** The oldest anchor commit, the one `args` starts after (null where no entry names its commit). */
  base: string | null;
  /** `log <oldest anchor commit>..<rev> -- <files>`, or null where no entry names its commit. */
  args: string[] | null;
  /** The log since the oldest entry's day: asked where `args` is null or fails (history rewritten). */
  fallback: string[];
}

/**
 * What an entry's `at` may be to reach git: a commit id or a prefix of one. MEMORY.md is committed, so
 * a cloned repository writes `at`: `at: --output=/home/you/x` was git log's option, which wrote its
 * output to a file it named at every session start.
 */
const COMMIT_PREFIX = /^[0-9a-f]{4,64}$/i;

/** The one bounded git call for the anchored entries among `entries`; null when none is anchored. */
export function stalenessQuery(entries: readonly Anchored[], rev: string, head?: string | null): StalenessQuery | null {
  const anchored = entries.filter((e) => e.files.length);
  if (!anchored.length) return null;
  const files = [...new Set(anchored.flatMap((e) => e.files))].sort();
  const oldest = [...anchored].filter((e) => e.at && COMMIT_PREFIX.test(e.at)).sort((a, b) => byCodeUnit(a.date ?? '', b.date ?? ''))[0];
  const since = [...anchored].map((e) => e.date ?? '').sort()[0] ?? '';
  return question(files, oldest?.at, since, rev, head);
}

/** The question for the anchored `files`, the oldest anchor commit `at` (if any) and the oldest day `since`. */
function question(files: string[], at: string | undefined, since: string, rev: string, head?: string | null): StalenessQuery {
  // Full ids: git need not work out the shortest unique prefix of each (an entry's short `at` is a prefix of its own).
  const base = ['log', `-n${STALENESS_LOG_CAP}`, '--no-renames', '--name-only', `--format=${STALENESS_RS}%H${STALENESS_US}%cs`];
  // The key is the question itself (no hash: loading crypto costs more than the comparison).
  const key = JSON.stringify([head ?? rev, at, since, files]);
  return {
    key,
    base: at ?? null,
    args: at ? [...base, `${at}..${rev}`, '--', ...files] : null,
    fallback: [...base, ...(since ? [`--since=${since}`] : []), rev, '--', ...files],
  };
}

/** MEMORY.md's file identity in a mark (see memoryMark), the commit left out. */
const fileOfMark = (mark: string) => mark.slice(0, mark.lastIndexOf(':'));

/**
 * The question the kept answer answered, asked at `head`, where MEMORY.md is the very file it was
 * answered for (`mark`, memoryMark() now, names the same file identity, only the commit differs):
 * its facts, and so their anchors and files, are the same; only HEAD moved. The entry point then
 * chooses its early git call after a commit without reading and parsing MEMORY.md in its uncached
 * bundle. A hint as the mark is: the primer still asks its own question of the file it reads, and
 * takes the early call only where that is the same question. Null where the file may have changed
 * or the kept key is not one this version writes.
 */
export function keptQuestionAt(kept: KeptStaleness, mark: string | null, rev: string, head: string): StalenessQuery | null {
  if (!kept.mark || !mark || fileOfMark(kept.mark) !== fileOfMark(mark)) return null;
  let was: unknown;
  try {
    was = JSON.parse(kept.key);
  } catch {
    return null;
  }
  if (!Array.isArray(was) || was.length !== 4) return null;
  const [, at, since, files] = was as unknown[];
  if ((at !== null && typeof at !== 'string') || typeof since !== 'string' || !Array.isArray(files) || !files.length || !files.every((f) => typeof f === 'string')) return null;
  return question(files as string[], at ?? undefined, since, rev, head);
}

/** What is kept in the state directory: git's answer to the question `key`. */
export interface KeptStaleness {
  key: string;
  out: string;
  /**
   * memoryMark() of the MEMORY.md and commit it was answered for: the entry point sees by one stat
   * that nothing needs starting, without reading and parsing MEMORY.md in its uncached bundle.
   */
  mark?: string;
  /** Answered by the fallback question (the range failed): a later HEAD does not build on it (see stalenessStep). */
  fallback?: boolean;
  /** The anchors the log does not list are placed in `out` (placeAnchors in staleness.ts): taken as it is, it needs no look for them. */
  placed?: boolean;
  /**
   * The marks `out` gave (staleMarks in staleness.ts): by which program (version.ts BUILD), for
   * which entries (as JSON) and log base, and each path whose presence in the working tree was
   * asked, with its answer. The same program, answer, entries and base, and every path answering
   * the same, give the same marks.
   */
  marks?: { build: string; entries: string; base: string | null; asked: [string, boolean][]; marks: unknown[] };
  /** The MEMORY.md of `mark` has no anchored fact: no question (`key` and `out` empty), whatever HEAD is (keptNone). */
  none?: boolean;
}

/**
 * MEMORY.md at `path` as a file identity (inode, size, modification and change times) at commit
 * `head`, or null where it cannot be read. A hint only: the primer still checks the question
 * itself (the key), so a mark that matches a changed file costs an early start, never a wrong answer.
 */
export function memoryMark(path: string, head: string): string | null {
  const st = lstatSync(path, { bigint: true, throwIfNoEntry: false });
  return st ? `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}:${head}` : null;
}
/**
 * Whether `kept` says the MEMORY.md of `mark` (memoryMark() now: the same file, at any commit) has
 * no anchored fact, so that the entry point neither reads nor parses it to find no question to ask
 * (at every start, with a dream's MEMORY.md of unanchored facts: ~1 ms). A hint as the mark is: the
 * primer asks its own question of the file it reads.
 */
export function keptNone(kept: KeptStaleness | null, mark: string | null): boolean {
  return !!kept?.none && !!kept.mark && !!mark && fileOfMark(kept.mark) === fileOfMark(mark);
}

/** Keeps that the MEMORY.md of `mark` (taken before it was read) has no anchored fact (keptNone); never throws. */
export function keepNone(stateDir: string, mark: string): void {
  try {
    writeState(stateDir, STALENESS_CACHE_FILE, { key: '', out: '', mark, none: true } satisfies KeptStaleness);
  } catch {
    /* read-only: asked again next time */
  }
}

export const isKeptStaleness = (v: unknown): v is KeptStaleness => isRecord(v) && typeof v.key === 'string' && typeof v.out === 'string';

/** The kept answer the entry point read, for the primer it loads (one global: they are separate bundles). */
const KEPT_SLOT = Symbol.for('git-memory.kept-staleness');
type KeptSlot = Map<string, KeptStaleness | null>;
const keptSlot = () => ((globalThis as Record<symbol, KeptSlot>)[KEPT_SLOT] ??= new Map());

/**
 * The kept answer in `stateDir` (staleness.json), read by the entry point and handed to the primer
 * it loads (takeKeptStaleness): read and parsed once per start, not twice (35 KB of JSON with the
 * dream's anchored facts at every size).
 */
export function readKeptStaleness(stateDir: string): KeptStaleness | null {
  const kept = readState(stateDir, STALENESS_CACHE_FILE, isKeptStaleness);
  keptSlot().set(stateDir, kept);
  return kept;
}

/**
 * What readKeptStaleness read in this process, once (a long-lived process reads the file each time
 * after); else the file. A hint as the kept answer always is: it is used only for its very question.
 */
export function takeKeptStaleness(stateDir: string): KeptStaleness | null {
  const slot = keptSlot();
  if (!slot.has(stateDir)) return readState(stateDir, STALENESS_CACHE_FILE, isKeptStaleness);
  const kept = slot.get(stateDir)!;
  slot.delete(stateDir);
  return kept;
}

/** At most this many commits since the kept answer are taken as a step; more ask the whole question (the primer's log step's cap: one git call reads both). */
export const STALENESS_STEP_CAP = LOG_STEP_CAP;

/**
 * When HEAD moved on from the commit `kept` answered the same question at (same anchors and files):
 * the commits since, for stepAnswer() to put before the kept answer, so a session start after a
 * commit walks the new commits, not the history back to the oldest anchor. Every commit since, with
 * all its files (no pathspec: the step checks the history is a line). An answer of the range stops
 * at the oldest anchor; one of the log since a day (no fact names its commit, or the anchor is no
 * commit here: `since`) takes the commits since whose day is after that day — git's `--since` keeps
 * them too (stepAnswer checks). An answer kept by a version that did not say whether the fallback
 * gave it counts as the range's: the step names the oldest anchor, which the fallback answers only
 * where it is not a commit (git fails then, and the whole question is asked).
 *
 * The step's question is the primer's own log step (logStepArgs: every commit since, with its id,
 * parents, day and files), so where both were kept at the same commit one git process answers
 * both (the entry point starts it once, see early.ts). The oldest anchor's history is left out of
 * it (`^<anchor>`) only where that could change the answer: a commit since is in the anchor's
 * history only if the kept commit is too (the commits since are a line from it), and then the
 * range the kept answer answered (`<anchor>..<kept>`) is empty — so a kept answer with a commit
 * in it needs no `^<anchor>`. An anchor among the commits since still asks the whole question.
 */
export function stalenessStep(q: StalenessQuery, kept: KeptStaleness | null, head: string | null | undefined): { from: string; args: string[]; since?: string } | null {
  if (!kept || !head || !isFullId(head)) return null;
  let was: unknown;
  try {
    was = JSON.parse(kept.key);
  } catch {
    return null;
  }
  const now = JSON.parse(q.key) as unknown[];
  if (!Array.isArray(was) || typeof was[0] !== 'string' || was[0] === head || !isFullId(was[0])) return null;
  if (JSON.stringify(was.slice(1)) !== JSON.stringify(now.slice(1))) return null;
  // The log since a day: no anchor to stop at (the step's cap and line check bound it).
  if (!q.args || kept.fallback) return typeof now[2] === 'string' ? { from: was[0], args: logStepArgs(was[0], head), since: now[2] } : null;
  if (typeof now[1] !== 'string') return null;
  // Not past the oldest anchor either, where the kept answer cannot tell (see above): where the
  // anchor is not a commit here, git fails and the whole question is asked.
  return { from: was[0], args: logStepArgs(was[0], head, kept.out.includes(STALENESS_RS) ? undefined : now[1]) };
}
