import { join } from 'node:path';
import { namesOrNone, readRange, readTextOrNull } from '../fs/read-file.js';
import type { Repo } from '../git/repo.js';
import type { Config } from '../memory/config.js';
import { FOLD_MARK_RE } from '../memory/folded-day.js';
import { listDays } from '../memory/journal.js';
import { JOURNAL_DIR } from '../paths.js';
import { currentBranch } from '../git/repo.js';
import { lastSessionOf, readDreamState, type DreamState } from './state.js';

export interface DreamDue {
  due: boolean;
  /** Why (or why not), for `dream` to say. */
  reason: string;
  /** Sessions written since the last dream. */
  sessions: number;
  /** Hours since the newest session, or null when there is none. */
  idleHours: number | null;
}

/** `YYYY-MM-DD HH:MM` of a session file name (`journal/2026-11-22/1430-claude-k3f9ab.md`). */
const fileKey = (day: string, name: string) => {
  const m = /^(\d{2})(\d{2})-/.exec(name);
  return m ? `${day} ${m[1]}:${m[2]}` : `${day} 00:00`;
};

/** The `folded: N` of a day file's frontmatter (a day folded by `git memory fold`), read from its head; null for an original per-day journal. */
function foldedCount(path: string): number | null {
  const head = readRange(path, 0, 512)?.text ?? '';
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(head)?.[1];
  const n = front && /^folded:\s*(\d+)\s*$/m.exec(front)?.[1];
  return n ? Number(n) : null;
}

/**
 * The time keys of the sessions a day file holds. A folded day holds many: their times, from the
 * file names its marks keep, are read only where they matter (the day of the last dream, whose
 * sessions are split by it, and the newest day, whose newest session sets the idle time); an older
 * day's sessions all come after the last dream, and its head says how many. An original per-day
 * journal counts as one session.
 */
function dayFileKeys(path: string, day: string, exact: boolean): string[] {
  const n = foldedCount(path);
  if (n === null) return [`${day} 23:59`];
  if (!exact) return Array.from({ length: n }, () => `${day} 00:00`);
  const keys: string[] = [];
  for (const line of (readTextOrNull(path) ?? '').split('\n')) {
    const origin = FOLD_MARK_RE.exec(line.replace(/\r$/, ''))?.[1];
    if (origin) keys.push(fileKey(day, origin.slice(origin.lastIndexOf('/') + 1)));
  }
  return keys;
}

/**
 * Whether a dream is due (seed 003): at least one session since the last dream, and either
 * `[dream] sessions` of them or `[dream] idle_hours` since the newest one. Cheap enough for every
 * session start: the dream state, and the names of the journal's days since the last dream.
 */
export function dreamDue(repo: Repo, cfg: Config['dream'], now: Date, state: DreamState | null = readDreamState(repo)): DreamDue {
  if (!cfg.enabled) return { due: false, reason: 'dreams are off ([dream] enabled = false)', sessions: 0, idleHours: null };
  const last = lastSessionOf(state, currentBranch(repo));
  const lastDay = last.slice(0, 10);
  let sessions = 0;
  let newest = '';
  const journal = join(repo.root, JOURNAL_DIR);
  const dayFiles = new Set(namesOrNone(journal).filter((n) => n.endsWith('.md')));
  const days = listDays(repo.root);
  for (const day of days) {
    if (day < lastDay) continue;
    const keys = namesOrNone(join(journal, day)).filter((n) => n.endsWith('.md')).map((n) => fileKey(day, n));
    // A day file (journal/YYYY-MM-DD.md): a folded day, or the original per-day journal.
    if (dayFiles.has(`${day}.md`)) keys.push(...dayFileKeys(join(journal, `${day}.md`), day, day === lastDay || day === days.at(-1)));
    for (const k of keys) {
      if (k > newest) newest = k;
      if (k.slice(0, 16) > last.slice(0, 16)) sessions++;
    }
  }
  const idleHours = newest ? (now.getTime() - new Date(`${newest.slice(0, 10)}T${newest.slice(11, 16)}:00`).getTime()) / 3_600_000 : null;
  const idle = idleHours !== null && idleHours >= cfg.idle_hours;
  const since = state ? 'since the last dream' : 'and no dream yet';
  if (!sessions) return { due: false, reason: `no session ${since}`, sessions, idleHours };
  if (sessions >= cfg.sessions) return { due: true, reason: `${sessions} sessions ${since} (due at ${cfg.sessions})`, sessions, idleHours };
  if (idle) return { due: true, reason: `${Math.floor(idleHours!)} h since the last session (due at ${cfg.idle_hours} h idle)`, sessions, idleHours };
  const h = idleHours === null ? '' : `, ${Math.floor(idleHours)} h since the last session (due at ${cfg.idle_hours} h)`;
  return { due: false, reason: `${sessions} session${sessions === 1 ? '' : 's'} ${since} (due at ${cfg.sessions})${h}`, sessions, idleHours };
}
