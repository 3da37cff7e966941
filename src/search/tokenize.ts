// How text becomes index terms, shared by the index, the query and the snippet.

const ASCII_WORD = /[A-Za-z0-9_]+/g;
const NON_ASCII = /[^\x00-\x7f]/;
// Compiled on first use: Unicode property classes cost most of a millisecond to build, and most
// queries and memory lines are plain ASCII, where ASCII_WORD finds exactly the same words.
let unicode: { word: RegExp; han: RegExp; runs: RegExp } | undefined;

/** Words; runs of Chinese characters, written without spaces, become overlapping pairs. */
export function tokenize(text: string): string[] {
  if (!NON_ASCII.test(text)) return text.match(ASCII_WORD) ?? [];
  const { word, han, runs } = (unicode ??= { word: /[\p{L}\p{N}_]+/gu, han: /\p{Script=Han}/u, runs: /\p{Script=Han}+|[^\p{Script=Han}]+/gu });
  const out: string[] = [];
  for (const [w] of text.matchAll(word)) {
    if (!han.test(w)) {
      out.push(w);
      continue;
    }
    for (const run of w.match(runs) ?? []) {
      if (!han.test(run) || run.length === 1) out.push(run);
      else for (let i = 0; i < run.length - 1; i++) out.push(run.slice(i, i + 2));
    }
  }
  return out;
}

/** The index term of a token: case does not matter. */
export const toTerm = (token: string) => token.toLowerCase();

/** Query terms of four letters or more also match longer words (token → tokens). */
export const isPrefixTerm = (term: string) => term.length >= 4;
