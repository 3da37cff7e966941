import { existsSync, statSync } from 'node:fs';
import { readTextOrNull } from '../fs/read-file.js';
import { join } from 'node:path';
import { blockOf, blockSpan, CHAINED_SUFFIX, HOOK_NAMES, hookBlock, type HookName } from './hook-blocks.js';
import { hooksDir, type ConfigKeys, type HooksDir } from './hooks.js';
import type { Repo } from './repo.js';

/** One hook file as doctor sees it. */
export interface HookState {
  hook: HookName;
  path: string;
  exists: boolean;
  /** Our block is in the file. */
  installed: boolean;
  /** Our block is the one this version writes. */
  current: boolean;
  /** The user's own hook was moved aside and is chained. */
  chained: boolean;
  /** Git (or husky, which runs `.husky/<hook>` with sh) will run the file. */
  runs: boolean;
}

function inspect(dir: string, hook: HookName, husky: boolean): HookState {
  const path = join(dir, hook);
  const exists = existsSync(path);
  // Not read when it is not a regular file (a FIFO would hang the read): no block in it then.
  const text = (exists && readTextOrNull(path)) || '';
  const block = blockOf(text)?.replace(/\n$/, '');
  const chained = existsSync(`${path}${CHAINED_SUFFIX}`);
  const executable = exists && (statSync(path).mode & 0o111) !== 0;
  // husky 9 runs .husky/<hook> from its own stub in .husky/_/, which must exist.
  const runs = husky ? exists && existsSync(join(dir, '_', hook)) : executable;
  return { hook, path, exists, installed: block !== undefined, current: block === hookBlock(hook, chained), chained, runs };
}

/**
 * Where hooks are and what state each of ours is in; plus hook files elsewhere that still hold our
 * block but that git no longer runs (core.hooksPath changed since init).
 */
export async function hookStates(repo: Repo, keys?: ConfigKeys): Promise<{ where: HooksDir; hooks: HookState[]; stray: string[] }> {
  const where = await hooksDir(repo, keys);
  const hooks = HOOK_NAMES.map((h) => inspect(where.dir, h, where.husky));
  const fallback = join(repo.commonDir, 'hooks');
  const stray =
    fallback === where.dir
      ? []
      : HOOK_NAMES.map((h) => join(fallback, h)).filter((p) => blockSpan(readTextOrNull(p) ?? '') !== null);
  return { where, hooks, stray };
}
