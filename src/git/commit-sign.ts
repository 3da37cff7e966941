import { git } from './git.js';

/** git's true: `true`, `yes`, `on`, `1`, or a key set without a value (null in `git var -l`'s map). */
const isTrue = (v: string | null | undefined) => v === null || (v !== undefined && /^(?:true|yes|on|1)$/i.test(v.trim()));

/** How long signing may take: gpg or ssh-agent may wait on a person (a pinentry), and a hook must not hang. */
export const SIGN_TIMEOUT_MS = 30_000;

/**
 * `-S` where the user's configuration signs every commit (`commit.gpgSign`), for `git commit-tree`,
 * which does not read that setting itself: a team that requires signed commits (a protected branch)
 * gets memory commits it can merge. git signs with the user's `gpg.format`, key and program. From
 * `git var -l`'s configuration where the caller has it, else asked.
 */
export async function signArgs(cwd: string, config?: ReadonlyMap<string, string | null>): Promise<string[]> {
  const value = config ? config.get('commit.gpgsign') : (await git(['config', '--type=bool', '--get', 'commit.gpgsign'], { cwd, allowFail: true }))?.trim();
  return isTrue(value) ? ['-S'] : [];
}
