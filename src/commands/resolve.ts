import { join } from 'node:path';
import { EXIT, GitMemoryError } from '../errors.js';
import { commitPaths } from '../git/commit.js';
import { git } from '../git/git.js';
import { withLock } from '../fs/lock.js';
import { readBlob, showFile } from '../git/objects.js';
import { findRepo, isOperation, operationInProgress, type Operation, type Repo } from '../git/repo.js';
import { writeAtomic } from '../fs/atomic.js';
import type { Config } from '../memory/config.js';
import { hasConflictMarkers, splitConflict } from '../memory/conflict-markers.js';
import { CorruptFileError } from '../memory/frontmatter.js';
import { mergeTaskLists, sameTask, tasksLang, type TaskConflict, type TaskFold, type TaskRekey } from '../memory/tasks-merge.js';
import { parseTasks, parseTasksKeeping, serializeTasks, type TaskList } from '../memory/tasks.js';
import { withWorktreeTasks, type NamedTask } from '../memory/tasks-worktree.js';
import { readHeldTasks, type HeldTasks } from '../memory/tasks-held.js';
import { guardText } from '../safety/guard.js';
import { parseLongTerm, serializeLongTerm, type LongTermDoc } from '../memory/long-term.js';
import { mergeLongTerm, withWorktreeEntries, type NamedEntry } from '../memory/long-term-merge.js';
import { LONG_TERM_FILE, PRIMER_FILE, TASKS_FILE } from '../paths.js';
import { writablePath } from '../worktree-path.js';
import { openRepo, type Ctx, type Opened, type Result } from './context.js';
import { commitMessage } from './steps/commit-memory.js';
import { rebuildPrimer } from './steps/rebuild-primer.js';
import { readTextOrNull } from '../fs/read-file.js';
import { settleJournal, type JournalSettled } from './resolve-journal.js';

export interface ResolvedFile {
  path: string;
  how: 'merged by task id' | 'merged by entry' | 'rebuilt';
  /** Where the two sides came from: git's index stages during a merge, or markers in the file. */
  from: 'index' | 'markers';
  tasks?: number;
  decided?: TaskConflict[];
  /** Two different tasks that had one id: both kept, theirs under a new id. */
  rekeyed?: TaskRekey[];
  /** One text added on both sides under two ids: kept once. */
  folded?: TaskFold[];
  /**
   * During a merge (from the index): what the working-tree file held beyond git's versions, kept.
   * Tasks for TASKS.md, entries for MEMORY.md.
   */
  worktree?: WorktreeKept<NamedTask> | WorktreeKept<NamedEntry>;
}

/** What `resolve` kept of the working-tree file beside the merge of git's versions. */
export interface WorktreeKept<T> {
  /** In the working tree only (in no version git has): added. */
  added: T[];
  /** Its working-tree version differs from every version git has (a hand edit): that version kept. */
  edited: T[];
  /** A side deleted it and the hand resolution kept it: kept. */
  restored: T[];
  /** In the merge but not in the working tree (deleted by hand?): kept, since a deletion cannot be told from a lost line. */
  missing: T[];
}

export interface ResolveData {
  files: ResolvedFile[];
  /** Journal files the operation left unmerged, settled from the two commits (see resolve-journal.ts); null when none was. */
  journal: JournalSettled | null;
  /** Unmerged paths marked resolved (`git add`), so the merge can be concluded. */
  staged: string[];
  commit: { sha: string; paths: string[] } | null;
  waiting: Operation | null;
  /**
   * A task change made during the operation (`end`, `tasks`), waiting outside TASKS.md until it
   * has ended (see tasks-held.ts): the operation and the tasks it adds or changes; null when none waits.
   */
  tasksWaiting: { op: Operation | null; tasks: NamedTask[] } | null;
}

