import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DATE_RE } from '../clock.js';
import { namesOrNone } from '../fs/read-file.js';
import { JOURNAL_DIR } from '../paths.js';
import { symlinkOnPath } from '../worktree-path.js';
import type { CorruptFileError } from '../memory/frontmatter.js';
import { readJournalFile, toDocument, type SessionMeta } from './documents.js';
import { Postings } from './postings.js';

/**
 * With no index stored (a fresh clone), how long the first search indexes the newest journal files
 * before it answers from them, while the whole index is built elsewhere (a server's background
 * slices, live.ts; a command's detached build, background.ts).
 */
export const FIRST_ANSWER_MS = 100;

/** What a search can answer from while the whole index is being built. */
export interface NewestIndex {
  index: Postings;
  meta: SessionMeta[];
  corrupt: CorruptFileError[];
  /** Journal files indexed, newest first. */
  files: number;
  /** Whether they are all the journal's files. */
  complete: boolean;
  /** The day of the oldest file indexed (none: the journal has no file). */
  from?: string;
  /** Journal files there are, counted up to `countTo` only: at 50,000 sessions listing them all would cost more than the whole answer may. */
  counted: number;
}

/**
 * The journal's files, newest first: day folders and per-day files by date, session files by their
 * time prefix. A day folder is read only when the files before it are used up: a search that stops
 * after the newest day lists that day alone, whatever the size of the journal (at 50,000 sessions,
 * listing them all took longer than the first answer's whole budget).
 */
function* newestFirst(root: string): Generator<{ path: string; day: string }> {
  if (symlinkOnPath(root, JOURNAL_DIR)) return;
  const journal = join(root, JOURNAL_DIR);
  for (const name of namesOrNone(journal).sort().reverse()) {
    if (name.endsWith('.md') && DATE_RE.test(name.slice(0, -3))) {
      if (lstatSync(`${journal}/${name}`, { throwIfNoEntry: false })?.isFile()) yield { path: `${JOURNAL_DIR}/${name}`, day: name.slice(0, -3) };
    } else if (DATE_RE.test(name) && lstatSync(`${journal}/${name}`, { throwIfNoEntry: false })?.isDirectory()) {
      // Regular files only (the entry's type, no stat): a link would bring a file from outside.
      let entries: string[] = [];
      try {
        entries = readdirSync(`${journal}/${name}`, { withFileTypes: true })
          .filter((e) => e.isFile() && e.name.endsWith('.md'))
          .map((e) => e.name);
      } catch {
        /* gone, or not readable: nothing to index */
      }
      for (const f of entries.sort().reverse()) yield { path: `${JOURNAL_DIR}/${name}/${f}`, day: name };
    }
  }
}

/**
 * The journal's newest files indexed in memory, newest first, for about `budgetMs` (at least one
 * file): a search in a fresh clone answers from them at once while the whole index is built. The
 * files are found as they are read (see newestFirst); past the budget, the rest is counted only up
 * to `countTo` (whether the journal is small enough to index in place, see index.ts).
 */
export function indexNewest(root: string, budgetMs: number, countTo = 0): NewestIndex {
  const reading = new NewestReading(root, performance.now() + budgetMs);
  reading.read(Infinity);
  return reading.result(countTo);
}

/**
 * indexNewest in slices of about `sliceMs`, the event loop let run between them: what the search
 * awaits meanwhile (git's answer about MEMORY.md, and the next process it starts) goes on while the
 * files are read, not after them.
 */
export async function indexNewestInSlices(root: string, budgetMs: number, sliceMs: number): Promise<NewestIndex> {
  const reading = new NewestReading(root, performance.now() + budgetMs);
  while (!reading.read(performance.now() + sliceMs)) await new Promise<void>((resolve) => setImmediate(resolve));
  return reading.result(0);
}

/** The newest files read one by one until a deadline (performance.now()). */
class NewestReading {
  private readonly index = new Postings();
  private readonly meta: SessionMeta[] = [];
  private readonly corrupt: CorruptFileError[] = [];
  private readonly walk: Generator<{ path: string; day: string }>;
  private files = 0;
  private from: string | undefined;
  /** The file found but not read: the deadline came. */
  private next: IteratorResult<{ path: string; day: string }> | undefined;

  constructor(
    private readonly root: string,
    private readonly deadline: number,
  ) {
    this.walk = newestFirst(root);
  }

  /** Reads files until `until` or the deadline (at least one file in all); true when done: the deadline came or the journal is read. */
  read(until: number): boolean {
    for (this.next ??= this.walk.next(); !this.next.done; this.next = this.walk.next()) {
      const now = this.files > 0 ? performance.now() : -Infinity;
      if (now >= this.deadline) return true;
      if (now >= until) return false;
      const { path, day } = this.next.value;
      const got = readJournalFile(this.root, path);
      if (got.corrupt) this.corrupt.push(got.corrupt);
      for (const s of got.sessions) {
        const { doc, meta: m } = toDocument(s, path);
        this.meta[this.index.add(doc)] = m;
      }
      this.files++;
      this.from = day;
    }
    return true;
  }

  /** What was read; where the journal has more, its files are counted up to `countTo`. */
  result(countTo: number): NewestIndex {
    const { index, meta, corrupt, files, from } = this;
    if (this.next?.done !== false) return { index, meta, corrupt, files, complete: true, from, counted: files };
    let counted = files + 1;
    while (counted < countTo && !this.walk.next().done) counted++;
    return { index, meta, corrupt, files, complete: false, from, counted };
  }
}
