/**
 * A fast token estimate that is meant never to undercount a real BPE tokenizer (cl100k, o200k)
 * on memory text, so the primer's hard cap holds without loading a tokenizer at session start.
 * test/tokens.test.ts checks it against gpt-tokenizer on English, Chinese, code and hashes.
 *
 * Byte-level BPE never makes more tokens than UTF-8 bytes, and merges common words into one; the
 * weights below sit between those bounds, on the safe side.
 */
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;
/** ASCII that is neither a letter, a digit nor white space: punctuation and control characters. */
const isOther = (c: number) => c < 128 && !isLetter(c) && !isDigit(c) && !(c === 32 || (c >= 9 && c <= 13));

/**
 * Counts by pieces: a run of letters (a word), of digits, of spaces, of line breaks, of other
 * ASCII, or one non-ASCII character. A plain loop over char codes: this runs on every primer item
 * at every session start, and a regex match per piece made an object per piece.
 */
export function estimateTokens(text: string): number {
  let n = 0;
  const len = text.length;
  const run = (from: number, test: (c: number) => boolean) => {
    let j = from + 1;
    while (j < len && test(text.charCodeAt(j))) j++;
    return j;
  };
  for (let i = 0; i < len; ) {
    const c = text.charCodeAt(i);
    if (isLetter(c)) {
      const j = run(i, isLetter);
      n += j - i <= 7 ? 1 : 1 + Math.ceil((j - i - 7) / 5);
      i = j;
    } else if (isDigit(c)) {
      const j = run(i, isDigit);
      n += Math.ceil((j - i) / 3);
      i = j;
    } else if (c === 32 || c === 9) {
      const j = run(i, (d) => d === 32 || d === 9);
      n += j - i > 1 ? Math.ceil((j - i - 1) / 4) : 0; // one space joins the next word
      i = j;
    } else if (c === 10 || (c === 13 && text.charCodeAt(i + 1) === 10)) {
      // One token for a run of line breaks (\n or \r\n).
      while (i < len && (text.charCodeAt(i) === 10 || (text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) === 10))) i += text.charCodeAt(i) === 13 ? 2 : 1;
      n += 1;
    } else if (c >= 128) {
      // One UTF-16 unit: CJK ideographs are about a token each; others cost their UTF-8 bytes (a
      // lone surrogate counts as the 3 bytes of U+FFFD).
      n += c >= 0x3400 && c <= 0xfaff ? 1.3 : c < 0x800 ? 2 : 3;
      i++;
    } else if (isOther(c)) {
      const j = run(i, isOther);
      n += Math.ceil((j - i) * 0.75);
      i = j;
    } else i++; // a lone \r, \v or \f
  }
  return Math.ceil(n * 1.05) + 1;
}
