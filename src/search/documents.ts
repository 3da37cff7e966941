import { lstatSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATE_RE } from '../clock.js';
import { DAY_SHAPE, daySession } from '../memory/day-view.js';
import { foldedSessionOfReadDay, isFoldedData } from '../memory/folded-day.js';
import { oversizedJournalFile, parseJournalFile } from '../memory/journal.js';
import { CorruptFileError, readFrontmatter } from '../memory/frontmatter.js';
import type { Session } from '../memory/session.js';
import { JOURNAL_DIR } from '../paths.js';
import { fileStat, folderStat } from './file-stat.js';
import { namesOrNone, readTextOrNull } from '../fs/read-file.js';
import { symlinkOnPath } from '../worktree-path.js';

/** A journal file as the index's cache key sees it. */
export interface JournalFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** The sections search looks in, each session's list items joined into one text per section. */
export const SEARCH_FIELDS = ['request', 'learned', 'completed', 'next_steps', 'decisions', 'notes'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** What results are filtered and shown by, kept beside the index. */
export interface SessionMeta extends Pick<Session, 'date' | 'time' | 'agent' | 'author' | 'branch'> {
  /** The session id (several sessions share the file of an original per-day journal). */
  session: string;
  path: string;
}

export type SearchDoc = Record<SearchField, string>;

/**
 * Every journal file (session files under day directories, and original per-day files) with its
 * size and modification time, sorted by path. One directory read per day and one stat per file:
 * no file is opened.
 */
export function listJournalFiles(root: string): JournalFile[] {
  const files: JournalFile[] = [];
  for (const some of journalFilesByDay(root)) for (const f of some) files.push(f);
  return files;
}

/**
 * listJournalFiles in slices of about `sliceMs`, letting the event loop run between them (a
 * server's background build: at 50,000 sessions the stats take longer than an answer may wait).
 * Null once `stop.stopped`.
 */
export async function listJournalFilesSliced(root: string, sliceMs: number, stop: { stopped: boolean }, sliced?: (seen: DaysSeen) => void, folders?: ListedFolder[]): Promise<JournalFile[] | null> {
  const files: JournalFile[] = [];
  const seen: DaysSeen = { done: 0, total: 0 };
  // No clock where nothing is sliced (a command): node loads `performance` on first use.
  const inSlices = Number.isFinite(sliceMs);
  let from = inSlices ? performance.now() : 0;
  for (const some of journalFilesByDay(root, seen, folders)) {
    for (const f of some) files.push(f);
    if (inSlices && performance.now() - from >= sliceMs) {
      sliced?.(seen);
      await new Promise((resolve) => setImmediate(resolve));
      if (stop.stopped) return null;
      from = performance.now();
    }
  }
  return files;
}

/** How far a listing of the journal got: the journal's entries (days) listed so far, of how many. */
export interface DaysSeen {
  done: number;
  total: number;
}

/**
 * A folder a listing read (the journal, or a day folder), as `lstat` saw it just before its names
 * were read: the cache key's quick check (key.ts) trusts the names of a folder whose inode and
 * change time are still these.
 */
export interface ListedFolder {
  path: string;
  ino: number;
  ctimeMs: number;
}

/**
 * listJournalFiles a day (a day folder's files, or a per-day file) at a time, in path order; `seen`
 * is kept up to date, and `folders`, where given, told each folder read (ListedFolder), the
 * journal first.
 */
function* journalFilesByDay(root: string, seen: DaysSeen = { done: 0, total: 0 }, folders?: ListedFolder[]): Generator<JournalFile[]> {
  const journal = join(root, JOURNAL_DIR);
  // Plain concatenation and no exceptions: this runs over every file at every search. lstat, and
  // no linked journal or day folder: a symbolic link would bring files from outside the repository.
  if (symlinkOnPath(root, JOURNAL_DIR)) return;
  if (folders) {
    const st = folderStat(journal);
    if (!st) return;
    folders.push({ path: JOURNAL_DIR, ino: st.ino, ctimeMs: st.ctimeMs });
  }
  const add = (files: JournalFile[], abs: string, rel: string) => {
    const st = fileStat(abs);
    if (st) files.push({ path: rel, size: st.size, mtimeMs: st.mtimeMs });
  };
  const names = namesOrNone(journal).sort();
  seen.total = names.length;
  for (const name of names) {
    seen.done++;
    const files: JournalFile[] = [];
    if (name.endsWith('.md') && DATE_RE.test(name.slice(0, -3))) add(files, `${journal}/${name}`, `${JOURNAL_DIR}/${name}`);
    else if (DATE_RE.test(name)) {
      // A day folder: stat before its names are read (a linked one, or anything else, is not read).
      const dir = `${journal}/${name}`;
      const st = folderStat(dir);
      if (st) {
        folders?.push({ path: `${JOURNAL_DIR}/${name}`, ino: st.ino, ctimeMs: st.ctimeMs });
        for (const f of namesOrNone(dir).sort()) if (f.endsWith('.md')) add(files, `${dir}/${f}`, `${JOURNAL_DIR}/${name}/${f}`);
      }
    }
    if (files.length) yield files;
  }
}

/** The sessions of one journal file; a file that cannot be parsed is reported, not indexed. */
export function readJournalFile(root: string, path: string): { sessions: Session[]; corrupt?: CorruptFileError } {
  const big = oversizedJournalFile(path, statSync(join(root, path), { throwIfNoEntry: false })?.size ?? 0);
  if (big) return { sessions: [], corrupt: big };
  const text = readTextOrNull(join(root, path));
  if (text === null) return { sessions: [] };
  try {
    const sessions = parseJournalFile(text, path);
    const day = folderDay(path);
    if (!day) return { sessions };
    // A session file brought back beside the day file that holds the session (a cherry-pick onto a
    // day `git memory fold` folded, say) is one session, the day file's, as every reader has it (onceEach).
    const inDay = dayFileSessions(root, day);
    return { sessions: inDay ? sessions.filter((s) => !inDay.has(s.id)) : sessions };
  } catch (e) {
    if (e instanceof CorruptFileError) return { sessions: [], corrupt: e };
    throw e;
  }
}

/**
 * The session `id` of a journal file a current index holds (a search hit's snippet), as
 * readJournalFile(root, path).sessions.find(...) gives it, without parsing the day's other sessions
 * where the file is a folded day: one holds all of a day's sessions (dozens at a busy team's), and
 * parsing every one of them for each hit was most of a warm search at 10,000 sessions. The index
 * is current only where every file it holds has the size and mtime it had when it was read whole
 * (key.ts), and a file that could not be read then holds nothing in it: so the other sessions'
 * frontmatter is not checked again (foldedSessionOfReadDay). A hit read from an index found stale
 * is never shown: the search answers again from the updated one (commands/search.ts).
 */
export function readIndexedSession(root: string, path: string, id: string): Session | undefined {
  if (!dayFileDay(path)) return readJournalFile(root, path).sessions.find((s) => s.id === id);
  const text = readTextOrNull(join(root, path));
  if (text === null) return undefined;
  try {
    const { data, body } = readFrontmatter(text, path, DAY_SHAPE);
    return isFoldedData(data) ? foldedSessionOfReadDay(body, path, id) : daySession(text, path, id);
  } catch (e) {
    if (e instanceof CorruptFileError) return undefined;
    throw e;
  }
}

/** The day of a session file in a day folder (`journal/<day>/<name>.md`); null for any other path. */
export function folderDay(path: string): string | null {
  const rest = path.startsWith(`${JOURNAL_DIR}/`) ? path.slice(JOURNAL_DIR.length + 1) : '';
  const slash = rest.indexOf('/');
  return slash === 10 && DATE_RE.test(rest.slice(0, 10)) && rest.indexOf('/', slash + 1) === -1 ? rest.slice(0, 10) : null;
}

/** The day of a day file (`journal/<day>.md`: folded, or an original per-day journal); null for any other path. */
export function dayFileDay(path: string): string | null {
  const rest = path.startsWith(`${JOURNAL_DIR}/`) ? path.slice(JOURNAL_DIR.length + 1) : '';
  return rest.length === 13 && rest.endsWith('.md') && DATE_RE.test(rest.slice(0, 10)) ? rest.slice(0, 10) : null;
}

/** The session ids of a day's day file, where there is one that can be read (a regular file, no link). */
function dayFileSessions(root: string, day: string): Set<string> | null {
  const path = `${JOURNAL_DIR}/${day}.md`;
  if (!lstatSync(join(root, path), { throwIfNoEntry: false })?.isFile()) return null;
  const text = readTextOrNull(join(root, path));
  if (text === null) return null;
  try {
    return new Set(parseJournalFile(text, path).map((s) => s.id));
  } catch (e) {
    if (e instanceof CorruptFileError) return null; // reported where the day file itself is read
    throw e;
  }
}

/** A session as the index sees it: section texts, and the fields results show. */
export function toDocument(s: Session, path: string): { doc: SearchDoc; meta: SessionMeta } {
  const join2 = (xs: string[]) => xs.join('\n');
  return {
    doc: { request: s.request, learned: join2(s.learned), completed: join2(s.completed), next_steps: join2(s.next_steps), decisions: join2(s.decisions), notes: join2(s.notes) },
    meta: { session: s.id, path, date: s.date, time: s.time, agent: s.agent, ...(s.author ? { author: s.author } : {}), ...(s.branch ? { branch: s.branch } : {}) },
  };
}
