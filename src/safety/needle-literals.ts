/**
 * The fixed strings a pattern cannot match without: for a secret rule's needle, the few lower-case
 * strings one of which every text it matches holds (case aside). A text that holds none is skipped
 * with `includes` calls, and the needle's regex is never compiled: at every agent session start the
 * primer checks a few dozen lines, and compiling the needles (one big case-insensitive pattern) cost
 * more than everything else the redaction did.
 *
 * Read from the pattern's source, for the plain subset the needles are written in: literals and
 * escaped signs, small character classes, groups, alternatives, quantifiers, look-arounds. Anything
 * else (a class escape, `.`, an anchor, a large class) only ends a run of literals; what cannot be
 * read at all gives null, and the caller then runs the pattern itself. Every string returned is one a
 * match must contain, so the skip never loses a match (test/safety/needle-literals.test.ts checks it
 * on every rule's samples and on every character that folds to a literal's).
 */

/** A part of a sequence: the strings it matches whole (`exact`), or strings one of which it holds. */
interface Part {
  strings: string[];
  exact: boolean;
}

/** A product of exact parts larger than this is cut: its strings stay short, and so does the list. */
const MAX_STRINGS = 64;

/** What an escape stands for when it is a plain character (`\.`, `\/`, `\-`); null for a class or an assertion. */
function escaped(c: string): string | null {
  return /[A-Za-z0-9]/.test(c) ? null : c;
}

/** The quantifier at `i` (`?`, `*`, `+`, `{m}`, `{m,}`, `{m,n}`, each maybe lazy): its least count and its length; null when none. */
function quantifier(src: string, i: number): { min: number; length: number } | null {
  const c = src[i];
  let min: number;
  let end: number;
  if (c === '?' || c === '*' || c === '+') {
    min = c === '+' ? 1 : 0;
    end = i + 1;
  } else if (c === '{') {
    const m = /^\{(\d+)(,\d*)?\}/.exec(src.slice(i, i + 24));
    if (!m) return null;
    min = Number(m[1]);
    end = i + m[0].length;
  } else return null;
  if (src[end] === '?') end++;
  return { min, length: end - i };
}

/** The characters of a class such as `[wy]` or `[pousr]` (lower case); null for a negated, ranged or large one. */
function classChars(body: string): string[] | null {
  if (body.startsWith('^')) return null;
  const chars: string[] = [];
  for (let i = 0; i < body.length; i++) {
    let c = body[i]!;
    if (c === '\\') {
      const e = escaped(body[++i] ?? 'a');
      if (e === null) return null;
      c = e;
    } else if (c === '-' && i > 0 && i < body.length - 1) return null; // a range
    chars.push(c.toLowerCase());
  }
  const distinct = [...new Set(chars)];
  return distinct.length > 0 && distinct.length <= 6 ? distinct : null;
}

/** Where the group or class opened at `i` closes (the index of its `)` or `]`); -1 when it does not. */
function closing(src: string, i: number): number {
  let depth = 0;
  let inClass = false;
  for (let j = i; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') {
      j++;
      continue;
    }
    if (inClass) {
      if (c === ']') {
        inClass = false;
        if (src[i] === '[') return j;
      }
      continue;
    }
    if (c === '[') {
      inClass = true;
      if (j === i) continue;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j;
  }
  return -1;
}

/** Splits a source into its top-level alternatives. */
function alternatives(src: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let j = 0; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') j++;
    else if (c === '(' || c === '[') {
      const end = closing(src, j);
      if (end < 0) return [src];
      j = end;
    } else if (c === '|') {
      out.push(src.slice(from, j));
      from = j + 1;
    }
  }
  out.push(src.slice(from));
  return out;
}

/** Joins two lists of strings every way, or null past MAX_STRINGS. */
function product(a: string[], b: string[]): string[] | null {
  if (a.length * b.length > MAX_STRINGS) return null;
  return a.flatMap((x) => b.map((y) => x + y));
}

