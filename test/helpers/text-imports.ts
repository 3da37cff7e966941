import { readFileSync } from 'node:fs';
import type { Plugin } from 'vitest/config';

/**
 * Loads `.md` files as their text under vitest, as esbuild's text loader does in the build (the
 * source imports templates `with { type: 'text' }`): the tests run the templates the program ships.
 */
export function textImports(): Plugin {
  return {
    name: 'git-memory-text-imports',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!;
      if (!file.endsWith('.md')) return null;
      return { code: `export default ${JSON.stringify(readFileSync(file, 'utf8'))};`, map: null };
    },
  };
}
