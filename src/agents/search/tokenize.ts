// How text becomes index terms, shared by the index, the query and the snippet.

const WORD = /[\p{L}\p{N}_]+/gu;
const HAN = /\p{Script=Han}/u;

/** Words; runs of Chinese characters, written without spaces, become overlapping pairs. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const [w] of text.matchAll(WORD)) {
    if (!HAN.test(w)) {
      out.push(w);
      continue;
    }
    for (const run of w.match(/\p{Script=Han}+|[^\p{Script=Han}]+/gu) ?? []) {
      if (!HAN.test(run) || run.length === 1) out.push(run);
      else for (let i = 0; i < run.length - 1; i++) out.push(run.slice(i, i + 2));
    }
  }
  return out;
}

/** The index term of a token: case does not matter. */
export const toTerm = (token: string) => token.toLowerCase();

/** Query terms of four letters or more also match longer words (token → tokens). */
export const isPrefixTerm = (term: string) => term.length >= 4;
