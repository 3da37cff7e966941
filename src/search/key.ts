import { statSync } from 'node:fs';
import { git } from '../git/git.js';
import { listJournalFiles } from './documents.js';
import { letGoEarly, takeEarly } from '../git/early.js';
import { KEY_COMMANDS } from './key-commands.js';

/**
 * The cache key of the journal: changes when any journal file is added, removed or changed.
 *
 * Git already knows the answer without listing the journal: the id of the journal's tree at HEAD
 * stands for every committed file, and `status` names the few that differ from it (staged,
 * changed, deleted or untracked; git stats the tracked ones on several threads). Only those are
 * stat'ed here, so a file changed twice without git's index knowing still changes the key. The
 * check's cost and output do not grow with the journal (at 50,000 sessions a few bytes where the
 * listing of every file was 5.6 MB), and it runs while the caller loads the index and runs the
 * query (the built binary starts it before loading anything, see early.ts). Where git cannot
 * answer (no git, no commit yet), every file's size and mtime make the key instead.
 *
 * The key is those answers, not a digest of them: the store compares it byte for byte, which
 * costs less than loading node:crypto, and no collision can hide a change.
 */
export function journalKey(root: string): Promise<Buffer> {
  const started = early.get(root);
  early.delete(root);
  return started ?? computeKey(root);
}

const early = new Map<string, Promise<Buffer>>();

/**
 * The key's git processes the entry point started from `cwd` are not waited for: the answer did
 * not need the key (the newest files answered, see index.ts), and at 10,000 sessions and more
 * `git status` of the journal costs more than that answer.
 */
export function letGoJournalKey(cwd = process.cwd()): void {
  for (const args of KEY_COMMANDS) letGoEarly(args, cwd);
}

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
  const stats: string[] = [];
  // `XY path` records, NUL-terminated (renames are off: one path each).
  for (const record of changed.toString('utf8').split('\0')) {
    const path = record.slice(3);
    if (record.length < 4 || !path.endsWith('.md')) continue;
    const st = statSync(`${root}/${path}`, { throwIfNoEntry: false });
    stats.push(`${path}\0${st ? `${st.size}\0${st.mtimeMs}` : 'gone'}\n`);
  }
  return Buffer.concat([Buffer.from('git:'), listed, Buffer.from('\n'), changed, Buffer.from(`\n${stats.join('')}`)]);
}
