// The few git settings git-memory relies on, given to every git process it starts (git.ts buildEnv).
// Its own module, without imports: the primer's kept log (log-cache.ts) is keyed by them too.

/**
 * The settings git-memory's reading of git's output, and its promises, rely on, whatever the user's
 * own configuration says. Given to every git process it starts, after the user's settings (see
 * withOwnConfig), so the user's other settings (identity, signing, hooks…) still apply:
 * - `log.showSignature`: on, every signed commit in a log runs gpg (a hook waiting on gpg-agent) and
 *   gpg's report lands in the output between the commits: the primer listed "gpg: Good signature…"
 *   as a commit and a hot file.
 * - `log.showRoot`: off, the first commit's files are left out of `log --name-only`.
 * - `log.follow`: on, a log of one path (resolve's TASKS.md history) follows renames instead.
 * - `i18n.logOutputEncoding`: the output is read as UTF-8; another encoding turned "café" into "caf\ufffd".
 * - `i18n.commitEncoding`: memory commits' messages are UTF-8; git labelled them with the user's encoding.
 * - `core.quotePath`: off, a name that is not UTF-8 came out as its raw bytes, read as U+FFFD, a name of
 *   no file; quoted, its bytes are exact (git/quoted-path.ts).
 * - `protocol.allow` (and each transport's own, which would win over it): git-memory never fetches,
 *   so no transport is allowed; in a partial clone, a missing object (an old tree with
 *   `--filter=tree:0`, an old blob with `blob:none`) made git fetch it from the remote, inside a hook.
 *   (GIT_NO_LAZY_FETCH says so to git 2.44 and later, which then starts no fetch at all.)
 */
export const OWN_GIT_CONFIG: readonly (readonly [key: string, value: string])[] = [
  ['log.showSignature', 'false'],
  ['log.showRoot', 'true'],
  ['log.follow', 'false'],
  ['i18n.logOutputEncoding', 'UTF-8'],
  ['core.quotePath', 'true'],
  ['i18n.commitEncoding', 'UTF-8'],
  ...['', 'file.', 'git.', 'ssh.', 'http.', 'https.', 'ext.'].map((t) => [`protocol.${t}allow`, 'never'] as const),
];

/** OWN_GIT_CONFIG as GIT_CONFIG_PARAMETERS entries: `'key=value'`, the form every git version reads. */
export const OWN_PARAMETERS = OWN_GIT_CONFIG.map(([k, v]) => `'${k}=${v}'`).join(' ');

/**
 * The user's GIT_CONFIG_PARAMETERS (`git -c` settings, which git passes on to the git-memory it
 * starts for `git memory …`) with git-memory's own settings after them: git reads this variable
 * after every config file and GIT_CONFIG_COUNT, an entry after the ones before it, so the user's
 * settings stay and ours win where they say the same key. Not added twice (a git-memory started
 * from a hook of one of its own git processes).
 */
export function withOwnConfig(user: string | undefined): string {
  if (!user?.trim()) return OWN_PARAMETERS;
  return user.endsWith(OWN_PARAMETERS) ? user : `${user} ${OWN_PARAMETERS}`;
}
