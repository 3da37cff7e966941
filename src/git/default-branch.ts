import { closeSync, openSync, readSync } from 'node:fs';
import { git } from './git.js';
import { indexFiles } from './index-swap.js';
import type { Repo } from './repo.js';

/**
 * The repository's default branch: the branch the remote's HEAD names (`refs/remotes/<remote>/HEAD`,
 * which `git clone` sets; the remote is the current branch's, else origin), else
 * `init.defaultBranch`, `main` or `master`, the first that exists here. Null when none does.
 * Two git processes (its config, its refs).
 */
export async function defaultBranch(repo: Repo, current: string | null): Promise<string | null> {
  const keys = `^(init\\.defaultbranch${current ? `|branch\\.${current.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.remote` : ''})$`;
  const config = (await git(['config', '--get-regexp', keys], { cwd: repo.root, allowFail: true })) ?? '';
  let remote = 'origin';
  let init: string | null = null;
  for (const line of config.split('\n')) {
    const at = line.indexOf(' ');
    if (at < 0) continue;
    const [key, value] = [line.slice(0, at), line.slice(at + 1).trim()];
    if (key.toLowerCase() === 'init.defaultbranch') init = value || null;
    else if (value && value !== '.') remote = value;
  }
  const remoteHead = `refs/remotes/${remote}/HEAD`;
  const candidates = [init, 'main', 'master'].filter((b): b is string => !!b);
  const refs = await git(['for-each-ref', '--format=%(refname)%00%(symref)', remoteHead, ...candidates.map((b) => `refs/heads/${b}`)], { cwd: repo.root, allowFail: true });
  const found = new Map<string, string>();
  for (const line of (refs ?? '').split('\n').filter(Boolean)) {
    const [ref, symref] = line.split('\0');
    found.set(ref!, symref ?? '');
  }
  const target = found.get(remoteHead);
  if (target?.startsWith(`refs/remotes/${remote}/`)) return target.slice(`refs/remotes/${remote}/`.length);
  return candidates.find((b) => found.has(`refs/heads/${b}`)) ?? null;
}

/**
 * The number of entries git's index holds, from its 12-byte header (signature, version, count);
 * null without an index or where it cannot be read. A split index's header counts only the entries
 * it holds itself (git's `link` extension names the rest): a floor, never more than there are.
 */
export function indexEntryCount(repo: Repo): number | null {
  let fd: number;
  try {
    fd = openSync(indexFiles(repo).index, 'r');
  } catch {
    return null;
  }
  try {
    const header = Buffer.alloc(12);
    if (readSync(fd, header, 0, 12, 0) !== 12 || header.toString('latin1', 0, 4) !== 'DIRC') return null;
    return header.readUInt32BE(8);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
