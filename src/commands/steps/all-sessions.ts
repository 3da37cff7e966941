import { listDays, readDays, type JournalRead } from '../../memory/journal.js';
import type { Session } from '../../memory/session.js';

/** Every readable session of the journal, oldest first (both layouts); unreadable files in `corrupt`. */
export function allSessions(root: string): JournalRead {
  return readDays(root, listDays(root));
}

/** Warnings for the files that could not be read (they are skipped, never rewritten). */
export const skippedWarnings = (read: JournalRead) => read.corrupt.map((c) => `skipped ${c.message}`);

/** A session as shown and given in `--json`: without the path it was read from, which is given apart. */
export type SessionView = Omit<Session, 'path'> & { file: string | null };

export const sessionView = ({ path, ...s }: Session): SessionView => ({ ...s, file: path ?? null });
