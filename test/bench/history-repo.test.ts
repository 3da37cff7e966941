// `npm run bench`'s history part bundles test/helpers/dream-history.ts with bench/history-repo.mjs in
// place of its ./repo.js (bench/parts/history.mjs): every name the helper takes from ./repo.js must be
// there too, or the part fails to build ("No matching export … for import headId": the part printed
// no figure for a stop while every test passed).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

it("bench/history-repo.mjs exports every value dream-history.ts imports from ./repo.js", async () => {
  const helper = readFileSync(join(ROOT, 'test/helpers/dream-history.ts'), 'utf8');
  const imports = [...helper.matchAll(/^import\s*\{([^}]*)\}\s*from\s*'\.\/repo\.js'/gm)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type ')),
  );
  expect(imports.length).toBeGreaterThan(0);
  const bench = readFileSync(join(ROOT, 'bench/history-repo.mjs'), 'utf8');
  const exported = new Set([...bench.matchAll(/^export\s+(?:async\s+)?(?:function|const|let)\s+(\w+)/gm)].map((m) => m[1]));
  expect(imports.filter((n) => !exported.has(n))).toEqual([]);
});
