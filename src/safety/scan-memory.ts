import { findHiddenText, stripHiddenText } from './hidden-text.js';
import { scanText } from './scan.js';
import type { Finding } from './types.js';

const isHidden = (ch: string) => findHiddenText(ch).total > 0;

/** The 1-based column in `line` of the character at 1-based `column` once hidden characters are gone. */
function originalColumn(line: string, column: number): number {
  let visible = 0;
  let i = 0;
  const width = (at: number) => (line.codePointAt(at)! > 0xffff ? 2 : 1);
  const hiddenAt = (at: number) => isHidden(String.fromCodePoint(line.codePointAt(at)!));
  for (; i < line.length && visible < column - 1; i += width(i)) if (!hiddenAt(i)) visible += width(i);
  while (i < line.length && hiddenAt(i)) i += width(i);
  return i + 1;
}

/**
 * Scans a memory file as it was committed, which may not be as git-memory wrote it: invisible
 * characters are removed first, so a key split by a zero-width space is still found (what a model
 * reads), and lines and columns are given in the file as it is (`start`/`end` stay offsets in the
 * text without them). Values are masked as by scanText.
 */
export async function scanMemoryText(text: string, allowlist: readonly string[]): Promise<Finding[]> {
  const hidden = stripHiddenText(text);
  const findings = await scanText(hidden.text, { allowlist });
  if (!hidden.total || !findings.length) return findings;
  const lines = text.split('\n');
  // Hidden characters are never newlines, so line numbers hold; only columns move.
  return findings.map((f) => ({ ...f, column: originalColumn(lines[f.line - 1] ?? '', f.column) }));
}
