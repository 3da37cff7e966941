import { join } from 'node:path';
import { EXIT, GitMemoryError } from '../errors.js';
import { commitPaths } from '../git/commit.js';
import { git } from '../git/git.js';
import { withLock } from '../fs/lock.js';
import { readBlob, showFile } from '../git/objects.js';
import { findRepo, operationInProgress, type Operation, type Repo } from '../git/repo.js';
import { writeAtomic } from '../fs/atomic.js';
import type { Config } from '../memory/config.js';
import { hasConflictMarkers, splitConflict } from '../memory/conflict-markers.js';
import { CorruptFileError } from '../memory/frontmatter.js';
import { mergeTaskLists, tasksLang, type TaskConflict, type TaskFold, type TaskRekey } from '../memory/tasks-merge.js';
import { parseTasks, serializeTasks, type TaskList } from '../memory/tasks.js';
import { guardText } from '../safety/guard.js';
import { parseLongTerm, serializeLongTerm } from '../memory/long-term.js';
import { mergeLongTerm } from '../memory/long-term-merge.js';
import { LONG_TERM_FILE, PRIMER_FILE, TASKS_FILE } from '../paths.js';
import { writablePath } from '../worktree-path.js';
import { openRepo, type Ctx, type Opened, type Result } from './context.js';
import { commitMessage } from './steps/commit-memory.js';
import { rebuildPrimer } from './steps/rebuild-primer.js';
import { readTextOrNull } from '../fs/read-file.js';

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
}

export interface ResolveData {
  files: ResolvedFile[];
  /** Unmerged paths marked resolved (`git add`), so the merge can be concluded. */
  staged: string[];
  commit: { sha: string; paths: string[] } | null;
  waiting: Operation | null;
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


function parseSide(text: string, side: string): TaskList {
  if (!text.trim()) return { tasks: [] };
  try {
    return parseTasks(text, `${TASKS_FILE} (${side})`);
  } catch (e) {
    if (e instanceof CorruptFileError) throw new GitMemoryError(`${e.message}; nothing was changed`, EXIT.error, `fix that side by hand; expected shape:\n${e.expected}`);
    throw e;
  }
}

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
 * the newer change where both changed one; PRIMER.md is rebuilt. Unmerged paths are marked resolved
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
    const unmerged: string[] = [];
    const sides = await tasksSides(repo);
    if (sides) {
      const merged = mergeTaskLists(sides.base === null ? null : parseSide(sides.base, 'base'), parseSide(sides.ours, 'ours'), parseSide(sides.theirs, 'theirs'));
      const guard = { mode: config?.secrets.mode ?? 'block', allowlist: config?.secrets.allowlist ?? [] } as const;
      const text = await guardText(serializeTasks(merged.list, tasksLang(sides.ours || sides.theirs)), TASKS_FILE, guard);
      warnings.push(...text.warnings);
      writeAtomic(repo.stateDir, writablePath(repo.root, TASKS_FILE, { includeFile: true }), text.text);
      files.push({ path: TASKS_FILE, how: 'merged by task id', from: sides.from, tasks: merged.list.tasks.length, decided: merged.conflicts, rekeyed: merged.rekeyed, folded: merged.folded });
      if (sides.from === 'index') unmerged.push(TASKS_FILE);
    }
    // MEMORY.md (long-term memory): merged entry by entry, as the driver does.
    const memory = await tasksSides(repo, LONG_TERM_FILE);
    if (memory) {
      const side = (text: string, name: string) => {
        try {
          return parseLongTerm(text, `${LONG_TERM_FILE} (${name})`);
        } catch (e) {
          if (e instanceof CorruptFileError) throw new GitMemoryError(`${e.message}; nothing was changed`, EXIT.error, `fix that side by hand; expected shape:\n${e.expected}`);
          throw e;
        }
      };
      const merged = mergeLongTerm(memory.base === null ? null : side(memory.base, 'base'), side(memory.ours, 'ours'), side(memory.theirs, 'theirs'));
      const guard = { mode: config?.secrets.mode ?? 'block', allowlist: config?.secrets.allowlist ?? [] } as const;
      const text = await guardText(serializeLongTerm(merged), LONG_TERM_FILE, guard);
      warnings.push(...text.warnings);
      writeAtomic(repo.stateDir, writablePath(repo.root, LONG_TERM_FILE, { includeFile: true }), text.text);
      files.push({ path: LONG_TERM_FILE, how: 'merged by entry', from: memory.from });
      if (memory.from === 'index') unmerged.push(LONG_TERM_FILE);
    }
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
    const tracked = fixed.length ? (await git(['ls-files', '--', ...fixed], { cwd: repo.root })).split('\n').filter(Boolean) : [];
    const op = operationInProgress(repo);
    let commit: ResolveData['commit'] = null;
    if (tracked.length && !op) {
      const message = config ? commitMessage(config, 'resolve conflict markers', tracked) : `memory: resolve conflict markers\n\n${tracked.join('\n')}\n`;
      const made = await commitPaths(repo, tracked, message);
      commit = made && { sha: made.sha, paths: made.paths };
    }
    return { data: { files, staged: unmerged, commit, waiting: tracked.length && op ? op : null }, warnings };
  });
}
