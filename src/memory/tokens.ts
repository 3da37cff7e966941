/**
 * A fast token estimate that is meant never to undercount a real BPE tokenizer (cl100k, o200k)
 * on memory text, so the primer's hard cap holds without loading a tokenizer at session start.
 * test/tokens.test.ts checks it against gpt-tokenizer on English, Chinese, code and hashes.
 *
 * Byte-level BPE never makes more tokens than UTF-8 bytes, and merges common words into one; the
 * weights below sit between those bounds, on the safe side.
 */
const PIECE = /[A-Za-z]+|[0-9]+|[ \t]+|(?:\r?\n)+|[\u3400-\u9fff\uf900-\ufaff]|[^\x00-\x7f]|[^A-Za-z0-9\s\u0080-\uffff]+/g;

export function estimateTokens(text: string): number {
  let n = 0;
  for (const m of text.matchAll(PIECE)) {
    const p = m[0];
    const c = p.charCodeAt(0);
    if (c === 32 || c === 9) n += p.length > 1 ? Math.ceil((p.length - 1) / 4) : 0; // one space joins the next word
    else if (c === 10 || c === 13) n += 1;
    else if (c >= 0x3400 && c <= 0xfaff) n += 1.3;
    else if (c >= 128) n += Math.min(3, Buffer.byteLength(p, 'utf8'));
    else if (/[A-Za-z]/.test(p)) n += p.length <= 7 ? 1 : 1 + Math.ceil((p.length - 7) / 5);
    else if (/[0-9]/.test(p)) n += Math.ceil(p.length / 3);
    else n += Math.ceil(p.length * 0.75);
  }
  return Math.ceil(n * 1.05) + 1;
}
