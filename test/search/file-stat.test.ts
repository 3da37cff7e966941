// The cache key's stat of a journal file (search/file-stat.ts) gives what fs.lstatSync gives, to the bit.
import { cpSync, lstatSync, mkdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStat, isSymbolicLink, sameFile, sameFiles } from '../../src/search/file-stat.js';
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

describe('sameFiles', () => {
  const list = (dir: string, names: string[]) => {
    const numbers = new Float64Array(2 * names.length);
    names.forEach((name, i) => {
      const st = lstatSync(join(dir, name));
      numbers[2 * i] = st.size;
      numbers[2 * i + 1] = st.mtimeMs;
    });
    return numbers;
  };

  it('says what sameFile says of each file, in one go or in slices, and stops at the first that differs', () => {
    const dir = tempDir('gm-same-files-');
    mkdirSync(join(dir, 'd'));
    const names = ['a.md', 'd/b.md', 'd/é c.md', 'e.md'];
    names.forEach((name, i) => writeFileSync(join(dir, name), 'x'.repeat(10 + i)));
    utimesSync(join(dir, 'e.md'), 1_700_000_000.123456789, 1_700_000_000.987654321);
    const numbers = list(dir, names);
    const paths = names.join('\0');
    const base = `${dir}/`;
    const all = { i: 0, at: 0 };
    expect(sameFiles(base, paths, numbers, names.length, all, Infinity)).toBe(true);
    expect(all).toEqual({ i: 4, at: paths.length + 1 });
    // Two at a time: each call goes on where the last stopped.
    const next = { i: 0, at: 0 };
    expect(sameFiles(base, paths, numbers, names.length, next, 2)).toBe(true);
    expect(next.i).toBe(2);
    expect(paths.slice(next.at).startsWith('d/é c.md')).toBe(true);
    expect(sameFiles(base, paths, numbers, names.length, next, 2)).toBe(true);
    expect(next.i).toBe(4);
    // Each change one file can have: the list is not the same, as sameFile says of that file.
    const changes: [string, (p: string) => void][] = [
      ['size', (p) => writeFileSync(p, 'y'.repeat(99))],
      ['mtime', (p) => utimesSync(p, 1_700_000_000, 1_700_000_001.5)],
      ['removed', (p) => rmSync(p)],
      ['a folder', (p) => (rmSync(p), mkdirSync(p))],
      ['a link to itself as it was', (p) => (renameSync(p, `${p}.real`), symlinkSync(`${p}.real`, p))],
    ];
    for (const [what, change] of changes) {
      for (const at of [0, 3]) {
        const copy = tempDir('gm-same-files-');
        cpSync(dir, copy, { recursive: true, preserveTimestamps: true });
        const numbersHere = list(copy, names);
        change(join(copy, names[at]!));
        expect(sameFile(join(copy, names[at]!), numbersHere[2 * at]!, numbersHere[2 * at + 1]!), what).toBe(false);
        expect(sameFiles(`${copy}/`, paths, numbersHere, names.length, { i: 0, at: 0 }, Infinity), what).toBe(false);
      }
    }
    // A list that does not hold n paths.
    expect(sameFiles(base, paths, numbers, 3, { i: 0, at: 0 }, Infinity)).toBe(false);
    expect(sameFiles(base, names.slice(0, 3).join('\0'), numbers, 4, { i: 0, at: 0 }, Infinity)).toBe(false);
    // An error other than a missing file is thrown, as fileStat throws it.
    expect(() => sameFiles(base, 'a.md/x', numbers, 1, { i: 0, at: 0 }, Infinity)).toThrow(/ENOTDIR/);
    // No files: nothing differs.
    expect(sameFiles(base, '', new Float64Array(0), 0, { i: 0, at: 0 }, Infinity)).toBe(true);
  });
});
