// git's quoting of paths (core.quotePath) taken off: checked against git's own -z output for the
// names real repositories have (jackfrued/Python-100-Days: Chinese names) and the odd ones.
import { describe, expect, it } from 'vitest';
import { unquotePath } from '../../src/git/quoted-path.js';
import { makeRepo } from '../helpers/repo.js';

describe('unquotePath', () => {
  it('gives back the name git quoted, whatever core.quotePath says', () => {
    const repo = makeRepo();
    const names = ['更新日志.md', 'Day81-90/82.k最近邻算法.md', 'docs/café.md', 'a "quoted" name.txt', 'back\\slash.txt', 'tab\there.txt', 'new\nline.txt', 'emoji 🚀.md', 'plain.txt'];
    names.forEach((n, i) => repo.write(n, `${i}\n`));
    repo.git('add', '--', ...names);
    const z = repo.git('ls-files', '-z').split('\0').filter(Boolean).sort();
    for (const quote of ['true', 'false']) {
      const lines = repo.git('-c', `core.quotePath=${quote}`, 'ls-files').split('\n').filter(Boolean);
      if (quote === 'true') expect(lines.some((l) => l.startsWith('"'))).toBe(true);
      expect(lines.map(unquotePath).sort()).toEqual(z);
    }
  });

  it('leaves alone what git did not quote', () => {
    for (const p of ['plain.txt', '"', '"unterminated', 'x"y"', '"bad \\q escape"']) expect(unquotePath(p)).toBe(p);
  });
});