/** The index stages of an unmerged path (1 base, 2 ours, 3 theirs), or null when it is merged. */
async function stages(repo: Repo, path: string): Promise<Map<number, string> | null> {
  const out = await git(['ls-files', '-u', '-z', '--', path], { cwd: repo.root });
  const map = new Map<number, string>();
  for (const e of out.split('\0').filter(Boolean)) {
    const m = /^\d+ ([0-9a-f]+) (\d)\t/.exec(e);
    if (m) map.set(Number(m[2]), m[1]!);
  }
  return map.size ? map : null;
}


/** What stops resolve where the working-tree file cannot be read: the hint that goes with the error. */
const worktreeHint = (path: string) =>
  `resolve keeps what the working-tree file holds beyond git's versions, so it must read it: fix that line by hand, or start over from git's conflict with \`git checkout --merge -- ${path}\` (which drops the file's edits)`;

/** Parses one version of a memory file for resolve; one that does not parse stops it, with nothing changed. */
function parseVersion<T>(parse: (text: string, path: string) => T, path: string, text: string, side: string): T {
  try {
    return parse(text, `${path} (${side})`);
  } catch (e) {
    if (!(e instanceof CorruptFileError)) throw e;
    const hint = side.startsWith('working tree') ? `${worktreeHint(path)}; expected shape:\n${e.expected}` : `fix that side by hand; expected shape:\n${e.expected}`;
    throw new GitMemoryError(`${e.message}; nothing was changed`, EXIT.error, hint);
  }
}

function parseSide(text: string, side: string): TaskList {
  if (!text.trim()) return { tasks: [] };
  return parseVersion(parseTasks, TASKS_FILE, text, side);
}

/**
 * The working-tree file of a path unmerged in the index, as the versions to compare with git's:
 * the file, or each side of its conflict markers (`markers`). Null where it holds nothing beyond
 * them: no file, or exactly one of git's versions (a driver that failed leaves ours).
 */
function worktreeVersions(repo: Repo, path: string, stageTexts: string[]): { texts: { text: string; side: string }[]; markers: boolean } | null {
  const text = readTextOrNull(join(repo.root, path));
  if (text === null || stageTexts.includes(text)) return null;
  if (!hasConflictMarkers(text)) return { texts: [{ text, side: 'working tree' }], markers: false };
  const sides = splitConflict(text);
  if (!sides) throw new GitMemoryError(`${path} (working tree): conflict markers that do not pair up; nothing was changed`, EXIT.error, worktreeHint(path));
  return { texts: [{ text: sides.ours, side: 'working tree, ours' }, { text: sides.theirs, side: 'working tree, theirs' }], markers: true };
}

/** The tasks a held task change adds or changes against the file it was made from, for the message. */
function heldTaskChanges(held: HeldTasks): NamedTask[] {
  const base = held.base === null ? [] : parseTasksKeeping(held.base, TASKS_FILE).list.tasks;
  return parseTasksKeeping(held.tasks, TASKS_FILE)
    .list.tasks.filter((t) => !base.some((b) => b.id === t.id && sameTask(b, t)))
    .map((t) => ({ id: t.id, task: t.task }));
}

/** A kept list with nothing in it is left out of the result. */
const anyKept = <T>({ added, edited, restored, missing }: WorktreeKept<T>): WorktreeKept<T> | undefined =>
  added.length || edited.length || restored.length || missing.length ? { added, edited, restored, missing } : undefined;

/** The sides of a memory file to merge, from the index or from markers in the file; null when it is fine. */
async function tasksSides(repo: Repo, path = TASKS_FILE): Promise<{ from: ResolvedFile['from']; base: string | null; ours: string; theirs: string } | null> {
  const st = await stages(repo, path);
  if (st) {
    const blob = (n: number) => (st.has(n) ? readBlob(repo.root, st.get(n)!) : Promise.resolve(''));
    const [base, ours, theirs] = await Promise.all([blob(1), blob(2), blob(3)]);
    return { from: 'index', base: st.has(1) ? base : null, ours, theirs };
  }
  const text = readTextOrNull(join(repo.root, path));
  const sides = text && hasConflictMarkers(text) ? splitConflict(text) : null;
  if (!sides) return null;
  return { from: 'markers', ...sides, base: sides.base ?? (path === TASKS_FILE ? await baseOfMarkedMerge(repo) : null) };
}

