import { join } from 'node:path';
import { readTextOrNull } from '../fs/read-file.js';
import type { Repo } from './repo.js';

/** Whether `s` is a whole object id, SHA-1 (40 hex digits) or SHA-256 (64), as git writes them. */
export const isFullId = (s: string) => /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(s);

/**
 * The null object id of the repository `known` (any whole id of it) comes from: 40 zeros in a SHA-1
 * repository, 64 in a SHA-256 one. git refuses the other length ("invalid <oldvalue>").
 */
export const nullId = (known: string) => '0'.repeat(known.length);

/**
 * The commit HEAD points at, read from the files git keeps it in (HEAD, then the branch's loose
 * ref, then packed-refs), without starting git. Null wherever the files do not say for certain:
 * an unborn branch, a reftable repository, a symbolic ref to a symbolic ref. Callers then ask git.
 */
export function headCommit(repo: Repo): string | null {
  const head = readTextOrNull(join(repo.gitDir, 'HEAD'))?.trim();
  if (!head) return null;
  if (isFullId(head)) return head;
  const ref = /^ref: (refs\/[^\s]+)$/.exec(head)?.[1];
  if (!ref) return null;
  // Branches are shared by all worktrees; other refs HEAD may name (bisect, worktree) are not.
  const loose = readTextOrNull(join(ref.startsWith('refs/heads/') ? repo.commonDir : repo.gitDir, ref))?.trim();
  if (loose !== undefined) return isFullId(loose) ? loose : null;
  for (const line of readTextOrNull(join(repo.commonDir, 'packed-refs'))?.split('\n') ?? []) {
    if (line.endsWith(` ${ref}`)) {
      const sha = line.slice(0, line.indexOf(' '));
      return isFullId(sha) ? sha : null;
    }
  }
  return null;
}
