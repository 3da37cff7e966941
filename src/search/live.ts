import { Stamp } from '../fs/stamp.js';
import { stampHead } from '../git/head-stamp.js';
import type { Repo } from '../git/repo.js';
import type { Session } from '../memory/session.js';
import { query } from './bm25.js';
import { readJournalFile, type DaysSeen } from './documents.js';
import { asOpened, buildInBackground, BuildNeeded, openIndex, type OpenedIndex, type SpeculativeIndex } from './index.js';
import { stampStat } from './file-stat.js';
import { stampJournal } from './journal-stamp.js';
import { FIRST_ANSWER_MS, indexNewestInSlices } from './newest.js';
import { openStore, type Store } from './store.js';

/** Parsed journal files kept for snippets: the oldest goes first beyond this. */
const MAX_PARSED = 512;
export { FIRST_ANSWER_MS };
/** The whole index is built after the first answer, in slices this long. */
export const BUILD_SLICE_MS = 25;
/**
 * The newest files of a first answer are read in slices this long: between them, what the search
 * awaits meanwhile goes on (git's answer about MEMORY.md's last dream, see commands/search.ts).
 */
export const NEWEST_SLICE_MS = 10;
/**
 * What a first answer is given at least, however long the call took to get to it (under load,
 * loading the code and stamping the journal can take all of `firstMs`): without it the newest file
 * alone answered.
 */
export const LEAST_ANSWER_MS = 25;

/**
 * Whether a listing of the journal that started at `from` and had listed `seen` of its days at `now`
 * will, at that pace, still be listing at `deadline` (performance.now() times). Days differ (a
 * folded day is one file, a day folder dozens), so it is a guess: one that says "in time" wrongly
 * costs the wait it saves; one that says "too late" wrongly answers as stored, saying so.
 */
export function listedTooSlowly(seen: DaysSeen, from: number, now: number, deadline: number): boolean {
  if (!seen.done || seen.done >= seen.total) return false;
  return from + ((now - from) * seen.total) / seen.done > deadline;
}

interface Held {
  stamp: Stamp;
  racy: boolean;
  index: OpenedIndex;
  close(): void;
}

/**
 * The search index of a long-lived process (the MCP server): opened once, kept open, and
 * revalidated at each query by `lstat` of what it depends on (the journal and its day
 * directories, and the files that say which commit HEAD is; see journal-stamp.ts and
 * head-stamp.ts), not by the cache key (key.ts), which stats every journal file.
 * When the stamp changed, or was taken too soon after a change to be trusted (see stamp.ts),
 * the index is opened the careful way once more: cache key, update, store.
 */
export class LiveIndex {
  private held: Held | null = null;
  private loading: Promise<OpenedIndex> | null = null;
  /** The whole index being built in the background, while searches answer from the newest files. */
  private building: { done: Promise<void>; stop: { stopped: boolean }; start: () => void } | null = null;

  constructor(
    readonly repo: Repo,
    private readonly firstMs = FIRST_ANSWER_MS,
    private readonly leastMs = LEAST_ANSWER_MS,
  ) {}

  private stamp(): Stamp {
    return stampHead(stampJournal(new Stamp(stampStat), this.repo.root), this.repo);
  }

  /**
   * The index as the journal is now. `arrived`: when the call that asks for it arrived (performance.now()):
   * a first search answers about `firstMs` after it, whatever it took to get here (loading the
   * search's code, the stamp).
   */
  async current(arrived = performance.now()): Promise<OpenedIndex> {
    const stamp = this.stamp();
    const held = this.held;
    // Until the whole index is built, the newest files answer (their index says so), while the
    // journal stays as it was (a change starts over).
    if (held && this.building && held.stamp.equals(stamp)) return held.index;
    if (held && !held.racy && held.stamp.equals(stamp)) return held.index.cache === 'fresh' ? held.index : (held.index = { ...held.index, cache: 'fresh' });
    // The stored index is still being checked against the journal (a first search that could not wait for it): it answers as stored, saying so.
    if (this.checking?.stamp.equals(stamp)) return this.checking.index;
    // Calls that arrive during a reload share it.
    this.loading ??= this.reload(stamp, arrived).finally(() => (this.loading = null));
    return this.loading;
  }

