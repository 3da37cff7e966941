import type { RecentLog } from '../../git/log.js';
import type { Config } from '../../memory/config.js';
import type { JournalRead } from '../../memory/journal.js';
import type { NewestSource } from '../../memory/primer-window.js';
import type { TaskList } from '../../memory/tasks.js';
import type { UserFiles } from '../../memory/user-files.js';
import type { Anchored, StaleMark } from '../../dream/staleness.js';

/** TASKS.md as a reader sees it: every task that can be read, and where the other lines are (`TASKS.md:12`). */
export interface TasksRead {
  list: TaskList;
  unreadable: string[];
}

/**
 * Where the primer's memory is read from: the working tree as it is now (worktree-source.ts), or a
 * revision's git objects without a checkout (revision-source.ts). The primer gatherer reads only
 * through this, so `primer`, `lint` and `diff` build the same primer from the same rules.
 */
export interface MemorySource {
  /** Put before the task-list warning: '' for the working tree, `abc1234: ` for a revision (a diff reads two). */
  readonly label: string;
  /** Where known, the journal days whose files were read so far (not only a day's kept index). */
  readonly daysRead?: ReadonlySet<string>;
  /** The config in force there. */
  config(): Promise<Config>;
  /** Sessions of the days from `from` to `to` inclusive (YYYY-MM-DD), oldest first. */
  sessions(from: string, to: string): Promise<JournalRead>;
  /**
   * The journal read newest first, only as far as the primer shows (memory/primer-window.ts); null
   * (or absent) where it cannot be: the window is read whole through `sessions`.
   */
  newest?(): NewestSource | null;
  /** The most recent day with at least one readable session, at or before `to`. */
  latestDay(to: string): Promise<JournalRead>;
  /** TASKS.md; rejects with CorruptFileError when the file is not to be read at all (a link). */
  tasks(): Promise<TasksRead>;
  /** The last `depth` commits that changed more than memory, with their files, newest first; and the commit itself. */
  log(depth: number): Promise<RecentLog>;
  /** The user's own files: personal, so a revision (shown in a pull request) has none. */
  user(): UserFiles;
  /** The branch checked out, or null (a revision, a detached HEAD). */
  branch(): string | null;
  /** MEMORY.md's text, or null where there is none. */
  longTerm(): Promise<string | null>;
  /** Which of `paths` the tree of at least one of `commits` holds: one git call for all of them. */
  inTrees(commits: readonly string[], paths: readonly string[]): Promise<Set<string>>;
  /** The first `want` of `paths` (in their order) that exist there: the working tree's files, or the revision's tree. */
  present(paths: readonly string[], want: number): Promise<string[]>;
  /** Which anchored entries may be stale there: one bounded git call for all of them. */
  staleness(entries: readonly Anchored[]): Promise<(StaleMark | null)[]>;
  /**
   * The facts deleted by hand from MEMORY.md (its `text` there) since the last dream: forgotten at
   * once, as the next dream will list them. Absent where only committed files are read (a revision).
   */
  deletedByHand?(text: string): Promise<string[]>;
}
