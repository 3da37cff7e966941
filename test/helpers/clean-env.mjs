// The environment every test and bench process gets (plain JS: bench/ runs without a TypeScript
// step; clean-env.d.mts types it for the tests).

/**
 * The caller's environment, minus git's variables (a run started from a git hook must not point
 * git at another repository) and the agent markers, plus no user or system git config, a fixed
 * identity, UTC and no colour.
 *
 * Also without NODE_EXTRA_CA_CERTS: node reads and parses that certificate file at every start,
 * before running any code (a 144-certificate bundle set by a sandbox added 47 ms to every node
 * process: 74 ms for `node -e 0` instead of 27). git-memory makes no network calls, and a cost that
 * large, the same for every node process, would shrink every bench ratio against a node floor.
 * @param {Record<string, string>} [extra]
 */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('GIT_') && k !== 'CLAUDECODE' && k !== 'NODE_EXTRA_CA_CERTS' && v !== undefined) env[k] = v;
  }
  return {
    ...env,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Jane Doe',
    GIT_AUTHOR_EMAIL: 'jane@example.com',
    GIT_COMMITTER_NAME: 'Jane Doe',
    GIT_COMMITTER_EMAIL: 'jane@example.com',
    TZ: 'UTC',
    NO_COLOR: '1',
    ...extra,
  };
}
