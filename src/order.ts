/**
 * Code-unit order for ISO dates, times, ids and paths. `localeCompare` would pull in the Unicode
 * collation tables on first use (~10 ms at every session start) and sorts these no better.
 */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
