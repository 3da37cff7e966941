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
export const TERMINAL_ESCAPE = new RegExp(String.raw`\x1b(?:${CSI_OR_OSC}|[@-Z\\\]^_])|\\(?:u001[bB]|x1[bB]|033|e)${CSI_OR_OSC}`, 'y');
/**
 * A percent-encoded character (a URL's query, a form body, a `curl --data-urlencode`), encoded once
 * or more (`%3A`, `%253A`: a URL put in another URL's query).
 */
const PERCENT = /%(?:25){0,8}([0-9A-Fa-f]{2})/y;
/**
 * A diff's added or removed line (`+ghp_…`, `-postgres://…`, `------BEGIN…` of a key file deleted):
 * its mark sits where a rule looks for a token's start (`-` may be part of a token). Not a
 * list's item (`- x`), a file's header (`--- a/x`, `+++ b/x`) nor a PEM line (`-----BEGIN`).
 */
const DIFF_MARK = /^(?:-(?!-- |--$|\s|----[^-])|\+(?!\+\+ |\s))/;
export const ESCAPED_ESC = /\\(?:u001[bB]|x1[bB]|033|e)[[\]]/;
const PERCENT_ANY = /%[0-9A-Fa-f]{2}/;
/** A quote escaped twice or more: a `.env` line inside JSON within JSON (`KEY=\\\"…\\\"`). */
const DEEP_QUOTE = /\\\\+"/;

/**
 * Whether a run of `n` backslashes before an `n` is a shell's line continuation escaped as JSON
 * strings escape it, once or more: once, the backslash and the line break are `\\` and `\n`, three
 * backslashes and an `n` (a continuation in a Codex call's arguments, rendered as JSON: `T=xoxb-…\\\n…`);
 * twice, six. A run of 2k+1 is k backslashes and a line break, a continuation when k is odd; each
 * escaping more doubles the run.
 */
export function escapedContinuation(n: number): boolean {
  while (n > 0 && n % 2 === 0) n /= 2;
  return n % 4 === 3;
}

/** Whether `text` may hold a line continuation, as it is or escaped (three backslashes or more and an `n`). */
export const mayContinue = (text: string) => text.includes('\\\n') || text.includes('\\\\\\n');

/**
 * The character a run of percent-encoded bytes at `i` stands for, and where the run ends: printable
 * ASCII, a tab or a line break, or one UTF-8 character of two to four bytes (`%C3%BC`). Null for
 * anything else (a control byte, a lone or broken UTF-8 byte).
 */
function percentAt(text: string, i: number): { ch: string; end: number } | null {
  PERCENT.lastIndex = i;
  const first = PERCENT.exec(text);
  if (!first) return null;
  const code = parseInt(first[1]!, 16);
  if (code === 9 || code === 10 || code === 13 || (code >= 0x20 && code < 0x7f)) return { ch: String.fromCharCode(code), end: PERCENT.lastIndex };
  const more = code >= 0xc2 && code <= 0xdf ? 1 : code >= 0xe0 && code <= 0xef ? 2 : code >= 0xf0 && code <= 0xf4 ? 3 : -1;
  if (more < 0) return null;
  const bytes = [code];
  let end = PERCENT.lastIndex;
  for (let k = 0; k < more; k++) {
    PERCENT.lastIndex = end;
    const next = PERCENT.exec(text);
    const b = next ? parseInt(next[1]!, 16) : -1;
    if (b < 0x80 || b > 0xbf) return null;
    bytes.push(b);
    end = PERCENT.lastIndex;
  }
  const ch = new TextDecoder().decode(Uint8Array.from(bytes));
  return ch.includes('\ufffd') ? null : { ch, end };
}

/**
 * Whether `text` holds a terminal escape, a percent-encoded character or a diff's line: `indexOf`
 * first (a pattern of the three tried at every character cost a primer built anew +1.3 M
 * instructions over its sessions' text), a pattern only where its character is.
 */
