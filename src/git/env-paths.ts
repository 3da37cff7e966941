import { delimiter, isAbsolute, resolve } from 'node:path';

/** git's variables naming one path, which git reads relative to the directory it was started in. */
const PATHS = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM'] as const;
/** …and a list of them (entries in double quotes, git's C-style quoting, are left as they are). */
const PATH_LISTS = ['GIT_ALTERNATE_OBJECT_DIRECTORIES'] as const;

/**
 * Makes git's path variables in `env` absolute against `cwd`, the directory the user started
 * git-memory in, as git would read them there: git-memory runs git from the repository's root (and
 * starts children elsewhere), where `GIT_DIR=../.git` set in a subdirectory names nothing or
 * something else. Done once, by the entry point, on its own environment, before any git starts.
 * A variable already absolute, or empty, is left as it is.
 */
export function absoluteGitPaths(env: NodeJS.ProcessEnv, cwd: string): void {
  for (const name of PATHS) {
    const v = env[name];
    if (v && !isAbsolute(v)) env[name] = resolve(cwd, v);
  }
  for (const name of PATH_LISTS) {
    const v = env[name];
    if (v) env[name] = v.split(delimiter).map((p) => (p && !p.startsWith('"') && !isAbsolute(p) ? resolve(cwd, p) : p)).join(delimiter);
  }
}