/**
 * The common version behind markers that were committed: the merge commit that brought them in
 * (the newest of the last few merges touching TASKS.md whose version has markers) tells the two
 * sides, and their merge base holds the version both started from. Null where none is found.
 */
async function baseOfMarkedMerge(repo: Repo): Promise<string | null> {
  const out = await git(['log', '--merges', '-n', '20', '--format=%H %P', 'HEAD', '--', TASKS_FILE], { cwd: repo.root, allowFail: true });
  for (const line of (out ?? '').split('\n').filter(Boolean)) {
    const [sha, p1, p2] = line.split(' ');
    const version = await showFile(repo.root, sha!, TASKS_FILE);
    if (!version || !hasConflictMarkers(version) || !p1 || !p2) continue;
    const base = (await git(['merge-base', p1, p2], { cwd: repo.root, allowFail: true }))?.trim();
    return base ? ((await showFile(repo.root, base, TASKS_FILE)) ?? '') : null;
  }
  return null;
}

/**
 * Repairs memory files a merge left conflicted where the merge driver was not configured (another
 * machine, a hosting service): TASKS.md is merged by task id, keeping every task of both sides and
 * the newer change where both changed one; PRIMER.md is rebuilt; journal files (session files a
 * rename pairing of two folds conflicted, folded days) are settled from the two commits. Unmerged paths are marked resolved
 * for the merge to be concluded; files committed with markers are fixed in a new commit.
 */
