// The last check on text leaving the machine for a model (src/llm/ calls it on the request as it is
// sent, after every rendering). Rendering for a model flattens and cuts text — a tool result's lines
// joined with spaces and cut at 300 characters, a call's input as JSON with `\n` escapes and cut
// values, a streamed reply in two records — and a secret rule written for whole secrets misses what
// is left of one: a private key's header and body without its END line went out (issue 26). So the
// scanner runs on the text as sent, and then two passes for what rendering does to secrets.
import { looksRandom } from './rules.js';
import { redactText, scanText } from './scan.js';
import type { Finding } from './types.js';

/**
 * A private key's header and what follows it that can be key material, with or without its END
 * line: newlines turned to spaces or `\n` escapes, and a cut (`…`) included. Key material never holds
 * `-----`, so the body ends at the END line or at the first character a key cannot contain.
 */
const KEY_REST = /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=\s\\:,…]|-(?!----)|\[REDACTED:private-key\]){0,20000}(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)?/g;

/**
 * A key's line already redacted (the primer's per-line pass redacts a body's first line, `MIIE…`)
 * and the lines after it that can be the rest of that key: base64 of 8+ characters with a digit, `+`
 * or `/` (not a word of the prose after it), or any run a renderer cut (`…`), and other redacted lines.
 * A tool result cut at its 300th character leaves a key's last line too short to be a random blob.
 */
const KEY_LINES_AFTER = /\[REDACTED:private-key\](?:(?:\s|\\[nr]){1,6}(?:\[REDACTED:(?:private-key|random-blob)\]|(?=[A-Za-z=]{0,100}[0-9+/]|[A-Za-z0-9+/=]{1,100}…)[A-Za-z0-9+/=]{8,100}…?)){1,400}/g;

/** Where a rendered transcript starts a new entry: `\n[assistant] `, `\n[tool result] `, `\n[sub-agent tool call] `. */
const ENTRY = /\n\[([a-z][a-z -]{1,38})\] /g;

export interface Outgoing {
  text: string;
  /** Secrets replaced. */
  redacted: number;
}

const KEY_CHAR = /[A-Za-z0-9+/=\s\\:,…-]/;
const KEY_END = /-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;

/**
 * Replaces every private key header and the key material after it, END line or not, the lines of
 * key material after a line already redacted as a key, and every END line with the key material
 * before it (the second half of a key cut in two).
 */
function redactKeyRests(text: string): Outgoing {
  let redacted = 0;
  let out = text.replace(KEY_REST, (m) => {
    redacted++;
    return `[REDACTED:private-key]${m.slice(m.trimEnd().length)}`; // the line break after the key stays
  });
  out = out.replace(KEY_LINES_AFTER, () => {
    redacted++;
    return '[REDACTED:private-key]';
  });
  // Backwards from each END line over what can be key material (never `-----`), up to 20,000 characters.
  const spans: [number, number][] = [];
  for (const m of out.matchAll(KEY_END)) {
    let start = m.index;
    while (start > 0 && m.index - start < 20000 && KEY_CHAR.test(out[start - 1]!) && !out.startsWith('-----', start - 5)) start--;
    while (start < m.index && /\s/.test(out[start]!)) start++; // the space before the key stays
    spans.push([start, m.index + m[0].length]);
  }
  for (const [s, e] of spans.reverse()) {
    redacted++;
    out = `${out.slice(0, s)}[REDACTED:private-key]${out.slice(e)}`;
  }
  return { text: out, redacted };
}

/** Labels of entries a reply is streamed into: a Claude Code reply's text blocks come as records of their own. */
const STREAMED = new Set(['assistant', 'sub-agent assistant']);
/** How much of each entry beside a boundary is joined: more than the longest secret a rule takes whole but a key. */
const JOIN_SPAN = 2100;

/**
 * Secrets split across two consecutive reply entries (a reply streamed in two records): each such
 * pair is joined without its `\n[label] ` boundary, scanned, and a finding that spans the join is
 * redacted in the text as sent, the boundary with it; so is what runs on from a secret the renderer
 * had already redacted in the first record. Pairs, not runs: a token that ends one entry
 * must not run on into the next.
 */
