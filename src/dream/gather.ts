import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { commitFiles } from '../git/commit-files.js';
import { listDays, readDays } from '../memory/journal.js';
import type { Session } from '../memory/session.js';
import { stripHiddenText } from '../safety/hidden-text.js';
import type { DreamSession } from './consolidate.js';

/** How sessions sort, and how the dream state names the newest it took in. */
export const sessionKey = (s: Pick<Session, 'date' | 'time' | 'id'>) => `${s.date} ${s.time} ${s.id}`;

const strip = (t: string) => stripHiddenText(t).text;

/**
 * The sessions written after `after` (a sessionKey; '' for all), oldest first, each with the
 * files its commits touched and its newest commit that still exists: one git call for all of them.
 * Reads only the journal days from the last dream's day on.
 */
export async function sessionsSince(root: string, after: string): Promise<{ sessions: DreamSession[]; skipped: string[] }> {
  const fromDay = after.slice(0, 10);
  const got = readDays(root, listDays(root).filter((d) => d >= fromDay));
  const sessions = got.sessions.filter((s) => sessionKey(s) > after);
  const commits = await commitFiles(root, sessions.flatMap((s) => s.commits.map((c) => c.sha)));
  return {
    skipped: got.corrupt.map((c) => `skipped ${c.message}`),
    sessions: sessions.map((s) => {
      const found = s.commits.map((c) => commits.get(c.sha)).filter((c) => c !== undefined);
      return {
        session: { ...s, learned: s.learned.map(strip), decisions: s.decisions.map(strip), notes: s.notes.map(strip), next_steps: s.next_steps.map(strip), completed: s.completed.map(strip) },
        commitFiles: found.flatMap((c) => c.files),
        at: found.at(-1)?.sha ?? null,
      };
    }),
  };
}

/** Whether a path is in the working tree (a file or a directory). */
export const inWorktree = (root: string) => (path: string) => existsSync(join(root, path));
