import { basename } from 'node:path';
import { DATE_RE } from '../../clock.js';
import { GitMemoryError } from '../../errors.js';
import { git } from '../../git/git.js';
import { isFullId } from '../../git/head.js';
import { abbreviate, parseLog } from '../../git/log.js';
import { recentLogArgs } from '../../git/log-cache.js';
import { listTree, readBlobs, showFile, type TreeFile } from '../../git/objects.js';
import { parseConfig, type Config } from '../../memory/config.js';
import { CorruptFileError } from '../../memory/frontmatter.js';
import { onceEach, parseJournalFile, type JournalRead } from '../../memory/journal.js';
import { byTime, type Session } from '../../memory/session.js';
import { parseTasksKeeping } from '../../memory/tasks.js';
import { staleMarks } from '../../dream/staleness.js';
import { pathsAt, pathsInTrees } from '../../git/in-trees.js';
import { CONFIG_FILE, JOURNAL_DIR, LONG_TERM_FILE, TASKS_FILE } from '../../paths.js';
import type { MemorySource, TasksRead } from './memory-source.js';

/** The day a journal path belongs to: `journal/2026-11-22/…md` or a legacy `journal/2026-11-22.md`. */
export function journalDay(path: string): string | null {
  const rest = path.slice(JOURNAL_DIR.length + 1);
  const day = rest.includes('/') ? rest.split('/')[0]! : rest.replace(/\.md$/, '');
  return DATE_RE.test(day) && path.endsWith('.md') ? day : null;
}

/** Sessions of journal files read from git objects, oldest first; unreadable files are listed, not thrown. */
export async function treeSessions(root: string, files: TreeFile[]): Promise<JournalRead> {
  const texts = await readBlobs(root, files.map((f) => f.blob));
  const sessions: Session[] = [];
  const corrupt: CorruptFileError[] = [];
  for (const f of files) {
    try {
      const text = texts.get(f.blob)!;
      const got = parseJournalFile(text, f.path);
      sessions.push(...got.map((s) => ({ ...s, path: s.path ?? f.path })));
    } catch (e) {
      if (!(e instanceof CorruptFileError)) throw e;
      corrupt.push(e);
    }
  }
  return { sessions: onceEach(sessions.sort(byTime)), corrupt };
}

/** Runs `f` once, on first use: a diff asks a revision for its config and tasks more than once. */
function once<T>(f: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= f());
}

/**
 * Memory as it is at revision `rev`, read from git objects only (no checkout, so `git memory diff`
 * runs whatever is checked out, and in CI on a shallow merge checkout). A config that is absent or
 * broken there gives the defaults (the reason goes to `warnings`); an absent TASKS.md, no tasks.
 */
export function revisionSource(root: string, rev: string, warnings: string[]): MemorySource {
  const short = rev.slice(0, 7);
  const config = once(async (): Promise<Config> => {
    const text = await showFile(root, rev, CONFIG_FILE);
    try {
      return parseConfig(text ?? '', CONFIG_FILE, basename(root)).config;
    } catch (e) {
      if (!(e instanceof GitMemoryError)) throw e;
      warnings.push(`${short}: ${e.message.split('\n')[0]}; defaults used`);
      return parseConfig('', CONFIG_FILE, basename(root)).config;
    }
  });
  const tasks = once(async (): Promise<TasksRead> => {
    const text = await showFile(root, rev, TASKS_FILE);
    if (!text) return { list: { tasks: [] }, unreadable: [] };
    const got = parseTasksKeeping(text, TASKS_FILE);
    return { list: got.list, unreadable: got.unreadable.map((u) => `${TASKS_FILE}:${u.line}`) };
  });
  // The journal's files by day, listed once: the window and the latest-day fallback both read it.
  const byDay = once(async () => {
    const days = new Map<string, TreeFile[]>();
    for (const f of await listTree(root, rev, [JOURNAL_DIR])) {
      const day = journalDay(f.path);
      if (day) days.set(day, [...(days.get(day) ?? []), f]);
    }
    return days;
  });
  return {
    label: `${short}: `,
    config,
    tasks,
    async sessions(from, to) {
      const days = await byDay();
      const inWindow = [...days.keys()].filter((d) => d >= from && d <= to).sort();
      return treeSessions(root, inWindow.flatMap((d) => days.get(d)!));
    },
    async latestDay(to) {
      const days = await byDay();
      const before = [...days.keys()].filter((d) => d <= to).sort();
      const corrupt: CorruptFileError[] = [];
      for (let i = before.length - 1; i >= 0; i--) {
        const got = await treeSessions(root, days.get(before[i]!)!);
        corrupt.push(...got.corrupt);
        if (got.sessions.length) return { sessions: got.sessions, corrupt };
      }
      return { sessions: [], corrupt };
    },
    log: async (depth) => {
      const entries = parseLog(await git(recentLogArgs(depth, rev), { cwd: root }));
      // The log leaves memory commits out, so its first entry need not be `rev` itself.
      const full = isFullId(rev) ? rev : (await git(['rev-parse', '--verify', '-q', `${rev}^{commit}`], { cwd: root, allowFail: true }))?.trim() || null;
      return { head: abbreviate(full, entries), entries };
    },
    user: () => ({ entities: [], preferences: [], instructions: [] }),
    branch: () => null,
    longTerm: () => showFile(root, rev, LONG_TERM_FILE),
    inTrees: (commits, paths) => pathsInTrees(root, commits, paths),
    present: async (paths, want) => {
      const there = await pathsAt(root, rev, paths);
      return paths.filter((p) => there.has(p)).slice(0, want);
    },
    // What exists is what the revision's tree holds: a folder fact is marked for its files gone by
    // then, a fact whose files are all gone says so (the primer asks the working tree the same).
    staleness: async (entries) => {
      const present = await pathsAt(root, rev, [...new Set(entries.flatMap((e) => e.files))]);
      return staleMarks(root, entries, { rev, exists: (path) => present.has(path) });
    },
  };
}
