/**
 * The words a summary check compares: maximal runs of letters, numbers and `_` (Unicode's L and N).
 * Without a regular expression with Unicode properties where it can: V8 builds the \p{L} and \p{N}
 * sets for each such pattern, ~0.2 ms to create it and more at its first run, milliseconds of a
 * SessionStart after a compaction. The few left are written where they are used, not at the top of
 * this file, whose every load would pay for them.
 */

/** Latin-1's letters and numbers between U+0080 and U+00BF: ª ² ³ µ ¹ º ¼ ½ ¾. */
const LATIN1_WORD = new Set([0xaa, 0xb2, 0xb3, 0xb5, 0xb9, 0xba, 0xbc, 0xbd, 0xbe]);

/**
 * Whether one UTF-16 unit that is not a surrogate is a letter, a number or `_`: the ranges a summary
 * mostly holds (ASCII, Latin-1 and Latin Extended A-B, punctuation, arrows and symbols, the CJK
 * ideographs) from tables, anything else by its Unicode class. test/compact/words.test.ts checks the
 * tables against it code point by code point.
 */
export function isWordUnit(c: number): boolean {
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  if (c < 0xc0) return LATIN1_WORD.has(c);
  if (c <= 0x24f) return c !== 0xd7 && c !== 0xf7;
  if ((c >= 0x2000 && c <= 0x206f) || (c >= 0x20a0 && c <= 0x20cf) || (c >= 0x2190 && c <= 0x23ff) || (c >= 0x2500 && c <= 0x26ff)) return false;
  if ((c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff)) return true;
  return /^[\p{L}\p{N}_]$/u.test(String.fromCharCode(c));
}

/**
 * The words of `text` (`text.split(/[^\p{L}\p{N}_]+/u)` without its empty strings), matched by a class
 * of ASCII letters, digits and `_` and those of the text's other characters that are letters or
 * numbers.
 */
export function splitWords(text: string): string[] {
  // The text's other characters, as one string (one per character found cost a summary whose every
  // line holds a dash or a × hundreds of strings).
  const other = text.replace(/[\x00-\x7f]+/g, '');
  // Characters beyond U+FFFF are two units each, which a class without the u flag would take apart.
  if (other && /[\ud800-\udfff]/.test(other)) return text.match(/[\p{L}\p{N}_]+/gu) ?? [];
  const word: string[] = [];
  for (const ch of new Set(other)) if (isWordUnit(ch.charCodeAt(0))) word.push(`\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return (word.length ? text.match(new RegExp(`[A-Za-z0-9_${word.join('')}]+`, 'g')) : text.match(/[A-Za-z0-9_]+/g)) ?? [];
}
