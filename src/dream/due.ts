import { join } from 'node:path';
import { namesOrNone } from '../fs/read-file.js';
import type { Repo } from '../git/repo.js';
import type { Config } from '../memory/config.js';
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
  for (const day of listDays(repo.root)) {
    if (day < lastDay) continue;
    const names = namesOrNone(join(repo.root, JOURNAL_DIR, day)).filter((n) => n.endsWith('.md'));
    // A legacy day file (journal/YYYY-MM-DD.md) counts as one session.
    const keys = names.length ? names.map((n) => fileKey(day, n)) : [`${day} 23:59`];
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
