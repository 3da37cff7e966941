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
/** A line that holds any of them. */
const MAY_NEED_VIEW = /\x1b|\\(?:u001[bB]|x1[bB]|033|e)[[\]]|%[0-9A-Fa-f]{2}|^(?:-(?!-- |--$|\s|----[^-])|\+(?!\+\+ |\s))/m;
const WORD = /[A-Za-z0-9_]/;

/**
 * The lines of `text` that hold a terminal escape or a percent-encoded character, or are a diff's
 * added or removed line, as a reader sees them: escapes and the diff's mark left out (a blank where they stood between two word characters), printable ASCII
 * and line breaks decoded (`%3A` → `:`, `%0A` → a new line). `from`/`to` map each character of the
 * view back to its span in `text`. Null when no line needs it.
 */
export function plainView(text: string): { view: string; from: number[]; to: number[] } | null {
  if (!MAY_NEED_VIEW.test(text)) return null;
  let view = '';
  const from: number[] = [];
  const to: number[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    const line = text.slice(lineStart, lineEnd);
    if (MAY_NEED_VIEW.test(line)) {
      for (let i = lineStart + (DIFF_MARK.test(line) ? 1 : 0); i < lineEnd; ) {
        TERMINAL_ESCAPE.lastIndex = i;
        const esc = TERMINAL_ESCAPE.exec(text);
        if (esc && esc.index + esc[0].length <= lineEnd) {
          const end = i + esc[0].length;
          if (view.length && WORD.test(view[view.length - 1]!) && end < lineEnd && WORD.test(text[end]!)) {
            view += ' ';
            from.push(i);
            to.push(end);
          }
          i = end;
          continue;
        }
        PERCENT.lastIndex = i;
        const pct = PERCENT.exec(text);
        const code = pct ? parseInt(pct[1]!, 16) : -1;
        if (pct && (code === 9 || code === 10 || code === 13 || (code >= 0x20 && code < 0x7f))) {
          view += String.fromCharCode(code);
          from.push(i);
          to.push(i + 3);
          i += 3;
          continue;
        }
        view += text[i];
        from.push(i);
        to.push(i + 1);
        i++;
      }
      view += '\n';
      from.push(lineEnd);
      to.push(Math.min(lineEnd + 1, text.length));
    }
    if (nl === -1) break;
    lineStart = nl + 1;
  }
  return { view, from, to };
}