/** The shortest of a list's strings: a candidate with longer ones skips more texts. */
const shortest = (strings: string[]) => Math.min(...strings.map((s) => s.length));

/** The better of two candidates: the one whose shortest string is longer, then the shorter list. */
function better(a: string[] | null, b: string[] | null): string[] | null {
  if (!a) return b;
  if (!b) return a;
  const d = shortest(b) - shortest(a);
  return d > 0 || (d === 0 && b.length < a.length) ? b : a;
}

/**
 * One alternative read left to right: runs of exact parts joined into strings, each run a
 * candidate, as is a group that only holds strings; the best candidate is the answer (null: none).
 * `whole` says whether the alternative is nothing but one run (the strings it matches, exactly).
 */
function sequence(src: string): { strings: string[] | null; whole: boolean } {
  let best: string[] | null = null;
  let run: string[] | null = [''];
  let whole = true;
  const endRun = () => {
    if (run && run.some((s) => s.length > 0)) best = better(best, run);
    run = [''];
  };
  for (let i = 0; i < src.length; ) {
    const c = src[i]!;
    let part: Part | null = null;
    let next: number;
    if (c === '(') {
      const end = closing(src, i);
      if (end < 0) return { strings: null, whole: false };
      const inner = src.slice(i + 1, end);
      next = end + 1;
      if (inner.startsWith('?=') || inner.startsWith('?!') || inner.startsWith('?<=') || inner.startsWith('?<!')) part = null;
      else {
        const body = inner.startsWith('?:') ? inner.slice(2) : inner.startsWith('?<') ? inner.slice(inner.indexOf('>') + 1) : inner;
        const read = group(body);
        part = read && { strings: read.strings, exact: read.exact };
      }
    } else if (c === '[') {
      const end = closing(src, i);
      if (end < 0) return { strings: null, whole: false };
      next = end + 1;
      const chars = classChars(src.slice(i + 1, end));
      part = chars && { strings: chars, exact: true };
    } else if (c === '\\') {
      const e = escaped(src[i + 1] ?? 'a');
      next = i + 2;
      part = e === null ? null : { strings: [e.toLowerCase()], exact: true };
    } else if ('.^$'.includes(c)) {
      next = i + 1;
      part = null;
    } else if ('*+?{})]|'.includes(c)) {
      // A quantifier with nothing before it, or a sign out of place: not the plain subset.
      return { strings: null, whole: false };
    } else {
      next = i + 1;
      part = { strings: [c.toLowerCase()], exact: true };
    }
    const q = quantifier(src, next);
    if (q) next += q.length;
    i = next;
    if (!part || (q && q.min === 0)) {
      // Not a string, or maybe absent: the run ends here.
      whole = false;
      endRun();
      continue;
    }
    if (!part.exact) {
      whole = false;
      endRun();
      best = better(best, part.strings);
      continue;
    }
    const joined: string[] | null = run && product(run, part.strings);
    if (!joined) {
      whole = false;
      endRun();
      run = part.strings;
    } else run = joined;
    if (q) {
      // Repeated: its strings end this run (what follows the repeats is not next to one of them).
      whole = false;
      endRun();
    }
  }
  endRun();
  return { strings: best, whole: whole && best !== null };
}

/** A group's body: the strings one of which it holds, and whether it matches exactly those. */
function group(src: string): Part | null {
  const read = alternatives(src).map(sequence);
  if (read.some((r) => !r.strings)) return null;
  const strings = [...new Set(read.flatMap((r) => r.strings!))];
  return strings.length > MAX_STRINGS ? null : { strings, exact: read.every((r) => r.whole) };
}

/**
 * Lower-case strings one of which every text `pattern` matches holds, case aside; null when the
 * source is beyond the plain subset or some alternative has no fixed string (the pattern must then
 * be run on every text).
 */
export function needleLiterals(pattern: RegExp): string[] | null {
  const read = group(pattern.source);
  return read && read.strings.every((s) => s.length > 0) ? read.strings : null;
}
