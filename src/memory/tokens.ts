/**
 * A fast token estimate that is meant never to undercount a real BPE tokenizer (cl100k, o200k)
 * on memory text, so the primer's hard cap holds without loading a tokenizer at session start.
 * test/tokens.test.ts checks it against gpt-tokenizer on English, Chinese, code and hashes.
 *
 * Byte-level BPE never makes more tokens than UTF-8 bytes, and merges common words into one; the
 * weights below sit between those bounds, on the safe side.
 */
/** ASCII that is neither a letter, a digit nor white space: punctuation and control characters. */
const isOther = (c: number) => c < 128 && !((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 32 || (c >= 9 && c <= 13));

/**
 * Counts by pieces: a run of letters (a word), of digits, of spaces, of line breaks, of other
 * ASCII, or one non-ASCII character. A plain loop over char codes: this runs on every primer item
 * at every session start, and a regex match per piece made an object per piece.
 */
export function estimateTokens(text: string): number {
  let n = 0;
  const len = text.length;
  let i = 0;
  while (i < len) {
    const c = text.charCodeAt(i);
    const from = i;
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      let d = c;
      do d = text.charCodeAt(++i);
      while ((d >= 65 && d <= 90) || (d >= 97 && d <= 122));
      n += i - from <= 7 ? 1 : 1 + Math.ceil((i - from - 7) / 5);
    } else if (c >= 48 && c <= 57) {
      let d = c;
      do d = text.charCodeAt(++i);
      while (d >= 48 && d <= 57);
      n += Math.ceil((i - from) / 3);
    } else if (c === 32 || c === 9) {
      let d = c;
      do d = text.charCodeAt(++i);
      while (d === 32 || d === 9);
      n += i - from > 1 ? Math.ceil((i - from - 1) / 4) : 0; // one space joins the next word
    } else if (c === 10 || (c === 13 && text.charCodeAt(i + 1) === 10)) {
      // One token for a run of line breaks (\n or \r\n).
      for (;;) {
        const d = text.charCodeAt(i);
        if (d === 10) i += 1;
        else if (d === 13 && text.charCodeAt(i + 1) === 10) i += 2;
        else break;
      }
      n += 1;
    } else if (c >= 128) {
      // One UTF-16 unit: CJK ideographs are about a token each; others cost their UTF-8 bytes (a
      // lone surrogate counts as the 3 bytes of U+FFFD).
      n += c >= 0x3400 && c <= 0xfaff ? 1.3 : c < 0x800 ? 2 : 3;
      i++;
    } else if (isOther(c)) {
      do i++;
      while (i < len && isOther(text.charCodeAt(i)));
      n += Math.ceil((i - from) * 0.75);
    } else i++; // a lone \r, \v or \f
  }
  return Math.ceil(n * 1.05) + 1;
}
