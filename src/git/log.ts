import { writeState } from '../fs/state.js';
import { byCodeUnit } from '../order.js';
import { CONFIG_FILE, LOG_CACHE_FILE, MEMORY_DIR } from '../paths.js';
import { takeEarly } from './early.js';
import { git } from './git.js';
import { headCommit } from './head.js';
import { keptLog, recentLogArgs, RS, US, type KeptLog } from './log-cache.js';
import type { Repo } from './repo.js';

export { LOG_FORMAT } from './log-cache.js';

export interface LogEntry {
  sha: string;
  date: string;
  subject: string;
  files: string[];
}


/** Parses `git log --name-only` output made with LOG_FORMAT. Pure. */
export function parseLog(out: string): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const chunk of out.split(RS)) {
    if (!chunk.trim()) continue;
    const [head, ...rest] = chunk.split('\n');
    const [sha, date, subject] = head!.split(US);
    entries.push({ sha: sha!, date: date!, subject: subject ?? '', files: rest.map((f) => f.trim()).filter(Boolean) });
  }
  return entries;
}

const isMemoryPath = (f: string) => f === CONFIG_FILE || f.startsWith(`${MEMORY_DIR}/`);

/** A commit that only changed memory files (made by `end`/`commit`, or a memory-only change). */
export const isMemoryCommit = (e: LogEntry) => e.files.length > 0 && e.files.every(isMemoryPath);

/** Files changed most often in the entries, ties broken by recency; memory files left out. */
export function hotFiles(entries: LogEntry[], limit: number): { path: string; commits: number }[] {
  const score = new Map<string, { commits: number; newest: number }>();
  entries.forEach((e, i) => {
    for (const f of e.files) {
      if (isMemoryPath(f)) continue;
      const s = score.get(f) ?? { commits: 0, newest: i };
      s.commits += 1;
      score.set(f, s);
    }
  });
  return [...score.entries()]
    .sort((a, b) => b[1].commits - a[1].commits || a[1].newest - b[1].newest || byCodeUnit(a[0], b[0]))
    .slice(0, limit)
    .map(([path, s]) => ({ path, commits: s.commits }));
}

/**
 * The last `n` commits reachable from HEAD with their files, in one bounded git call (cost does not
 * grow with history); an unborn branch gives none. Kept in the state directory, keyed by the HEAD
 * commit (see log-cache.ts): a commit's history never changes, so while HEAD stays put (sessions
 * started, resumed and compacted between two commits) no git process starts. Where HEAD is not
 * known from git's files, or moved while git ran, nothing is kept. `startedFrom`: the directory
 * the entry point started the same git log from, if it did (see bin.ts).
 */
export async function recentLog(repo: Repo, n: number, startedFrom?: string): Promise<LogEntry[]> {
  const { head, out: kept } = keptLog(repo, n);
  if (kept !== null) return parseLog(kept);
  const args = recentLogArgs(n);
  const early = startedFrom === undefined ? undefined : takeEarly(args, startedFrom);
  const out = (await early)?.toString('utf8') ?? (await git(args, { cwd: repo.root, allowFail: true }));
  if (out !== null && head && headCommit(repo) === head) {
    try {
      writeState(repo.stateDir, LOG_CACHE_FILE, { head, args: args.join(' '), out } satisfies KeptLog);
    } catch {
      /* a read-only git directory: nothing kept, same answer */
    }
  }
  return out ? parseLog(out) : [];
}