function mayNeedView(text: string): boolean {
  if (text.includes('\x1b')) return true;
  if (mayContinue(text)) return true;
  if (text.includes('\\') && ESCAPED_ESC.test(text)) return true;
  if (text.includes('%') && PERCENT_ANY.test(text)) return true;
  if (text.includes('\\\\"') && DEEP_QUOTE.test(text)) return true;
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
  let continued = false; // the line before ended in a line continuation
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    const line = text.slice(lineStart, lineEnd);
    // A shell's line continuation (an odd run of backslashes before the line break): the line and
    // the next are one as the shell reads them, a secret split there is one (`export T=ghp_ab\` then `cd…`).
    let b = lineEnd;
    while (b > lineStart && text.charCodeAt(b - 1) === 0x5c) b--;
    const continues = nl !== -1 && (lineEnd - b) % 2 === 1;
    if (continued || continues || mayNeedView(line)) {
      const stop = continues ? lineEnd - 1 : lineEnd;
      let run = lineStart + (!continued && DIFF_MARK.test(line) ? 1 : 0);
      for (let i = run; i < stop; ) {
        const c = text.charCodeAt(i);
        if (c === 0x1b || c === 0x5c) {
          // A run of backslashes is passed whole (linear on a megabyte of them): before a quote it is
          // a quote escaped once or more (`\"`, `\\\"`: JSON within JSON) and reads as one; before
          // an escaped terminal escape (`\\u001b[31m`) it goes with the escape.
          let k = i;
          while (k < stop && text.charCodeAt(k) === 0x5c) k++;
          if (k > i && k < stop && text.charCodeAt(k) === 0x22) {
            copy(run, i);
            put('"', i, k + 1);
            i = run = k + 1;
            continue;
          }
          // A line continuation in JSON's escapes (a call's arguments rendered as JSON): the two
          // halves of what it splits are one, as the shell reads them once unescaped.
          if (k < stop && text.charCodeAt(k) === 0x6e && escapedContinuation(k - i)) {
            copy(run, i);
            i = run = k + 1;
            continue;
          }
          const at = k > i ? k - 1 : i;
          TERMINAL_ESCAPE.lastIndex = at;
          const esc = TERMINAL_ESCAPE.exec(text);
          if (esc && at + esc[0].length <= stop) {
            copy(run, i);
            const end = at + esc[0].length;
            if (word(last) && end < stop && word(text.charCodeAt(end))) put(' ', i, end);
            i = run = end;
            continue;
          }
          if (k > i) {
            i = k;
            continue;
          }
        } else if (c === 0x25) {
          const pct = percentAt(text, i);
          if (pct && pct.end <= stop) {
            copy(run, i);
            for (const ch of pct.ch.split('')) put(ch, i, pct.end);
            i = run = pct.end;
            continue;
          }
        }
        i++;
      }
      copy(run, stop);
      if (!continues) put('\n', lineEnd, Math.min(lineEnd + 1, text.length));
    }
    continued = continues;
    if (nl === -1) break;
    lineStart = nl + 1;
  }
  return { view: parts.join(''), from, to };
}


/** A shell's line continuation: an odd run of backslashes before a line break (the pairs before it kept). */
const CONTINUATION = /(?<!\\)((?:\\\\)*)\\\r?\n/g;

/**
 * `text` on one line as it reads: a shell's line continuation joined (its backslash and line break
 * left out, as the shell reads it), every other run of blanks one space. For text flattened before
 * the secret rules see it (a compaction's Files list, its must-keep items): a space where the
 * continuation stood split a secret in two there, and the rules took its first half alone (stop 52:
 * a path `…\nexport API_TOKEN=rk_live_…\\\n…` left its second half in SessionStart(compact)).
 */
export const flatAsRead = (text: string) => joinContinued(text).replace(/\s+/g, ' ');

/** `text` with each shell's line continuation left out (its backslash and line break), its lines as the shell reads them. */
export const joinContinued = (text: string) => (text.includes('\\\n') || text.includes('\\\r\n') ? text.replace(CONTINUATION, '$1') : text);
