import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { HOOK_BEGIN, HOOK_END } from '../paths.js';
import { git } from './git.js';
import type { Repo } from './repo.js';

export type HookName = 'post-commit';

/** The marked block: runs git-memory only where it is installed, and never fails the git command. */
export function hookBlock(name: HookName): string {
  return [
    HOOK_BEGIN,
    '# Records this commit for the next git-memory session. Harmless where git-memory is not installed.',
    `if command -v git-memory >/dev/null 2>&1; then git-memory hook ${name} "$@" </dev/null >/dev/null 2>&1 || true; fi`,
    HOOK_END,
  ].join('\n');
}

/**
 * Where git will run hooks from: `core.hooksPath` respected (`git rev-parse --git-path hooks`);
 * in a husky repository (`core.hooksPath` = `.husky/_`) the user-editable `.husky/`, never `.husky/_/`,
 * which husky regenerates.
 */
export async function hooksDir(repo: Repo): Promise<{ dir: string; husky: boolean }> {
  const hooksPath = (await git(['config', '--get', 'core.hooksPath'], { cwd: repo.root, allowFail: true }))?.trim();
  if (hooksPath && /(^|\/)\.husky\/_\/?$/.test(hooksPath)) {
    const abs = isAbsolute(hooksPath) ? hooksPath : resolve(repo.root, hooksPath);
    return { dir: resolve(abs, '..'), husky: true };
  }
  const dir = (await git(['rev-parse', '--path-format=absolute', '--git-path', 'hooks'], { cwd: repo.root })).trim();
  return { dir, husky: false };
}

const BLOCK_RE = new RegExp(`${escape(HOOK_BEGIN)}[\\s\\S]*?${escape(HOOK_END)}\\n?`);
function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Adds (or refreshes) our block in a hook file without disturbing what is there: a new file gets a
 * shebang; an existing one gets the block right after its first line, so an `exit` further down
 * cannot skip it. Returns what happened.
 */
export function installHookFile(path: string, name: HookName, husky: boolean): 'created' | 'updated' | 'unchanged' {
  const block = `${hookBlock(name)}\n`;
  if (!existsSync(path)) {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, husky ? block : `#!/bin/sh\n${block}`, { mode: 0o755 });
    return 'created';
  }
  const text = readFileSync(path, 'utf8');
  let next: string;
  if (BLOCK_RE.test(text)) {
    next = text.replace(BLOCK_RE, block);
  } else if (text.startsWith('#!')) {
    const nl = text.indexOf('\n');
    next = nl < 0 ? `${text}\n${block}` : `${text.slice(0, nl + 1)}${block}${text.slice(nl + 1)}`;
  } else {
    next = `${block}${text}`;
  }
  if (next === text) return 'unchanged';
  writeFileSync(path, next);
  chmodSync(path, 0o755);
  return 'updated';
}

/** Installs every git hook git-memory uses. */
export async function installHooks(repo: Repo): Promise<{ hook: HookName; path: string; result: string }[]> {
  const { dir, husky } = await hooksDir(repo);
  const names: HookName[] = ['post-commit'];
  return names.map((hook) => {
    const path = join(dir, hook);
    return { hook, path, result: installHookFile(path, hook, husky) };
  });
}
