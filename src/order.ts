/**
 * Code-unit order for ISO dates, times, ids and paths. `localeCompare` would pull in the Unicode
 * collation tables on first use (~10 ms at every session start) and sorts these no better.
 */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The index of the last of `starts` (ascending) at or before `at`, 0 when none is: the line (or the
 * chunk) that holds offset `at`, by the offsets where each starts. Binary search.
 */
export function startIndexOf(starts: readonly number[], at: number): number {
  let lo = 0;
  for (let hi = starts.length - 1; lo < hi; ) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