async function redactAcrossEntries(text: string, allowlist: readonly string[]): Promise<Outgoing> {
  const entries = [...text.matchAll(ENTRY)];
  const spans: Finding[] = [];
  let label = /^\[([a-z][a-z -]{1,38})\] /.exec(text)?.[1] ?? null;
  let prevStart = 0; // where the previous entry's text begins
  for (let i = 0; i < entries.length; i++) {
    const m = entries[i]!;
    const cutStart = m.index;
    const cutEnd = m.index + m[0].length;
    const nextEnd = i + 1 < entries.length ? entries[i + 1]!.index : text.length;
    if (m[1] === label && STREAMED.has(label)) {
      const from = Math.max(prevStart, cutStart - JOIN_SPAN);
      const to = Math.min(nextEnd, cutEnd + JOIN_SPAN);
      const left = text.slice(from, cutStart);
      const joined = left + text.slice(cutEnd, to);
      // The first half was already redacted when the transcript was rendered: what runs on from it
      // at the start of the next record is the rest of that secret.
      const rest = /\[REDACTED:[a-z0-9/-]+\]$/.test(left) ? /^[^\s[\]<>"'`]{4,}/.exec(text.slice(cutEnd, to)) : null;
      if (rest) spans.push({ ruleId: 'split-secret', message: 'the rest of a redacted secret', line: 0, column: 0, masked: '****', start: cutStart, end: cutEnd + rest[0].length });
      // And the other way round: the second record's part was redacted alone (a key with no name,
      // bare-random-key, read as one), so the joined text holds no whole secret for its rule; what the
      // first record ends with, run into that marker, is the secret's first part.
      const head = /^\[REDACTED:[a-z0-9/-]+\]/.test(text.slice(cutEnd, to)) ? /[^\s[\]<>"'`]{8,}$/.exec(left) : null;
      if (head) spans.push({ ruleId: 'split-secret', message: 'the start of a redacted secret', line: 0, column: 0, masked: '****', start: cutStart - head[0].length, end: cutEnd });
      for (const f of await scanText(joined, { allowlist })) {
        if (f.start < left.length && f.end > left.length) {
          spans.push({ ...f, start: from + f.start, end: cutEnd + (f.end - left.length) });
        }
      }
    }
    label = m[1]!;
    prevStart = cutEnd;
  }
  return spans.length ? { text: redactText(text, spans), redacted: spans.length } : { text, redacted: 0 };
}

/** `text` with JSON string escapes (`\\"`, `\\n`, `\\t`, `\\\\`, `\\/`) read, scanned; findings redacted in `text`. */
async function redactUnescaped(text: string, allowlist: readonly string[]): Promise<Outgoing> {
  let view = '';
  const from: number[] = []; // view index → where that character starts in `text`
  const to: number[] = []; // view index → where it ends in `text`
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '\\' && next !== undefined && '"nt\\/'.includes(next)) {
      view += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      from.push(i);
      to.push(i + 2);
      i++;
    } else {
      view += c;
      from.push(i);
      to.push(i + 1);
    }
  }
  const found = await scanText(view, { allowlist });
  if (!found.length) return { text, redacted: 0 };
  return { text: redactText(text, found.map((f) => ({ ...f, start: from[f.start]!, end: to[f.end - 1]! }))), redacted: found.length };
}

/** A run of base64 long enough to be key material (a key's line, a token without its name). */
const BLOB = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/=_-])/g;

/**
 * Random base64 runs of 24 characters or more, mixed case with digits: what is left of a secret
 * when no rule can name it (a key's lines listed one by one, a token cut from its name). Hex (commit
 * ids, hashes) and words are left alone: a model needs those.
 */
function redactBlobs(text: string): Outgoing {
  let redacted = 0;
  const out = text.replace(BLOB, (v) => {
    if (!/[a-z]/.test(v) || !/[A-Z]/.test(v) || !/[0-9]/.test(v) || !looksRandom(v, 4)) return v;
    redacted++;
    return '[REDACTED:random-blob]';
  });
  return { text: out, redacted };
}

/**
 * `text` as it may leave the machine: every secret the scanner knows replaced by
 * `[REDACTED:<rule>]`, including a private key cut before its END line and a secret split across
 * two entries of a rendered transcript. Redacted, never refused: a model call is optional, and a
 * notes update must not stop on a key the user pasted.
 */
export async function redactOutgoing(text: string, allowlist: readonly string[] = []): Promise<Outgoing> {
  // Split secrets first, while both halves are whole; then the text; then what is left of keys.
  const across = await redactAcrossEntries(text, allowlist);
  let out = across.text;
  let redacted = across.redacted;
  // A tool call's input is rendered as JSON: `\"client_secret\": \"…\"` hides the quotes the
  // rules expect. Scanned unescaped, each finding mapped back to the text as sent; first, while a
  // secret is whole: a shell's line continuation in a command (`T=xoxb-…\\\n…`) is one value only
  // unescaped, and the scan as sent took its first half alone (stop 52).
  if (/\\["nt\\/]/.test(out)) {
    const unescaped = await redactUnescaped(out, allowlist);
    out = unescaped.text;
    redacted += unescaped.redacted;
  }
  const found = await scanText(out, { allowlist });
  if (found.length) out = redactText(out, found);
  redacted += found.length;
  const keys = redactKeyRests(out);
  const blobs = redactBlobs(keys.text);
  return { text: blobs.text, redacted: redacted + keys.redacted + blobs.redacted };
}