export async function resolve(ctx: Ctx): Promise<Result<ResolveData>> {
  const repo = findRepo(ctx.cwd, ctx.env);
  const warnings: string[] = [];
  let config: Config | null = null;
  // Opened once, for the task merge's settings and the primer; a config that does not load leaves
  // the defaults for the merge, and stops only the primer rebuild (which needs the config).
  let opened: Opened | null = null;
  let configError: unknown;
  try {
    opened = openRepo(ctx, repo);
    config = opened.config;
  } catch (e) {
    configError = e;
    warnings.push(`${(e as Error).message.split('\n')[0]}; resolving with default settings`);
  }
  return withLock(repo.stateDir, async () => {
    const files: ResolvedFile[] = [];
    // First the journal: session files a rename pairing left conflicted, folded days merged by session.
    const journal = await settleJournal(repo, operationInProgress(repo));
    const unmerged: string[] = [];
    const guard = { mode: config?.secrets.mode ?? 'block', allowlist: config?.secrets.allowlist ?? [] } as const;
    // Both files are merged before either is written: one that cannot be read leaves both as they are.
    const writes: { path: string; text: string }[] = [];
    const sides = await tasksSides(repo);
    if (sides) {
      const stageLists = [sides.base, sides.ours, sides.theirs].flatMap((t, i) => (t === null ? [] : [parseSide(t, ['base', 'ours', 'theirs'][i]!)]));
      const merged = mergeTaskLists(sides.base === null ? null : stageLists[0]!, stageLists.at(-2)!, stageLists.at(-1)!);
      let list = merged.list;
      let worktree: WorktreeKept<NamedTask> | undefined;
      const wt = sides.from === 'index' ? worktreeVersions(repo, TASKS_FILE, [sides.base ?? '', sides.ours, sides.theirs]) : null;
      if (wt) {
        const kept = withWorktreeTasks(merged.list, stageLists, wt.texts.map((v) => parseSide(v.text, v.side)), wt.markers);
        list = kept.list;
        worktree = anyKept(kept);
      }
      const text = await guardText(serializeTasks(list, tasksLang(sides.ours || sides.theirs)), TASKS_FILE, guard);
      warnings.push(...text.warnings);
      writes.push({ path: TASKS_FILE, text: text.text });
      files.push({ path: TASKS_FILE, how: 'merged by task id', from: sides.from, tasks: list.tasks.length, decided: merged.conflicts, rekeyed: merged.rekeyed, folded: merged.folded, ...(worktree ? { worktree } : {}) });
      if (sides.from === 'index') unmerged.push(TASKS_FILE);
    }
    // MEMORY.md (long-term memory): merged entry by entry, as the driver does.
    const memory = await tasksSides(repo, LONG_TERM_FILE);
    if (memory) {
      const side = (text: string, name: string) => parseVersion(parseLongTerm, LONG_TERM_FILE, text, name);
      const stageDocs = [memory.base, memory.ours, memory.theirs].flatMap((t, i) => (t === null ? [] : [side(t, ['base', 'ours', 'theirs'][i]!)]));
      let merged: LongTermDoc = mergeLongTerm(memory.base === null ? null : stageDocs[0]!, stageDocs.at(-2)!, stageDocs.at(-1)!);
      let worktree: WorktreeKept<NamedEntry> | undefined;
      const wt = memory.from === 'index' ? worktreeVersions(repo, LONG_TERM_FILE, [memory.base ?? '', memory.ours, memory.theirs]) : null;
      if (wt) {
        const kept = withWorktreeEntries(merged, stageDocs, wt.texts.map((v) => side(v.text, v.side)), wt.markers);
        merged = kept.doc;
        worktree = anyKept(kept);
      }
      const text = await guardText(serializeLongTerm(merged), LONG_TERM_FILE, guard);
      warnings.push(...text.warnings);
      writes.push({ path: LONG_TERM_FILE, text: text.text });
      files.push({ path: LONG_TERM_FILE, how: 'merged by entry', from: memory.from, ...(worktree ? { worktree } : {}) });
      if (memory.from === 'index') unmerged.push(LONG_TERM_FILE);
    }
    // Every file's place is checked before any is written: a linked MEMORY.md refused after TASKS.md
    // was written left the command failed with TASKS.md changed.
    const places = writes.map((w) => writablePath(repo.root, w.path, { includeFile: true }));
    writes.forEach((w, i) => writeAtomic(repo.stateDir, places[i]!, w.text));
    const primerUnmerged = (await stages(repo, PRIMER_FILE)) !== null;
    const primerText = readTextOrNull(join(repo.root, PRIMER_FILE));
    if (primerUnmerged || (primerText && hasConflictMarkers(primerText))) {
      if (!opened) throw configError;
      const built = await rebuildPrimer(opened, { write: true, recordStart: false });
      warnings.push(...opened.warnings, ...built.warnings);
      files.push({ path: PRIMER_FILE, how: 'rebuilt', from: primerUnmerged ? 'index' : 'markers' });
      if (primerUnmerged) unmerged.push(PRIMER_FILE);
    }
    if (unmerged.length) await git(['add', '--', ...unmerged], { cwd: repo.root });

    // Markers that were committed are fixed by a commit of their own (only those files).
    const fixed = files.filter((f) => f.from === 'markers').map((f) => f.path);
    // NUL-separated: a path outside ASCII comes back as written, not quoted (core.quotePath).
    const tracked = fixed.length ? (await git(['ls-files', '-z', '--', ...fixed], { cwd: repo.root })).split('\0').filter(Boolean) : [];
    const op = operationInProgress(repo);
    let commit: ResolveData['commit'] = null;
    if (tracked.length && !op) {
      const message = config ? commitMessage(config, 'resolve conflict markers', tracked) : `memory: resolve conflict markers\n\n${tracked.join('\n')}\n`;
      const made = await commitPaths(repo, tracked, message);
      commit = made && { sha: made.sha, paths: made.paths };
    }
    const held = readHeldTasks(repo.stateDir);
    const tasksWaiting = held ? { op: isOperation(held.op) ? held.op : null, tasks: heldTaskChanges(held) } : null;
    return { data: { files, journal, staged: unmerged, commit, waiting: tracked.length && op ? op : null, tasksWaiting }, warnings };
  });
}
