import { chmodSync, existsSync, lstatSync, mkdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { blockSpan, CHAINED_SUFFIX, HOOK_NAMES, hookBlock, replaceBlock, SHELL_SHEBANG, type HookName } from './hook-blocks.js';
import { git } from './git.js';
import type { Repo } from './repo.js';
import { regularFileText } from '../fs/read-file.js';
import { EXIT, GitMemoryError } from '../errors.js';

export { HOOK_NAMES, type HookName } from './hook-blocks.js';

/** Where hooks go, and whether it is a husky repository. */
export interface HooksDir {
  dir: string;
  husky: boolean;
  /** `core.hooksPath` as configured, if any. */
  hooksPath: string | null;
}

/** `core.hooksPath`'s canonical name, as `git config --get-regexp` lists it. */
export const HOOKS_PATH_KEY = 'core.hookspath';

/** Config keys read beforehand (merge-config.ts's readConfigKeys, core.hooksPath among them): saves hooksDir its git process. */
export type ConfigKeys = ReadonlyMap<string, string>;

/**
 * Where git will run hooks from: `core.hooksPath` respected (`git rev-parse --git-path hooks`);
 * in a husky repository (`core.hooksPath` = `.husky/_`, or any `_` directory holding husky's `h`
 * runner) the user-editable parent directory, never `_/`, which husky regenerates.
 */
export async function hooksDir(repo: Repo, keys?: ConfigKeys): Promise<HooksDir> {
  const read = keys ? (keys.get(HOOKS_PATH_KEY) ?? null) : await git(['config', '--get', 'core.hooksPath'], { cwd: repo.root, allowFail: true });
  const hooksPath = read?.trim() || null;
  if (hooksPath) {
    const abs = isAbsolute(hooksPath) ? hooksPath : resolve(repo.root, hooksPath);
    if (/(^|\/)\.husky\/_\/?$/.test(hooksPath) || (basename(abs) === '_' && existsSync(join(abs, 'h')))) {
      return { dir: dirname(abs), husky: true, hooksPath };
    }
  }
  const dir = (keys && !keys.has(HOOKS_PATH_KEY) && defaultHooksDir(repo)) || (await git(['rev-parse', '--path-format=absolute', '--git-path', 'hooks'], { cwd: repo.root })).trim();
  return { dir, husky: false, hooksPath };
}

/**
 * What `git rev-parse --path-format=absolute --git-path hooks` prints where core.hooksPath is not set
 * at all: the shared git directory's `hooks`, with symbolic links resolved. Null (git is asked)
 * where git could be pointed elsewhere (GIT_DIR, GIT_COMMON_DIR) or `hooks` is a link.
 */
function defaultHooksDir(repo: Repo, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.GIT_DIR !== undefined || env.GIT_COMMON_DIR !== undefined) return null;
  try {
    const st = lstatSync(join(repo.commonDir, 'hooks'), { throwIfNoEntry: false });
    if (st && !st.isDirectory()) return null; // a link: git resolves it (or a file: git's answer stands)
    return join(realpathSync(repo.commonDir), 'hooks');
  } catch {
    return null;
  }
}

const isExecutable = (path: string) => (statSync(path).mode & 0o111) !== 0;

/**
 * A hook we cannot add a shell block to (another interpreter), or one git does not run (not
 * executable), is moved aside and chained from a small sh wrapper, so it behaves exactly as before.
 */
function mustChain(text: string, path: string, husky: boolean): boolean {
  if (lstatSync(path).isSymbolicLink()) return true; // writing through it would edit a shared script
  if (husky) return false; // husky runs `.husky/<hook>` with `sh -e`, whatever the file says
  const first = text.split('\n', 1)[0]!;
  return (first.startsWith('#!') && !SHELL_SHEBANG.test(first)) || !isExecutable(path) || text.includes('\0');
}

export type InstallResult = 'created' | 'updated' | 'unchanged' | 'chained';

