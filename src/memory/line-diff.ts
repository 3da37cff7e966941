/** One line of a line diff: kept (' '), removed ('-') or added ('+'). */
export interface DiffLine {
  op: ' ' | '-' | '+';
  line: string;
}

/**
 * Line diff by longest common subsequence. Meant for short texts such as two primers (a few hundred
 * lines at most): quadratic, simple, and deterministic. Pure.
 */
export function diffLines(a: readonly string[], b: readonly string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: length of the LCS of a[i..] and b[j..].
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: ' ', line: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ op: '-', line: a[i++]! });
    else out.push({ op: '+', line: b[j++]! });
  }
  while (i < n) out.push({ op: '-', line: a[i++]! });
  while (j < m) out.push({ op: '+', line: b[j++]! });
  return out;
}
