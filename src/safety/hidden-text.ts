import type { HiddenTextReport } from './types.js';

/**
 * Characters a reader cannot see but a model reads: zero-width spaces and joiners, bidi controls,
 * the BOM, soft hyphens and every other format character (category Cf), plus the whole Unicode
 * tag block (U+E0000–E007F, partly unassigned so not all of it is Cf) used to smuggle
 * instructions. U+200D (ZWJ) goes too, which splits emoji sequences such as 👩‍💻 into their
 * parts: simplicity and safety over emoji fidelity. Variation selectors are visible-neutral and kept.
 */
// Made on first use: creating this Unicode-property regex costs ~0.15 ms, and ASCII text never needs it.
let hidden: RegExp | undefined;
const HIDDEN = () => (hidden ??= /[\p{Cf}\u{E0000}-\u{E007F}]/gu);
const NON_ASCII = /[^\x00-\x7f]/;

function codePointName(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

function report(text: string, strip: boolean): HiddenTextReport {
  // Every hidden character is outside ASCII: most memory text is answered by one plain test,
  // without the Unicode-property regex (the primer strips every line it shows, at every session start).
  if (!NON_ASCII.test(text)) return { text, removed: [], total: 0 };
  const byCodePoint = new Map<string, { codePoint: string; count: number; lines: number[] }>();
  let total = 0;
  let line = 1;
  let counted = 0;
  const stripped = text.replace(HIDDEN(), (ch, offset: number) => {
    // Count newlines incrementally: matches arrive in order, so the whole pass stays linear.
    for (; counted < offset; counted++) if (text.charCodeAt(counted) === 10) line++;
    const name = codePointName(ch);
    let entry = byCodePoint.get(name);
    if (!entry) byCodePoint.set(name, (entry = { codePoint: name, count: 0, lines: [] }));
    entry.count++;
    if (entry.lines[entry.lines.length - 1] !== line) entry.lines.push(line);
    total++;
    return '';
  });
  return { text: strip ? stripped : text, removed: [...byCodePoint.values()], total };
}

/** Remove invisible and direction-changing characters; report each code point's count and 1-based lines. */
export function stripHiddenText(text: string): HiddenTextReport {
  return report(text, true);
}

/** The same report as stripHiddenText, with the text left unchanged (for `lint`). */
export function findHiddenText(text: string): HiddenTextReport {
  return report(text, false);
}

const MAX_LINES_SHOWN = 5;

function describeLines(lines: readonly number[]): string {
  const shown = lines.slice(0, MAX_LINES_SHOWN).join(', ');
  const more = lines.length > MAX_LINES_SHOWN ? ` and ${lines.length - MAX_LINES_SHOWN} more` : '';
  return `${lines.length === 1 ? 'line' : 'lines'} ${shown}${more}`;
}

/**
 * One line for a warning, e.g. "removed 3 invisible characters (U+200B ×2 on line 4, U+202E ×1
 * on line 9)". Pass verb "found" for reports that did not change the text. Empty when nothing was found.
 */
export function describeHidden(report: HiddenTextReport, verb: 'removed' | 'found' = 'removed'): string {
  if (report.total === 0) return '';
  const parts = report.removed.map((r) => `${r.codePoint} ×${r.count} on ${describeLines(r.lines)}`);
  const noun = report.total === 1 ? 'invisible character' : 'invisible characters';
  return `${verb} ${report.total} ${noun} (${parts.join(', ')})`;
}
