import { git } from './git.js';
import type { Repo } from './repo.js';

/**
 * The repository's default branch: the branch the remote's HEAD names (`refs/remotes/<remote>/HEAD`,
 * which `git clone` sets; the remote is the current branch's, else origin), else
 * `init.defaultBranch`, `main` or `master`, the first that exists here. Null when none does.
 * Two git processes (its config, its refs).
 */
export async function defaultBranch(repo: Repo, current: string | null): Promise<string | null> {
  // Every branch's remote is listed, and the current one's picked here: its name needs no escaping.
  const config = (await git(['config', '--get-regexp', '^(init\\.defaultbranch|branch\\..*\\.remote)$'], { cwd: repo.root, allowFail: true })) ?? '';
  let remote = 'origin';
  let init: string | null = null;
  for (const line of config.split('\n')) {
    const at = line.indexOf(' ');
    if (at < 0) continue;
    const [key, value] = [line.slice(0, at), line.slice(at + 1).trim()];
    if (key.toLowerCase() === 'init.defaultbranch') init = value || null;
    else if (current !== null && key === `branch.${current}.remote` && value && value !== '.') remote = value;
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
