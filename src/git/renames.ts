import { git } from './git.js';

/** How many renames in a row are followed (a → b → c). */
const CHAIN = 4;
/** At most this many commits are read for the deletions of each round. */
const DELETIONS_CAP = 400;

/**
 * Where each of `gone` (files no longer there) went, where git says it was renamed: its newest
 * deletion from HEAD's history, and that commit's renames (git's own rename detection, with
 * `-M`). A chain of renames is followed to a file that `exists`; a file deleted, or renamed to one
 * that is gone too, has no entry. Two git processes a round; a partial clone's missing contents
 * (which git would fetch to compare) give no rename rather than a fetch (see own-config.ts).
 */
export async function renamedTo(root: string, gone: readonly string[], exists: (path: string) => boolean): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let ask = [...new Set(gone)];
  const step = new Map<string, string>();
  for (let round = 0; round < CHAIN && ask.length; round++) {
    const next = await renamesOf(root, ask);
    for (const [from, to] of next) step.set(from, to);
    ask = [...next.values()].filter((to) => !exists(to) && !step.has(to));
  }
  for (const from of gone) {
    let to = step.get(from);
    for (let i = 0; to !== undefined && !exists(to) && i < CHAIN; i++) to = step.get(to);
    if (to !== undefined && exists(to)) found.set(from, to);
  }
  return found;
}

/** For each of `paths`: the path its newest deletion renamed it to, if that commit renamed it. */
async function renamesOf(root: string, paths: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const log = await git(['log', `-n${DELETIONS_CAP}`, '--diff-filter=D', '--no-renames', '--name-only', '-z', '--format=%x1e%H', 'HEAD', '--', ...paths.map((p) => `:(top,literal)${p}`)], { cwd: root, allowFail: true });
  if (!log) return out;
  // Newest first: each path's newest deletion.
  const deletedIn = new Map<string, string>();
  for (const record of log.split('\x1e')) {
    const [sha = '', ...names] = record.split('\0').map((s) => s.replace(/^\n/, ''));
    for (const name of names) if (name && !deletedIn.has(name)) deletedIn.set(name, sha);
  }
  const commits = [...new Set(deletedIn.values())].filter(Boolean);
  if (!commits.length) return out;
  const diff = await git(['diff-tree', '-M', '-r', '-z', '--name-status', '--diff-filter=R', '--stdin'], { cwd: root, input: `${commits.join('\n')}\n`, allowFail: true });
  if (!diff) return out;
  const fields = diff.split('\0');
  let commit = '';
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!.replace(/^\n/, '');
    if (/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(f)) commit = f;
    else if (/^R\d*$/.test(f)) {
      const from = fields[i + 1] ?? '';
      const to = fields[i + 2] ?? '';
      i += 2;
      if (deletedIn.get(from) === commit && to) out.set(from, to);
    }
  }
  return out;
}
