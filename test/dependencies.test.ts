import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/repo.js';

// A runtime dependency is installed on every user's machine: list exactly what the program loads,
// no more (an unused SDK is megabytes for nothing) and no less (a missing one fails only after install).
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
}

/** Packages named by `from '…'`, `import('…')`, `require('…')` and `createRequire(…)('…')` in src/. */
function importedPackages(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(join(ROOT, 'src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport\(|\brequire\(|\)\() ?['"]([\w@][\w@/.-]*)['"]/g)) {
      const spec = m[1]!;
      if (spec.startsWith('node:')) continue;
      names.add(spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return names;
}

describe('package.json dependencies', () => {
  it('are exactly the packages src/ loads', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...importedPackages()].sort());
  });
});
