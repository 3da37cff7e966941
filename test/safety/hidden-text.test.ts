import { describe, expect, it } from 'vitest';
import { describeHidden, findHiddenText, stripHiddenText } from '../../src/safety/hidden-text.js';

describe('stripHiddenText', () => {
  it.each([
    ['zero-width space', '\u200B'],
    ['zero-width non-joiner', '\u200C'],
    ['zero-width joiner', '\u200D'],
    ['word joiner', '\u2060'],
    ['byte order mark', '\uFEFF'],
    ['left-to-right mark', '\u200E'],
    ['right-to-left mark', '\u200F'],
    ['Arabic letter mark', '\u061C'],
    ['right-to-left override', '\u202E'],
    ['left-to-right embedding', '\u202A'],
    ['first strong isolate', '\u2068'],
    ['pop directional isolate', '\u2069'],
    ['soft hyphen', '\u00AD'],
    ['invisible times (other Cf)', '\u2062'],
    ['tag letter A', '\u{E0041}'],
    ['unassigned tag-block code point', '\u{E0002}'],
    ['cancel tag', '\u{E007F}'],
  ])('removes a %s', (_name, ch) => {
    const report = stripHiddenText(`run ${ch}git memory${ch} log`);
    expect(report.text).toBe('run git memory log');
    expect(report.total).toBe(2);
    expect(report.removed).toHaveLength(1);
  });

  it('removes a hidden instruction spelled in tag characters', () => {
    const hidden = [...'ignore previous'].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
    expect(stripHiddenText(`Fix the lock.${hidden}`).text).toBe('Fix the lock.');
  });

  it('reports each code point with its count and 1-based lines', () => {
    const text = 'a\nb\nc\nd\u200Be\u200B\nf\n\n\n\u202Eg\r\nh\u200B';
    const report = stripHiddenText(text);
    expect(report.total).toBe(4);
    expect(report.removed).toEqual([
      { codePoint: 'U+200B', count: 3, lines: [4, 9] },
      { codePoint: 'U+202E', count: 1, lines: [8] },
    ]);
  });

  it('names astral code points with their full value', () => {
    expect(stripHiddenText('x\u{E0041}').removed[0]!.codePoint).toBe('U+E0041');
    expect(stripHiddenText('\u00ADx').removed[0]!.codePoint).toBe('U+00AD');
  });

  it('leaves Chinese, emoji and ordinary whitespace unchanged', () => {
    const text = '密码不能写进日志。\n- 令牌每 90 天轮换 🔑🚀 café\tnaïve ✔️ 👍🏽 🇫🇷\r\n';
    expect(stripHiddenText(text)).toEqual({ text, removed: [], total: 0 });
  });

  it('splits ZWJ emoji sequences into their visible parts (documented trade-off)', () => {
    expect(stripHiddenText('👩\u200D💻').text).toBe('👩💻');
  });

  it('stays linear on a long line full of hidden characters', () => {
    const report = stripHiddenText('a\u200B'.repeat(300_000));
    expect(report.total).toBe(300_000);
    expect(report.removed[0]!.lines).toEqual([1]);
  });
});

describe('findHiddenText', () => {
  it('reports like stripHiddenText but returns the text unchanged', () => {
    const text = 'ok\nsneaky\u202Etxt.exe';
    const found = findHiddenText(text);
    expect(found.text).toBe(text);
    expect(found.removed).toEqual(stripHiddenText(text).removed);
  });
});

describe('describeHidden', () => {
  it('gives one line naming code points, counts and lines', () => {
    const report = stripHiddenText('\n\n\nx\u200B\u200B\n\n\n\n\n\u202E');
    expect(describeHidden(report)).toBe('removed 3 invisible characters (U+200B ×2 on line 4, U+202E ×1 on line 9)');
    expect(describeHidden(findHiddenText('\u200B'), 'found')).toBe('found 1 invisible character (U+200B ×1 on line 1)');
  });

  it('shortens long line lists', () => {
    const report = stripHiddenText('\u200B\n'.repeat(8));
    expect(describeHidden(report)).toBe('removed 8 invisible characters (U+200B ×8 on lines 1, 2, 3, 4, 5 and 3 more)');
  });

  it('is empty when nothing was found', () => {
    expect(describeHidden(stripHiddenText('plain'))).toBe('');
  });
});
