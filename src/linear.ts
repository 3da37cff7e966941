// Text helpers that take time in proportion to their input where the obvious pattern does not.
// A pattern such as /[.,]+$/, /\s*<[^>]*>$/ or /<a>([\s\S]*?)<\/a>/g is tried again from every
// position it could start at, so a long run of the repeated character (a line of 50k tabs in a
// teammate's committed file, a tool's output in a transcript) costs seconds to minutes: quadratic.
// Each helper here says which pattern it stands for; found with a ReDoS checker over every pattern
// in src/ and measured against the old pattern in test/robust/hostile-patterns.test.ts.

/** `text` without the characters of `chars` at its end: `text.replace(/[chars]+$/, '')`. */
export function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return end === text.length ? text : text.slice(0, end);
}

/**
 * "Jane Doe" of "Jane Doe <jane@example.com>": a last `<…>` at the very end (no `>` inside) cut off
 * with the blanks before it: `text.replace(/\s*<[^>]*>$/, '')`.
 */
export function withoutEmail(text: string): string {
  if (!text.endsWith('>')) return text;
  const before = text.lastIndexOf('>', text.length - 2);
  const open = text.indexOf('<', before + 1);
  if (open < 0 || open >= text.length - 1) return text;
  return text.slice(0, open).trimEnd();
}

/**
 * What stands between the first `open` and the first `close` after it, or undefined:
 * `/open([\s\S]*?)close/.exec(text)?.[1]` (which searches on from every later `open` when no
 * `close` follows).
 */
export function between(text: string, open: string, close: string, from = 0): string | undefined {
  const start = text.indexOf(open, from);
  if (start < 0) return undefined;
  const end = text.indexOf(close, start + open.length);
  return end < 0 ? undefined : text.slice(start + open.length, end);
}

/**
 * The bodies of every `<tag>…</tag>` for the tags named, in order, each tag closed by its own:
 * `[...text.matchAll(/<(a|b)>([\s\S]*?)<\/\1>/g)]` as [tag, body] pairs.
 */
export function tagBodies(text: string, tags: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const next = new Map(tags.map((t) => [t, -1]));
  let at = 0;
  for (;;) {
    let tag: string | undefined;
    let start = -1;
    for (const [t, i] of next) {
      let found = i;
      if (found < at) {
        const j = text.indexOf(`<${t}>`, at);
        found = j < 0 ? Number.POSITIVE_INFINITY : j;
        next.set(t, found);
      }
      if (found !== Number.POSITIVE_INFINITY && (start < 0 || found < start)) [tag, start] = [t, found];
    }
    if (tag === undefined) return out;
    const body = start + tag.length + 2;
    const end = text.indexOf(`</${tag}>`, body);
    // No close after this one: none after any later one either.
    if (end < 0) next.delete(tag);
    else {
      out.push([tag, text.slice(body, end)]);
      at = end + tag.length + 3;
    }
  }
}

/**
 * The first span from `begin` to the first `end` after it, with `\n` before and after taken in
 * where `around` says: `/\n?begin[\s\S]*?end\n?/.exec(text)` as [start, stop), or null.
 */
export function spanOf(text: string, begin: string, end: string, around: { before?: boolean; after?: boolean } = {}): [number, number] | null {
  let start = text.indexOf(begin);
  if (start < 0) return null;
  const close = text.indexOf(end, start + begin.length);
  if (close < 0) return null;
  let stop = close + end.length;
  if (around.before && text[start - 1] === '\n') start--;
  if (around.after && text[stop] === '\n') stop++;
  return [start, stop];
}

/** The line before an HTML comment that starts in it, blanks before the comment cut: `line.replace(/\s*<!--.*$/, '')`. */
export function beforeComment(line: string): string {
  const at = line.indexOf('<!--');
  return at < 0 ? line : line.slice(0, at).trimEnd();
}
