import { statSync } from 'node:fs';
import { git } from '../git/git.js';
import { listJournalFiles } from './documents.js';
import { takeEarly } from '../git/early.js';
import { KEY_COMMANDS } from './key-commands.js';

/**
 * The cache key of the journal: changes when any journal file is added, removed or changed.
 *
 * Git already knows most of the answer: `ls-files` lists tracked files with their blob ids from the
 * index and untracked ones (`-o`), and `diff-files` the tracked ones whose working copy differs
 * (found by git's own stat check). Only those last two kinds are stat'ed here. Git does this in C
 * far faster than node can stat every file, and it runs while the caller loads the index and runs
 * the query (the built binary starts it before loading anything, see early.ts). Where git cannot
 * answer, every file's size and mtime make the key instead.
 *
 * The key is that whole listing, not a digest of it: the store compares it byte for byte, which
 * costs less than hashing a megabyte (and loading node:crypto), and no collision can hide a change.
 */
export function journalKey(root: string): Promise<Buffer> {
  const started = early.get(root);
  early.delete(root);
  return started ?? computeKey(root);
}

const early = new Map<string, Promise<Buffer>>();

/**
 * Starts the key's git process now, or takes over the one the entry point started from `cwd`; the
 * next journalKey(root) takes it over. The lean entry calls this first thing, so git works while
 * node loads the rest of the command.
 */
export function startJournalKey(root: string, cwd: string): void {
  early.set(root, computeKey(root, KEY_COMMANDS.map((args) => takeEarly(args, cwd))));
}

async function computeKey(root: string, started?: (Promise<Buffer | null> | undefined)[]): Promise<Buffer> {
  const asked = (i: number) => git(KEY_COMMANDS[i]!, { cwd: root, allowFail: true }).then((out) => (out === null ? null : Buffer.from(out)));
  const [listed, changed] = await Promise.all(KEY_COMMANDS.map(async (_, i) => (started?.[i] && (await started[i]!)) ?? (await asked(i))));
  if (!listed || !changed) return Buffer.from(`stat:${listJournalFiles(root).map((f) => `${f.path}\0${f.size}\0${f.mtimeMs}\n`).join('')}`);
  // Kept as bytes: a megabyte decoded into a string, copied and encoded again for the comparison
  // cost a full garbage collection.
  const stats: string[] = [];
  const stat = (path: string) => {
    if (!path.endsWith('.md')) return;
    const st = statSync(`${root}/${path}`, { throwIfNoEntry: false });
    stats.push(`${path}\0${st ? `${st.size}\0${st.mtimeMs}` : 'gone'}\n`);
  };
  // Listing records are `H …\tpath` (tracked) and `? path` (untracked); diff-files gives bare
  // paths (changed in the working tree, or deleted). Only the last two kinds need a stat, and
  // they are few.
  const untracked = listed.indexOf('? ') === 0 ? [0] : [];
  for (let i = listed.indexOf('\0? '); i >= 0; i = listed.indexOf('\0? ', i + 1)) untracked.push(i + 1);
  for (const from of untracked) {
    const end = listed.indexOf(0, from);
    stat(listed.toString('utf8', from + 2, end < 0 ? listed.length : end));
  }
  for (const path of changed.toString('utf8').split('\0')) if (path) stat(path);
  return Buffer.concat([Buffer.from('git:'), listed, Buffer.from('\n'), changed, Buffer.from(`\n${stats.join('')}`)]);
}
