/**
 * The `Related files:` line of TASKS.md: entries joined by `, `. An entry that holds a comma or a
 * backtick is written as a markdown code span (`` `a,b.ts` ``), so it reads back as one entry;
 * plain entries stay plain, so files written before read as they always did.
 */

/** A code span around `entry`, with a fence longer than any backtick run inside it. */
function codeSpan(entry: string): string {
  const longest = Math.max(0, ...(entry.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  // Markdown strips one space on each side of a span's content, so a backtick at an edge is padded.
  const pad = entry.startsWith('`') || entry.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${entry}${pad}${fence}`;
}

export function formatRelatedFiles(files: readonly string[]): string {
  return files.map((f) => (/[,`]/.test(f) ? codeSpan(f) : f)).join(', ');
}

/** Reads what formatRelatedFiles wrote (and hand-written lists: plain entries split on commas). */
export function parseRelatedFiles(value: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (value[i] === ' ' || value[i] === ',') i++;
    if (i >= value.length) break;
    const fence = /^`+/.exec(value.slice(i))?.[0];
    const close = fence ? findFence(value, i + fence.length, fence.length) : -1;
    if (fence && close >= 0) {
      let inner = value.slice(i + fence.length, close);
      if (inner.length > 2 && inner.startsWith(' ') && inner.endsWith(' ')) inner = inner.slice(1, -1);
      out.push(inner);
      i = close + fence.length;
      continue;
    }
    const comma = value.indexOf(',', i);
    const end = comma < 0 ? value.length : comma;
    const entry = value.slice(i, end).trim();
    if (entry) out.push(entry);
    i = end;
  }
  return out;
}

/** Where a run of exactly `n` backticks starts at or after `from`; -1 when there is none. */
function findFence(value: string, from: number, n: number): number {
  const re = /`+/g;
  re.lastIndex = from;
  for (let m = re.exec(value); m; m = re.exec(value)) if (m[0].length === n) return m.index;
  return -1;
}
