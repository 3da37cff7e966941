// The environment every test and bench process gets (plain JS: bench/ runs without a TypeScript
// step; clean-env.d.mts types it for the tests).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

/**
 * The caller's environment, minus git's variables (a run started from a git hook must not point
 * git at another repository) and the agent markers (a session id would mark the tests' commits as
 * an agent session's: git/session-marks.ts), plus no user or system git config, a fixed
 * identity, UTC and no colour.
 *
 * Also without NODE_EXTRA_CA_CERTS: node reads and parses that certificate file at every start,
 * before running any code (a 144-certificate bundle set by a sandbox added 47 ms to every node
 * process: 74 ms for `node -e 0` instead of 27). git-memory makes no network calls, and a cost that
 * large, the same for every node process, would shrink every bench ratio against a node floor.
 *
 * And with no installed git-memory on PATH (see pathWithoutInstalled): tests put the build under
 * test there themselves, or leave it out to play a teammate who does not have it.
 * @param {Record<string, string>} [extra]
 */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('GIT_') && k !== 'CLAUDECODE' && k !== 'CLAUDE_PROJECT_DIR' && k !== 'CLAUDE_CODE_SESSION_ID' && k !== 'CODEX_THREAD_ID' && k !== 'CODEX_SESSION_ID' && k !== 'NODE_EXTRA_CA_CERTS' && v !== undefined) env[k] = v;
  }
  return {
    ...env,
    PATH: pathWithoutInstalled(env.PATH ?? ''),
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

/**
 * `path` with every directory that holds a `git-memory` (from `npm link` or `npm install -g`, as the
 * README's first command does) replaced by a stand-in holding links to everything else in it: that
 * directory is usually /usr/bin or /usr/local/bin, which git and sh come from too. A stand-in is
 * made once per directory and change of it, and shared by every worker and run.
 * @param {string} path
 */
export function pathWithoutInstalled(path) {
  return path
    .split(delimiter)
    .map((dir) => {
      if (!dir || !existsSync(join(dir, 'git-memory'))) return dir;
      try {
        return standIn(resolve(dir));
      } catch {
        return dir; // no writable temp directory: the tests that need it gone will say so
      }
    })
    .join(delimiter);
}

/** @param {string} dir */
function standIn(dir) {
  const parent = join(tmpdir(), `git-memory-test-path-${process.getuid?.() ?? 'user'}`);
  const name = createHash('sha256').update(`${dir}\0${statSync(dir).mtimeMs}`).digest('hex').slice(0, 16);
  const made = join(parent, name);
  if (existsSync(made)) return made;
  mkdirSync(parent, { recursive: true });
  const building = mkdtempSync(join(parent, 'building-'));
  for (const entry of readdirSync(dir)) if (entry !== 'git-memory') symlinkSync(join(dir, entry), join(building, entry));
  try {
    renameSync(building, made);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another worker made it first
  }
  return made;
}
