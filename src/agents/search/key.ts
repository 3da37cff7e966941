import { statSync } from 'node:fs';
import { git } from '../../git/git.js';
import { listJournalFiles } from './documents.js';
import { KEY_ARGS, takeKeyListing } from './early.js';

/**
 * The cache key of the journal: changes when any journal file is added, removed or changed.
 *
 * Git already knows most of the answer: `ls-files` lists tracked files with their blob ids from the
 * index, the ones whose working copy differs (`-m`, found by git's own stat check) and untracked
 * ones (`-o`). Only those last two are stat'ed here. A git process does this in C far faster than
 * node can stat every file, and it runs while the caller loads the index and runs the query (the
 * built binary starts it before loading anything, see early.ts). Where git cannot answer,
 * every file's size and mtime make the key instead.
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
  early.set(root, computeKey(root, takeKeyListing(cwd)));
}

async function computeKey(root: string, started?: Promise<Buffer | null>): Promise<Buffer> {
  const listed = (started && (await started)) ?? (await git(KEY_ARGS, { cwd: root, allowFail: true }));
  if (listed === null) return Buffer.from(`stat:${listJournalFiles(root).map((f) => `${f.path}\0${f.size}\0${f.mtimeMs}\n`).join('')}`);
  // Kept as bytes: a megabyte decoded into a string, copied and encoded again for the comparison
  // cost a full garbage collection.
  const out = typeof listed === 'string' ? Buffer.from(listed) : listed;
  const stats: string[] = [];
  // Records are `H …\tpath` (tracked, unchanged), `C …\tpath` (changed in the working tree, or
  // deleted) and `? path` (untracked); only the last two need a stat, and they are few.
  const starts = (tag: string) => {
    const at = out.indexOf(tag) === 0 ? [0] : [];
    for (let i = out.indexOf(`\0${tag}`); i >= 0; i = out.indexOf(`\0${tag}`, i + 1)) at.push(i + 1);
    return at;
  };
  for (const tag of ['C ', '? ']) {
    for (const from of starts(tag)) {
      const end = out.indexOf(0, from);
      const rec = out.toString('utf8', from, end < 0 ? out.length : end);
      if (!rec.endsWith('.md')) continue;
      const path = tag === '? ' ? rec.slice(2) : rec.slice(rec.indexOf('\t') + 1);
      const st = statSync(`${root}/${path}`, { throwIfNoEntry: false });
      stats.push(`${path}\0${st ? `${st.size}\0${st.mtimeMs}` : 'gone'}\n`);
    }
  }
  return Buffer.concat([Buffer.from('git:'), out, Buffer.from(`\n${stats.join('')}`)]);
}