/**
 * A hook file's text for an edit; throws when something is there that is not a regular file (a
 * committed hooks folder's hook linked to a FIFO would hang the read): it is left as it is.
 */
function hookText(path: string): string {
  const text = regularFileText(path); // a file it cannot read: that error, as before
  if (text !== null) return text;
  throw new GitMemoryError(`${path} is not a regular file: the git-memory block was not added to it`, EXIT.error, 'replace it with a regular file (or remove it), then run the command again');
}

/**
 * Adds (or refreshes) our block in a hook file without disturbing what is there: a new file gets a
 * shebang; an existing shell hook gets the block right after its first line, so an `exit` further
 * down cannot skip it; anything else is chained.
 */
export function installHookFile(path: string, name: HookName, husky: boolean): InstallResult {
  const chained = `${path}${CHAINED_SUFFIX}`;
  if (existsSync(path) && !existsSync(chained)) {
    const text = hookText(path);
    if (!blockSpan(text) && mustChain(text, path, husky)) {
      renameSync(path, chained);
      writeFileSync(path, `#!/bin/sh\n${hookBlock(name, true)}\n`, { mode: 0o755 });
      chmodSync(path, 0o755);
      return 'chained';
    }
  }
  const block = `${hookBlock(name, existsSync(chained))}\n`;
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, husky ? block : `#!/bin/sh\n${block}`, { mode: 0o755 });
    return 'created';
  }
  const text = hookText(path);
  let next: string;
  if (blockSpan(text)) {
    next = replaceBlock(text, block);
  } else if (text.startsWith('#!')) {
    const nl = text.indexOf('\n');
    next = nl < 0 ? `${text}\n${block}` : `${text.slice(0, nl + 1)}${block}${text.slice(nl + 1)}`;
  } else {
    next = `${block}${text}`;
  }
  if (next === text) return 'unchanged';
  writeFileSync(path, next);
  return 'updated';
}

export type UninstallResult = 'removed' | 'deleted' | 'restored' | 'absent';

/**
 * Takes our block out of a hook file and leaves every other byte as it was. A file that held only
 * our block (we created it) is deleted; a chained hook is moved back into place.
 */
export function uninstallHookFile(path: string): UninstallResult {
  // Not a regular file (a FIFO, which a read would wait on): no block of ours in it.
  const text = existsSync(path) ? regularFileText(path) : null;
  if (text === null || !blockSpan(text)) return 'absent';
  const rest = replaceBlock(text, '');
  const chained = `${path}${CHAINED_SUFFIX}`;
  const onlyOurs = /^(#!\/bin\/sh\n)?$/.test(rest);
  if (onlyOurs && existsSync(chained)) {
    renameSync(chained, path);
    return 'restored';
  }
  if (onlyOurs) {
    rmSync(path);
    return 'deleted';
  }
  writeFileSync(path, rest);
  return 'removed';
}

export interface HookChange<R> {
  hook: HookName;
  path: string;
  result: R;
}

/** Installs every git hook git-memory uses. */
export async function installHooks(repo: Repo, keys?: ConfigKeys): Promise<HookChange<InstallResult>[]> {
  const { dir, husky } = await hooksDir(repo, keys);
  return HOOK_NAMES.map((hook) => {
    const path = join(dir, hook);
    return { hook, path, result: installHookFile(path, hook, husky) };
  });
}

/** Removes our blocks from every hook file, where git runs hooks now and in the default place. */
export async function uninstallHooks(repo: Repo): Promise<HookChange<UninstallResult>[]> {
  const active = (await hooksDir(repo)).dir;
  const fallback = join(repo.commonDir, 'hooks');
  const dirs = [...new Set([active, fallback])];
  return dirs.flatMap((dir) => HOOK_NAMES.map((hook) => ({ hook, path: join(dir, hook), result: uninstallHookFile(join(dir, hook)) })));
}
