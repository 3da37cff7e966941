/** Edit distance between two short words (commands, keys, flags: a few letters; no need for more). */
export function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The known names close to `name`: within a third of their length in edits (one at least), or one
 * starts with the other (`next_step` → `next_steps`, `learn` → `learned`); `also` maps common
 * synonyms to the name meant (`learnings` → `learned`). Closest first.
 */
export function closest(name: string, known: readonly string[], also: Readonly<Record<string, string>> = {}): string[] {
  const n = name.toLowerCase();
  const meant = also[n];
  if (meant !== undefined && known.includes(meant)) return [meant];
  return known
    .map((k) => ({ k, d: distance(n, k) }))
    .filter(({ k, d }) => d <= Math.max(1, Math.floor(k.length / 3)) || (n.length >= 4 && (k.startsWith(n) || n.startsWith(k))))
    .sort((a, b) => a.d - b.d)
    .map(({ k }) => k);
}
