import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord, readState, removeState, writeState } from '../fs/state.js';
import { exists } from '../fs/stat.js';
import { CONFIG_FILE, INDEX_SWAP_FILE, JOURNAL_DIR, MEMORY_DIR, PENDING_MEMORY_FILE } from '../paths.js';
import { startEarly } from './early.js';
import type { Repo } from './repo.js';

/**
 * Memory files git-memory wrote and has not committed yet, noted in the state directory: `end`
 * looks for pending changes only where they can be (see nearMemoryPaths), not over the whole
 * journal, so a file written by an `end` that could not commit (a rebase in progress, a busy lock,
 * a killed process) is found again through this note.
 */
interface PendingNote {
  paths: string[];
}

const isNote = (v: unknown): v is PendingNote => isRecord(v) && Array.isArray(v.paths) && v.paths.every((p) => typeof p === 'string');

/** The paths noted as written and not yet committed. */
export function notedPending(repo: Repo): string[] {
  return readState(repo.stateDir, PENDING_MEMORY_FILE, isNote)?.paths ?? [];
}

/** Notes `paths` as written, before they are committed (a kill in between leaves the note). */
export function notePending(repo: Repo, paths: readonly string[]): void {
  const all = [...new Set([...notedPending(repo), ...paths])];
  writeState(repo.stateDir, PENDING_MEMORY_FILE, { paths: all } satisfies PendingNote);
}

/** Keeps only `still` of the noted paths (the ones still pending); none left removes the note. */
export function keepNoted(repo: Repo, still: readonly string[]): void {
  const noted = notedPending(repo);
  const left = noted.filter((p) => still.includes(p));
  if (left.length === noted.length) return;
  if (left.length) writeState(repo.stateDir, PENDING_MEMORY_FILE, { paths: left } satisfies PendingNote);
  else removeState(repo.stateDir, PENDING_MEMORY_FILE);
}

/**
 * Where a pending memory change can be without walking the journal: the config, every entry at the
 * top of the memory folder but the journal (TASKS.md, the skeleton, other files and folders), the
 * journal's day `day` (and its per-day file), the noted paths and `paths`. A change made by hand to
 * an older day is left to `git memory commit`, which looks everywhere.
 */
export function nearMemoryPaths(repo: Repo, day: string, paths: readonly string[]): string[] {
  let top: string[] = [];
  try {
    top = readdirSync(join(repo.root, MEMORY_DIR)).filter((n) => n !== 'journal').map((n) => `${MEMORY_DIR}/${n}`);
  } catch {
    /* no memory folder yet */
  }
  return [...new Set([CONFIG_FILE, ...top, `${JOURNAL_DIR}/${day}`, `${JOURNAL_DIR}/${day}.md`, ...notedPending(repo), ...paths])];
}

/**
 * The `git status` that finds pending changes among `where` (literal paths, relative to the root).
 * Ignored files too (`!!`, each file of an ignored folder): a rule of the project's own (`.*` in its .gitignore, a global
 * excludes file) can hide the memory folder, and then TASKS.md, the config and MEMORY.md were
 * never committed while every command said they would be (see pendingMemoryPaths).
 */
export const pendingStatusArgs = (where: readonly string[]) => ['--literal-pathspecs', 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--ignored=traditional', '--no-renames', '--', ...where];

/**
 * For `end`, from the entry point, before end.js loads (see bin.ts): starts the look for pending
 * changes startPending makes, where it would make the same one (run from the root; no index swap
 * to finish first), so that git looks while node loads, and the process is started while node is
 * small. Its answer predates `end`'s lock: a change another `end` commits meanwhile is found
 * unchanged from HEAD then (nothing to commit), and one it leaves is in the pending note.
 */
export function startPendingEarly(repo: Repo, day: string): void {
  if (repo.root !== process.cwd() || exists(join(repo.stateDir, INDEX_SWAP_FILE))) return;
  startEarly(pendingStatusArgs(nearMemoryPaths(repo, day, [])));
}
