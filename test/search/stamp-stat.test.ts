// A live index's stamp reads each path through node's fs binding (search/file-stat.ts stampStat):
// the numbers fs.lstatSync gives, to the bit, so a stamp says "changed" exactly where it did.
import { lstatSync, mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Stamp } from '../../src/fs/stamp.js';
import { stampStat } from '../../src/search/file-stat.js';
import { tempDir } from '../helpers/repo.js';

describe('stampStat', () => {
  it("is fs.lstatSync's inode, size and times for a file, a folder and a link, and nothing for what is not there", () => {
    const dir = tempDir('gm-stamp-stat-');
    const file = join(dir, 'a.md');
    writeFileSync(file, 'x'.repeat(321));
    utimesSync(file, 1_700_000_000.123456789, 1_700_000_000.987654321);
    mkdirSync(join(dir, '2026-11-30'));
    symlinkSync(file, join(dir, 'link.md'));
    for (const p of [file, join(dir, '2026-11-30'), join(dir, 'link.md'), dir]) {
      const st = lstatSync(p);
      const got = stampStat(p)!;
      expect(got).toEqual({ ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs });
      expect(Object.is(got.mtimeMs, st.mtimeMs) && Object.is(got.ctimeMs, st.ctimeMs)).toBe(true);
    }
    expect(stampStat(join(dir, 'missing'))).toBeUndefined();
    expect(() => stampStat(join(file, 'x'))).toThrow(/ENOTDIR/);
  });

  it('stamps as fs.lstatSync does: equal stamps of the same paths, a changed folder seen', () => {
    const dir = tempDir('gm-stamp-stat-');
    const day = join(dir, '2026-11-30');
    mkdirSync(day);
    const paths = [dir, day, join(dir, 'missing'), join(dir, 'a.md', 'x')];
    const fast = (s: Stamp) => paths.reduce((t, p) => t.add(p), s);
    expect(fast(new Stamp(stampStat)).equals(fast(new Stamp()))).toBe(true);
    const before = fast(new Stamp(stampStat));
    writeFileSync(join(day, '1200-claude-code-abc123.md'), 'x');
    expect(fast(new Stamp(stampStat)).equals(before)).toBe(false);
  });
});
