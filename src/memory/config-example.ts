import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const EXAMPLE = '.openclaw_memory.toml.example';

/** Where the package's config example is, found from wherever this code runs (dist/, dist/chunks/, src/memory/). */
export function configExamplePath(): string | null {
  for (let dir = dirname(fileURLToPath(import.meta.url)), i = 0; i < 4; i++, dir = dirname(dir)) {
    if (existsSync(join(dir, EXAMPLE))) return join(dir, EXAMPLE);
  }
  return null;
}

/** The hint under a config error: what the example shows, and where it is. */
export const configExampleHint = (what: string) => `see ${configExamplePath() ?? `${EXAMPLE} in the git-memory package`} for ${what}`;
