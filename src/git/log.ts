import { MEMORY_DIR, CONFIG_FILE } from '../paths.js';
import { git } from './git.js';
import { byCodeUnit } from '../order.js';

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

/**
 * The last `n` commits reachable from HEAD with their files, in one bounded git call (cost does not
 * grow with history). An unborn branch gives none.
 */
export async function recentLog(cwd: string, n: number): Promise<LogEntry[]> {
  const out = await git(['log', `-n${n}`, '--no-renames', '--name-only', LOG_FORMAT, 'HEAD', '--'], { cwd, allowFail: true });
  return out ? parseLog(out) : [];
}
