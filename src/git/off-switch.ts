// The off switches, as HUSKY=0 is husky's: GIT_MEMORY=0 for one shell (or one command, one CI job),
// `git config memory.enabled false` for one clone. Off, the git hooks and the agent hooks do nothing
// and exit 0 at once, and commands say they are off (bin.ts). The shell blocks of the git hooks
// (hook-blocks.ts) read the same two switches with the shell's builtins alone, as this reads them.
import { isAbsolute, join, resolve } from 'node:path';
import { readTextOrNull } from '../fs/read-file.js';
import { findRepoInFiles } from './repo.js';

/** The values of GIT_MEMORY that turn git-memory off (any other value, or none, leaves it on). */
const OFF_VALUES = new Set(['0', 'false', 'no', 'off']);

/** Which switch turned git-memory off, as messages name it. */
export type OffSwitch = 'GIT_MEMORY=0' | 'memory.enabled=false';

/** Whether a git boolean written in a config file reads as false. */
const gitFalse = (value: string) => /^(?:false|no|off|0)$/i.test(value.trim());

/**
 * `memory.enabled` as the repository's own config file sets it (the last setting wins, as in git):
 * false, true, or null when unset. Read from the file, not asked of git: this runs before every hook.
 * Only the repository's config is read (not ~/.gitconfig, nor includes): the switch is per clone.
 */
export function memoryEnabledInConfig(configText: string): boolean | null {
  let inMemory = false;
  let enabled: boolean | null = null;
  for (const raw of configText.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inMemory = /^\[\s*memory\s*\]/i.test(line);
      continue;
    }
    const m = inMemory && /^enabled\s*(?:=\s*([^#;]*))?/i.exec(line);
    if (m) enabled = m[1] === undefined ? true : !gitFalse(m[1]);
  }
  return enabled;
}

/** The git directory around `cwd` (GIT_DIR as git sets it in hooks and linked worktrees), or null. */
function gitDirOf(cwd: string, env: NodeJS.ProcessEnv): string | null {
  if (env.GIT_DIR) return resolve(cwd, env.GIT_DIR);
  return findRepoInFiles(cwd, env)?.gitDir ?? null;
}

/** The repository's shared config file of the git directory `gitDir` (a linked worktree's is its main one's). */
function configFile(gitDir: string): string {
  const common = readTextOrNull(join(gitDir, 'commondir'))?.trim();
  return join(common ? (isAbsolute(common) ? common : resolve(gitDir, common)) : gitDir, 'config');
}

/**
 * The switch that turned git-memory off for this process, or null where it is on: GIT_MEMORY=0
 * (or false, no, off) in the environment, else `memory.enabled = false` in the repository's config.
 */
export function memoryOff(cwd: string, env: NodeJS.ProcessEnv): OffSwitch | null {
  const value = env.GIT_MEMORY;
  if (value !== undefined && OFF_VALUES.has(value.trim().toLowerCase())) return 'GIT_MEMORY=0';
  try {
    const gitDir = gitDirOf(cwd, env);
    const text = gitDir && readTextOrNull(configFile(gitDir));
    return text && memoryEnabledInConfig(text) === false ? 'memory.enabled=false' : null;
  } catch {
    return null;
  }
}
