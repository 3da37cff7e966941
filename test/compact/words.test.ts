// Words as the summary checks see them, without a Unicode-property pattern where tables answer: the
// same as the plain Unicode split, character for character.
import { describe, expect, it } from 'vitest';
import { isWordUnit, splitWords } from '../../src/compact/words.js';

const WORD = /^[\p{L}\p{N}_]$/u;
const plain = (s: string) => s.split(/[^\p{L}\p{N}_]+/u).filter(Boolean);

const TEXTS = [
  '',
  'plain ascii words, with_snake and 42 digits',
  'Edited src/auth/session.ts — then ran `npm test`… done',
  'naïve café déjà-vu Ünïcödé ª² ¼ × ÷',
  '修复了 src/登录.ts 的错误，然后运行测试',
  'emoji 😀 between words 🚀x and sym ∑∆ 𝐀𝐁',
  '—leading and trailing—',
  'İstanbul ǅemal ﬁle ＡＢＣ １２３ ① Ⓐ ½',
];

describe('isWordUnit', () => {
  it('agrees with \\p{L}, \\p{N} and _ on every unit of the tabled ranges, and on others', () => {
    const ranges = [[0, 0x24f], [0x2000, 0x26ff], [0x3000, 0xa000], [0xff00, 0xffef]];
    const wrong: string[] = [];
    for (const [a, b] of ranges) for (let c = a!; c <= b!; c++) if (isWordUnit(c) !== WORD.test(String.fromCharCode(c))) wrong.push(c.toString(16));
    expect(wrong).toEqual([]);
  });
});

describe('splitWords', () => {
  it.each(TEXTS)('%j: the words of the Unicode split', (text) => {
    expect(splitWords(text)).toEqual(plain(text));
    expect(splitWords(text.toLowerCase())).toEqual(plain(text.toLowerCase()));
  });
});
