// The cache key's stat of a journal file (search/file-stat.ts) gives what fs.lstatSync gives, to the bit.
import { lstatSync, mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStat, isSymbolicLink } from '../../src/search/file-stat.js';
import { tempDir } from '../helpers/repo.js';

describe('fileStat', () => {
  it("is fs.lstatSync's size and mtimeMs for a regular file, and nothing for anything else", () => {
    const dir = tempDir('gm-file-stat-');
    const file = join(dir, 'a.md');
    writeFileSync(file, 'x'.repeat(1234));
    const odd = join(dir, 'b.md');
    writeFileSync(odd, '');
    // A time with nanoseconds that do not divide evenly, and one before 1970.
    utimesSync(odd, 1_700_000_000.123456789, 1_700_000_000.987654321);
    const old = join(dir, 'c.md');
    writeFileSync(old, 'old');
    utimesSync(old, -1000.5, -1000.5);
    for (const p of [file, odd, old]) {
      const st = lstatSync(p);
      expect(fileStat(p)).toEqual({ size: st.size, mtimeMs: st.mtimeMs });
      expect(Object.is(fileStat(p)!.mtimeMs, st.mtimeMs)).toBe(true);
    }
    mkdirSync(join(dir, 'sub'));
    symlinkSync(file, join(dir, 'link.md'));
    expect(fileStat(join(dir, 'sub'))).toBeUndefined();
    expect(fileStat(join(dir, 'link.md'))).toBeUndefined();
    expect(fileStat(join(dir, 'missing.md'))).toBeUndefined();
    expect([file, join(dir, 'sub'), join(dir, 'link.md'), join(dir, 'missing.md')].map(isSymbolicLink)).toEqual([false, false, true, false]);
    // Any other error is thrown, as fs.lstatSync throws it.
    expect(() => lstatSync(join(dir, 'a.md', 'x'), { throwIfNoEntry: false })).toThrow(/ENOTDIR/);
    expect(() => fileStat(join(dir, 'a.md', 'x'))).toThrow(/ENOTDIR/);
  });
});
