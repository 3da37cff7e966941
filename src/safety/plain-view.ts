// What a reader sees of a line a tool printed, a form encoded or a diff shows, for the secret rules:
// terminal escapes and a diff line's mark left out, percent-encoded characters decoded. scan.ts scans such lines again as read;
// quick-redact.ts redacts them as read. Its own file: quick-redact.ts runs at every session start
// and must not load the scanner.

/**
 * A terminal's escape sequence, as the bytes a tool printed or as a transcript's JSON or a shell
 * writes it (`\u001b[32m`, `\x1b[0m`, `\033[1m`, `\e[0m`): a colour code (CSI) or a title or
 * link (OSC). Its last letter (`m`) sits against the text it colours, where a rule looks for a
 * token's start: `\x1b[32mghp_…` hid every token kind that needs one (issue 26's rerun, stop 51).
 */
const CSI_OR_OSC = String.raw`(?:\[[0-?]{0,32}[ -/]{0,4}[@-~]|\][^\x07\x1b\n]{0,512}?(?:\x07|\x1b\\|\\(?:u0007|x07|a)))`;
const TERMINAL_ESCAPE = new RegExp(String.raw`\x1b(?:${CSI_OR_OSC}|[@-Z\\\]^_])|\\(?:u001[bB]|x1[bB]|033|e)${CSI_OR_OSC}`, 'y');
/** A percent-encoded character (a URL's query, a form body, a `curl --data-urlencode`). */
const PERCENT = /%([0-9A-Fa-f]{2})/y;
/**
 * A diff's added or removed line (`+ghp_…`, `-postgres://…`, `------BEGIN…` of a key file deleted):
 * its mark sits where a rule looks for a token's start (`-` may be part of a token). Not a
 * list's item (`- x`), a file's header (`--- a/x`, `+++ b/x`) nor a PEM line (`-----BEGIN`).
 */
const DIFF_MARK = /^(?:-(?!-- |--$|\s|----[^-])|\+(?!\+\+ |\s))/;
const ESCAPED_ESC = /\\(?:u001[bB]|x1[bB]|033|e)[[\]]/;
const PERCENT_ANY = /%[0-9A-Fa-f]{2}/;

/**
 * Whether `text` holds a terminal escape, a percent-encoded character or a diff's line: `indexOf`
 * first (a pattern of the three tried at every character cost a primer built anew +1.3 M
 * instructions over its sessions' text), a pattern only where its character is.
 */
function mayNeedView(text: string): boolean {
  if (text.includes('\x1b')) return true;
  if (text.includes('\\') && ESCAPED_ESC.test(text)) return true;
  if (text.includes('%') && PERCENT_ANY.test(text)) return true;
  for (const mark of ['-', '+']) {
    for (let at = text.startsWith(mark) ? 0 : text.indexOf(`\n${mark}`); at !== -1; at = text.indexOf(`\n${mark}`, at + 1)) {
      const start = text[at] === '\n' ? at + 1 : at;
      const nl = text.indexOf('\n', start);
      if (DIFF_MARK.test(text.slice(start, Math.min(nl === -1 ? text.length : nl, start + 8)))) return true;
    }
  }
  return false;
}

/**
 * The lines of `text` that hold a terminal escape or a percent-encoded character, or are a diff's
 * added or removed line, as a reader sees them: escapes and the diff's mark left out (a blank where they stood between two word characters), printable ASCII
 * and line breaks decoded (`%3A` → `:`, `%0A` → a new line). `from`/`to` map each character of the
 * view back to its span in `text`. Null when no line needs it.
 */
export function plainView(text: string): { view: string; from: Int32Array; to: Int32Array } | null {
  if (!mayNeedView(text)) return null;
  // Runs of plain characters are copied whole; a view is never longer than its text and a line
  // break more (each of its characters stands for one or more of the text's).
  const parts: string[] = [];
  const from = new Int32Array(text.length + 1);
  const to = new Int32Array(text.length + 1);
  let n = 0; // characters of the view so far
  let last = -1; // the view's last character, as a code
  const copy = (start: number, end: number) => {
    if (end <= start) return;
    parts.push(text.slice(start, end));
    for (let k = start; k < end; k++, n++) {
      from[n] = k;
      to[n] = k + 1;
    }
    last = text.charCodeAt(end - 1);
  };
  const put = (ch: string, start: number, end: number) => {
    parts.push(ch);
    from[n] = start;
    to[n++] = end;
    last = ch.charCodeAt(0);
  };
  const word = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    const line = text.slice(lineStart, lineEnd);
    if (mayNeedView(line)) {
      let run = lineStart + (DIFF_MARK.test(line) ? 1 : 0);
      for (let i = run; i < lineEnd; ) {
        const c = text.charCodeAt(i);
        if (c === 0x1b || c === 0x5c) {
          TERMINAL_ESCAPE.lastIndex = i;
          const esc = TERMINAL_ESCAPE.exec(text);
          if (esc && i + esc[0].length <= lineEnd) {
            copy(run, i);
            const end = i + esc[0].length;
            if (word(last) && end < lineEnd && word(text.charCodeAt(end))) put(' ', i, end);
            i = run = end;
            continue;
          }
        } else if (c === 0x25) {
          PERCENT.lastIndex = i;
          const pct = PERCENT.exec(text);
          const code = pct ? parseInt(pct[1]!, 16) : -1;
          if (code === 9 || code === 10 || code === 13 || (code >= 0x20 && code < 0x7f)) {
            copy(run, i);
            put(String.fromCharCode(code), i, i + 3);
            i = run = i + 3;
            continue;
          }
        }
        i++;
      }
      copy(run, lineEnd);
      put('\n', lineEnd, Math.min(lineEnd + 1, text.length));
    }
    if (nl === -1) break;
    lineStart = nl + 1;
  }
  return { view: parts.join(''), from, to };
}