  /** Set while a first search's check of the stored index goes on after it answered from the index as stored. */
  private checking: { stamp: Stamp; index: OpenedIndex; done: Promise<unknown> } | null = null;

  private async reload(stamp: Stamp, arrived: number): Promise<OpenedIndex> {
    const stored = openStore(this.repo.stateDir);
    if (!stored) return this.answerWhileBuilding(stamp, this.budget(arrived));
    // A process's first search waits for the check (the cache key's stat of every journal file, and
    // the update where it changed) only until about `firstMs` after the call arrived: at 50,000 sessions the stats alone take
    // longer (the key is listed in slices, so the wait ends on time). Past that it answers from the index as stored, saying so, and the
    // check goes on; the search after it is done answers from the current index. Where the listing's
    // pace says it cannot be done by then, the wait ends at once: waiting would only delay the same answer.
    const first = !this.held && !this.building;
    const deadline = performance.now() + this.budget(arrived);
    const listFrom = performance.now();
    // The listing's first slice runs before openIndex returns: what it says is kept for the wait below.
    let hopeless = false;
    let giveUp: () => void = () => {
      hopeless = true;
    };
    // Where the update would build the whole index (too much changed), it is built in the
    // background as after a clone, and the newest files answer meanwhile (check).
    const opened = await openIndex(
      this.repo,
      undefined,
      stored,
      false,
      undefined,
      first
        ? (seen) => {
            if (listedTooSlowly(seen, listFrom, performance.now(), deadline)) giveUp();
          }
        : undefined,
    );
    const checked = this.check(stamp, stored, opened, arrived);
    if (!first) return checked;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      giveUp = () => resolve(null);
      if (hopeless) resolve(null);
      else timer = setTimeout(() => resolve(null), deadline - performance.now());
    });
    const got = await Promise.race([checked, late]);
    clearTimeout(timer);
    if (got) return got;
    const index: OpenedIndex = { ...opened.index, sessionsOf: this.parsedFiles(), unchecked: true };
    const checking = (this.checking = { stamp, index, done: checked.catch(() => {}) });
    checked.then(
      () => {
        if (this.checking === checking) this.checking = null;
      },
      // The next search checks again, the careful way.
      () => {
        if (this.checking === checking) this.checking = null;
      },
    );
    return index;
  }

  /**
   * The stored index checked against the journal (its cache key), and updated where it is behind;
   * then held. The stored index is closed when the held one is let go (a first search may still be
   * reading it, see reload).
   */
  private async check(stamp: Stamp, stored: Store, opened: SpeculativeIndex, arrived: number): Promise<OpenedIndex> {
    let index = opened.index;
    let close = () => stored.close();
    if (!(await opened.valid)) {
      let fresh: OpenedIndex;
      try {
        fresh = index = await opened.refresh();
      } catch (e) {
        if (e instanceof BuildNeeded) {
          // The first search answered from the index as stored already (reload): nothing waits for
          // this answer, which serves the searches after it (given the whole time); else it is the first answer.
          const answered = this.checking?.stamp === stamp;
          const newest = await this.answerWhileBuilding(stamp, answered ? this.firstMs : this.budget(arrived), () => stored.close());
          // Or it answered while the newest files were read (their budget ends at the first answer's
          // deadline, so on a loaded machine after it): its close() found no build to start then,
          // and no answer will come from this one to start it.
          if (answered || this.checking?.stamp === stamp) this.building?.start();
          return newest;
        }
        stored.close();
        throw e;
      }
      close = () => (stored.close(), fresh.close?.());
    }
    this.held?.close();
    // The files results are shown from are parsed once while the journal stays as it is: a
    // reload (the journal changed) starts with none.
    const live = { ...index, sessionsOf: this.parsedFiles() };
    this.held = { stamp, racy: stamp.racy(), index: live, close };
    return live;
  }

  /** What is left of a first answer's `firstMs` for a call that arrived at `arrived` (performance.now()), at least `leastMs`. */
  private budget(arrived: number): number {
    return Math.max(this.leastMs, this.firstMs - (performance.now() - arrived));
  }

  /** Parsed journal files, kept for the snippets of results while the journal stays as it is. */
  private parsedFiles(): (path: string) => Session[] {
    const parsed = new Map<string, Session[]>();
    return (path: string) => {
      let got = parsed.get(path);
      if (!got) {
        got = readJournalFile(this.repo.root, path).sessions;
        if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value!);
        parsed.set(path, got);
      }
      return got;
    };
  }

  /**
   * No index is stored (a fresh clone), or so much changed that it must be built again: the newest journal files are indexed for `budgetMs`
   * and answer now, saying so, while the whole index is built in slices in the background and
   * stored. The first search after it is done opens the stored one.
   */
  private async answerWhileBuilding(stamp: Stamp, budgetMs: number, close: () => void = () => {}): Promise<OpenedIndex> {
    const index: OpenedIndex = { ...asOpened(await indexNewestInSlices(this.repo.root, budgetMs, NEWEST_SLICE_MS)), sessionsOf: this.parsedFiles() };
    this.held?.close();
    this.held = { stamp, racy: true, index, close };
    if (this.building) this.building.stop.stopped = true;
    const stop = { stopped: false };
    // Started once the answer from the newest files is out (see open): before it, the build's
    // first steps (a stat of every journal file for the listing and its cache key) would run while
    // the search awaits anything (git's answer for MEMORY.md, say), and delay the answer.
    let start = () => {};
    const started = new Promise<void>((resolve) => (start = resolve));
    const done = buildInBackground(this.repo, BUILD_SLICE_MS, stop, started)
      .catch(() => false) // a read-only git directory, say: the next search tries the careful way
      .then((stored) => {
        if (this.building?.stop !== stop) return;
        this.building = null;
        // What was stored holds the journal as it was stamped before the build read it: held
        // as that, the next search asks git nothing unless the journal moved since.
        const store = stored ? openStore(this.repo.stateDir) : null;
        this.held?.close();
        this.held = store && {
          stamp,
          racy: stamp.racy(),
          index: { search: (q, opts) => query(store, q, opts), meta: (id) => store.meta(id), sessions: store.documents, cache: 'fresh', corrupt: [], sessionsOf: this.parsedFiles() },
          close: () => store.close(),
        };
      });
    this.building = { done, stop, start };
    return index;
  }

  /** Resolves once no background check or build is running (tests, and a server that wants to finish it). */
  async settled(): Promise<void> {
    while (this.checking || this.building) await (this.checking?.done ?? this.building?.done);
  }

  /**
   * The current index in the shape openIndex gives (already valid), for a call that arrived at
   * `arrived` (performance.now(); see current). Its `close()` says the caller's
   * answer is out: the whole index's background build starts then; the index itself is closed by
   * this object's `close()`.
   */
  async open(arrived = performance.now()): Promise<SpeculativeIndex> {
    const index = await this.current(arrived);
    return { index, valid: Promise.resolve(true), refresh: async () => index, close: () => this.building?.start() };
  }

  close(): void {
    this.checking = null;
    if (this.building) this.building.stop.stopped = true;
    this.building = null;
    this.held?.close();
    this.held = null;
  }
}

const live = new Map<string, LiveIndex>();

/** The live index of a repository's worktree, made on first use and kept for the life of the process. */
export function liveIndex(repo: Repo): LiveIndex {
  let got = live.get(repo.stateDir);
  if (!got) live.set(repo.stateDir, (got = new LiveIndex(repo)));
  return got;
}

/** Closes every live index (a server shutting down). */
export function closeLiveIndexes(): void {
  for (const l of live.values()) l.close();
  live.clear();
}
