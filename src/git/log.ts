import { join } from 'node:path';
import { writeAtomic } from '../memory/atomic.js';
import { byCodeUnit } from '../order.js';
import { CONFIG_FILE, LOG_CACHE_FILE, MEMORY_DIR } from '../paths.js';
import { readTextOrNull } from '../read-file.js';
import { git } from './git.js';
import { headCommit } from './head.js';
import type { Repo } from './repo.js';

export interface LogEntry {
  sha: string;
  date: string;
  subject: string;
  files: string[];
}

const RS = '\x1e';
const US = '\x1f';
export const LOG_FORMAT = `--format=${RS}%h${US}%aI${US}%s`;

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

const recentLogArgs = (n: number) => ['log', `-n${n}`, '--no-renames', '--name-only', LOG_FORMAT, 'HEAD', '--'];

/**
 * The last `n` commits reachable from HEAD with their files, in one bounded git call (cost does not
 * grow with history); an unborn branch gives none. Kept in the state directory, keyed by the HEAD
 * commit: a commit's history never changes, so while HEAD stays put (sessions started, resumed and
 * compacted between two commits) no git process starts. HEAD is read from git's files (see head.ts); where they do not
 * say for certain, or HEAD moved while git ran, nothing is cached.
 */
export async function recentLog(repo: Repo, n: number): Promise<LogEntry[]> {
  const head = headCommit(repo);
  const file = join(repo.stateDir, LOG_CACHE_FILE);
  const key = recentLogArgs(n).join(' ');
  if (head) {
    try {
      const cached = JSON.parse(readTextOrNull(file) ?? 'null') as { head?: unknown; args?: unknown; out?: unknown } | null;
      if (cached?.head === head && cached.args === key && typeof cached.out === 'string') return parseLog(cached.out);
    } catch {
      /* unreadable: ask git, and write it again */
    }
  }
  const out = await git(recentLogArgs(n), { cwd: repo.root, allowFail: true });
  if (out !== null && head && headCommit(repo) === head) {
    try {
      writeAtomic(repo.stateDir, file, JSON.stringify({ head, args: key, out }), { durable: false });
    } catch {
      /* a read-only git directory: no cache, same answer */
    }
  }
  return out ? parseLog(out) : [];
}
