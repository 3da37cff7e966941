import { resolve, sep } from 'node:path';
import { inside, realOrGiven } from '../fs/inside.js';
import { UsageError } from '../errors.js';

/**
 * A path the user typed, as memory files store it: relative to the repository root, with `/`.
 * Relative paths are read from the directory the command ran in (`--files ./login.ts` in `src/`
 * is `src/login.ts`), absolute ones as they are; one outside the repository is refused.
 */
export function repoRelative(root: string, cwd: string, path: string, option: string): string {
  const rel = inside(root, resolve(realOrGiven(cwd), path));
  if (!rel) throw new UsageError(`${option} ${JSON.stringify(path)} is not a file inside the repository (${root})`);
  return rel.split(sep).join('/');
}
