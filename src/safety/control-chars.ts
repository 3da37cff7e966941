/**
 * Control characters (Unicode category Cc: C0, DEL, C1) other than tab and newline. One NUL makes
 * git treat a file as binary, so every later diff of TASKS.md or a session would be hidden; a NUL
 * in the request makes `git commit-tree` fail after the files were written; escape sequences
 * repaint the terminal of whoever reads the file. A carriage return is accepted only as part of a
 * CRLF line ending (text pasted from Windows).
 */
const CONTROL = /(?!\r\n)[\p{Cc}](?<![\t\n])/gu;

/** Where a control character sits: 1-based line and column, and its code point as `U+0000`. */
export interface ControlChar {
  line: number;
  column: number;
  codePoint: string;
}

const name = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Every control character in the text but tab, newline and the CR of a CRLF. */
export function findControlChars(text: string): ControlChar[] {
  const found: ControlChar[] = [];
  let line = 1;
  let lineStart = 0;
  let counted = 0;
  for (const m of text.matchAll(CONTROL)) {
    // Count newlines incrementally: matches arrive in order, so the pass stays linear.
    for (; counted < m.index; counted++) {
      if (text.charCodeAt(counted) === 10) {
        line++;
        lineStart = counted + 1;
      }
    }
    found.push({ line, column: m.index - lineStart + 1, codePoint: name(m[0]) });
  }
  return found;
}

/** The problem line for input validation (`request: contains control character U+0000 …`), if any. */
export function controlCharProblems(value: string, at: string): string[] {
  const found = findControlChars(value);
  if (!found.length) return [];
  const codes = [...new Set(found.map((f) => f.codePoint))].join(', ');
  return [`${at}: contains control character${found.length > 1 ? 's' : ''} ${codes}; only newline and tab are allowed`];
}

/** The text without the control characters findControlChars reports (for text nobody can fix, as a transcript's). */
export function stripControlChars(text: string): string {
  return text.replace(CONTROL, '');
}
