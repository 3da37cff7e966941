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
  /** Journal files indexed, newest first, of all there are. */
  files: number;
  of: number;
}

/**
 * The journal's newest files indexed in memory, newest first, for about `budgetMs` (at least one
 * file): a search in a fresh clone answers from them at once while the whole index is built. Files
 * are found by reading directories only (names and types, no `stat` per session): at 50,000 sessions, a year of day
 * folders is a few hundred directory reads.
 */
export function indexNewest(root: string, budgetMs: number): NewestIndex {
  const started = performance.now();
  const journal = join(root, JOURNAL_DIR);
  const paths: string[] = [];
  // Newest first: day folders and per-day files by date, session files by their time prefix.
  if (!symlinkOnPath(root, JOURNAL_DIR)) {
    for (const name of namesOrNone(journal).sort().reverse()) {
      if (name.endsWith('.md') && DATE_RE.test(name.slice(0, -3)) && lstatSync(`${journal}/${name}`, { throwIfNoEntry: false })?.isFile()) paths.push(`${JOURNAL_DIR}/${name}`);
      else if (DATE_RE.test(name) && lstatSync(`${journal}/${name}`, { throwIfNoEntry: false })?.isDirectory()) {
        // Regular files only (the entry's type, no stat): a link would bring a file from outside.
        const entries = (() => {
          try {
            return readdirSync(`${journal}/${name}`, { withFileTypes: true });
          } catch {
            return [];
          }
        })();
        for (const f of entries.filter((e) => e.isFile() && e.name.endsWith('.md')).map((e) => e.name).sort().reverse()) paths.push(`${JOURNAL_DIR}/${name}/${f}`);
      }
    }
  }
  const index = new Postings();
  const meta: SessionMeta[] = [];
  const corrupt: CorruptFileError[] = [];
  let files = 0;
  while (files < paths.length && (files === 0 || performance.now() - started < budgetMs)) {
    const path = paths[files++]!;
    const got = readJournalFile(root, path);
    if (got.corrupt) corrupt.push(got.corrupt);
    for (const s of got.sessions) {
      const { doc, meta: m } = toDocument(s, path);
      meta[index.add(doc)] = m;
    }
  }
  return { index, meta, corrupt, files, of: paths.length };
}
