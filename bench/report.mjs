// Plain-text output of the bench: aligned tables and the summary of targets.

export const ms = (v) => `${v.toFixed(1)} ms`;
export const ratio = (v) => `${v.toFixed(2)}×`;

/** Prints rows as aligned columns; the first column left-aligned, the others right-aligned. */
export function printTable(headers, rows, out = console.log) {
  const all = [headers, ...rows].map((r) => r.map((c) => String(c ?? '')));
  const widths = headers.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('   ').trimEnd();
  out(`  ${line(all[0])}`);
  out(`  ${widths.map((w) => '-'.repeat(w)).join('   ')}`);
  for (const r of all.slice(1)) out(`  ${line(r)}`);
}

/** Rows for timed results: name, median, p90, runs. */
export function timingRows(results, labels) {
  return Object.entries(labels).map(([key, label]) => {
    const r = results[key];
    return [label, ms(r.median), ms(r.p90), r.n];
  });
}

/**
 * Collects key figures; `target` (optional) is `{ max }`, `{ min }` or `{ equals }`, judged on `value`.
 * Missed targets are printed as MISSED, never turned into a failing exit code.
 */
export class Summary {
  constructor() {
    this.rows = [];
  }

  add(label, shown, value, target, targetText) {
    let verdict = '';
    if (target) verdict = ('max' in target ? value <= target.max : 'min' in target ? value >= target.min : value === target.equals) ? 'met' : 'MISSED';
    this.rows.push([label, shown, targetText ?? '', verdict]);
  }

  note(label, shown) {
    this.rows.push([label, shown, '', '']);
  }

  print(out = console.log) {
    out('\nSummary');
    printTable(['figure', 'value', 'target', 'status'], this.rows, out);
    const missed = this.rows.filter((r) => r[3] === 'MISSED').length;
    out(missed ? `\n  ${missed} target(s) MISSED (see above)` : '\n  every target met');
  }
}
