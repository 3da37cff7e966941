// `view --out` naming a place no file can be written: said as bad usage in words (exit 2, valid
// --json), where it was an "internal error" with node's errno text.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

describe('view --out', () => {
  it('into a folder that does not exist, onto a folder, or through a file: exit 2, in words, nothing written', async () => {
    const repo = await makeMemoryRepo();
    mkdirSync(join(repo.dir, 'reports'));
    for (const [out, why] of [
      ['missing/view.html', 'its folder does not exist'],
      ['reports', 'it is a folder, not a file'],
      ['README.md/view.html', 'a part of its path is not a folder'],
    ]) {
      const r = await repo.run(['view', '--out', out!, '--json']);
      expect(r.code, out).toBe(2);
      expect(r.stderr).not.toContain('internal error');
      expect(JSON.parse(r.stdout).error.message).toBe(`cannot write --out ${out}: ${why}`);
    }
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('into a folder that exists: written', async () => {
    const repo = await makeMemoryRepo();
    mkdirSync(join(repo.dir, 'reports'));
    const r = await repo.run(['view', '--out', 'reports/memory.html', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(repo.read('reports/memory.html')).toContain('<html');
  });
});
