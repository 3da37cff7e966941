import { readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readBytes, withOpenFile } from '../fs/read-file.js';

/** Bytes read at a time: transcripts grow to hundreds of MB and are never held whole. */
const CHUNK = 1 << 20;
const NEWLINE = 0x0a;

/**
 * A line longer than this is not a record git-memory can use (a huge tool output or image): it is
 * passed over without being held, so a 100 MB line costs no more memory than a short one.
 */
export const MAX_LINE = 8 << 20;
/** Of a line passed over, the bytes kept at each end (its record's ids are there). */
const LONG_KEEP = 64 << 10;

export interface LineScan {
  /** Byte offset just past the last line handed over: where the next read starts. */
  end: number;
  /** The file's size when it was opened. */
  size: number;
  /**
   * The read ended inside a line over the cap, torn (still being written): `end` is past what was
   * read of it, and the next read goes on passing it over (`skipping: true`) rather than reading
   * it again from its start.
   */
  skipping?: boolean;
}

export interface ScanOptions {
  /** The read starts inside a line over the cap (a LineScan's `skipping`): pass over it first. */
  skipping?: boolean;
  /** Lines longer than this many bytes are passed over (default MAX_LINE). */
  maxLine?: number;
  /** Called for a line passed over, with its first and last 64 KB as text and its starting offset (when known). */
  long?: (ends: string, at: number | null) => void;
}

/**
 * Hands every complete line of `path` between byte `from` and `to` (default: the end) to `each`,
 * with its starting byte offset, reading a chunk at a time. A last line without its newline is
 * handed over only when `complete` says it is whole (a JSON record the agent finished writing);
 * otherwise it is torn, still being written, and `end` stops before it for the next read.
 * A line longer than a chunk is gathered across chunks, up to the cap; a longer one is passed
 * over (see ScanOptions). Null when the file cannot be read.
 */
export function scanLines(
  path: string,
  from: number,
  to: number | undefined,
  each: (line: string, at: number) => void,
  complete: (line: string) => boolean = () => false,
  opts: ScanOptions = {},
): LineScan | null {
  const cap = opts.maxLine ?? MAX_LINE;
  return withOpenFile(path, (fd, size) => {
    const stop = Math.min(to ?? size, size);
    let pos = Math.min(from, stop);
    let end = pos;
    const buf = Buffer.allocUnsafe(CHUNK);
    let carry: Buffer[] = [];
    let carried = 0;
    let carryAt = pos;
    // Passing over a line over the cap: its first bytes (when its start was read here) and its last ones.
    let long: { head: Buffer | null; tail: Buffer } | null = opts.skipping ? { head: null, tail: Buffer.alloc(0) } : null;
    // The last LONG_KEEP bytes of `tail` then `piece`, copied out of neither: joining the two whole
    // made a chunk's worth of garbage at every chunk of the line passed over (its RSS grew with the
    // line: +30 MB for 64 MB), where the ends alone are 64 KB.
    const keepTail = (tail: Buffer, piece: Buffer) =>
      piece.length >= LONG_KEEP ? Buffer.from(piece.subarray(piece.length - LONG_KEEP)) : Buffer.concat([tail.subarray(Math.max(0, tail.length - (LONG_KEEP - piece.length))), piece]);
    while (pos < stop) {
      const n = readSync(fd, buf, 0, Math.min(CHUNK, stop - pos), pos);
      if (n <= 0) break;
      let start = 0;
      for (let i = buf.indexOf(NEWLINE, 0); i !== -1 && i < n; i = buf.indexOf(NEWLINE, start)) {
        const piece = buf.subarray(start, i);
        if (long) {
          if (long.head) opts.long?.(`${long.head.toString('utf8')}${keepTail(long.tail, piece).toString('utf8')}`, carryAt);
          else opts.long?.(keepTail(long.tail, piece).toString('utf8'), null);
          long = null;
        } else if (carried + piece.length > cap) {
          const parts = [...carry, piece];
          opts.long?.(`${firstBytes(parts, LONG_KEEP).toString('utf8')}${lastBytes(parts, LONG_KEEP).toString('utf8')}`, carryAt);
        } else {
          const line = carry.length ? Buffer.concat([...carry, piece]).toString('utf8') : piece.toString('utf8');
          each(line, carry.length ? carryAt : pos + start);
        }
        carry = [];
        carried = 0;
        start = i + 1;
        end = pos + start;
        carryAt = end;
      }
      if (start < n) {
        const rest = buf.subarray(start, n);
        if (long) long.tail = keepTail(long.tail, rest);
        else if (carried + rest.length > cap) {
          // Over the cap: keep its ends only (not a copy of its MAX_LINE bytes whole), and go on to its newline.
          const parts = [...carry, rest];
          long = { head: firstBytes(parts, LONG_KEEP), tail: lastBytes(parts, LONG_KEEP) };
          carry = [];
          carried = 0;
        } else {
          carry.push(Buffer.from(rest));
          carried += rest.length;
        }
      }
      pos += n;
    }
    if (long) return { end: stop, size, skipping: true };
    if (carry.length) {
      const line = Buffer.concat(carry).toString('utf8');
      if (line.trim() && complete(line)) {
        each(line, carryAt);
        end = stop;
      }
    }
    return { end, size };
  });
}

/** The first `n` bytes of `parts` joined, in a buffer of their own, the rest not joined. */
function firstBytes(parts: Buffer[], n: number): Buffer {
  const out: Buffer[] = [];
  for (let i = 0, got = 0; i < parts.length && got < n; i++) {
    const take = parts[i]!.subarray(0, n - got);
    out.push(take);
    got += take.length;
  }
  return Buffer.concat(out);
}

/** The last `n` bytes of `parts` joined, in a buffer of their own, the rest not joined. */
function lastBytes(parts: Buffer[], n: number): Buffer {
  const out: Buffer[] = [];
  for (let i = parts.length - 1, got = 0; i >= 0 && got < n; i--) {
    const p = parts[i]!;
    const take = p.subarray(Math.max(0, p.length - (n - got)));
    out.unshift(take);
    got += take.length;
  }
  return Buffer.concat(out);
}

/** A lone surrogate: half of a pair without its other half, which is not a character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** JSON text that may escape one (`\ud800`…`\udfff`): only then is a parsed value walked. */
const ESCAPED_SURROGATE = /\\u[dD][89a-fA-F]/;

/**
 * `v` with every lone surrogate in its strings (keys too) replaced by U+FFFD, the replacement
 * character, which is what writing it as UTF-8 would silently make of it; `count` gets how many.
 * JSON escapes one (`"\ud800"`) where a transcript holds a broken string (an agent that cut a
 * character in half, an emoji split between records): the rest of the text is kept.
 */
export function wellFormed<T>(v: T, count: { replaced: number }): T {
  if (typeof v === 'string') {
    let n = 0;
    const out = v.replace(LONE_SURROGATE, () => (n++, '\uFFFD'));
    count.replaced += n;
    return out as T;
  }
  if (Array.isArray(v)) return v.map((x) => wellFormed(x, count)) as T;
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[wellFormed(k, count)] = wellFormed(x, count);
    return out as T;
  }
  return v;
}

/**
 * JSON.parse of transcript text, with lone surrogates replaced (wellFormed); `onReplaced` is told
 * how many. Throws as JSON.parse does.
 */
export function parseTranscriptJson(text: string, onReplaced?: (n: number) => void): unknown {
  const v = JSON.parse(text);
  if (!ESCAPED_SURROGATE.test(text)) return v;
  const count = { replaced: 0 };
  const out = wellFormed(v, count);
  if (count.replaced) onReplaced?.(count.replaced);
  return out;
}

/** A parsed JSON object, or null for a torn, blank or non-object line. Lone surrogates: see parseTranscriptJson. */
export function parseRecord(line: string, onReplaced?: (n: number) => void): Record<string, any> | null {
  if (!line || line.charCodeAt(0) !== 0x7b /* { */ && !line.trimStart().startsWith('{')) return null;
  try {
    const v = parseTranscriptJson(line, onReplaced) as Record<string, any> | null;
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/** Bytes of a file's opening fingerprinted, to tell a file replaced under the same name. */
export const HEAD = 4096;

/**
 * FNV-1a over `bytes` a 32-bit word at a time (the last bytes one by one), from a given basis, as 8
 * hex digits: a quarter of the steps of a byte-wise loop, which matters while it is still
 * interpreted (a hook's one call). Words are read in the machine's byte order: the fingerprint is
 * only ever compared on the machine that kept it.
 */
function fnv(bytes: Uint8Array, basis: number): string {
  const n = bytes.length >> 2;
  const words = bytes.byteOffset % 4 === 0 ? new Int32Array(bytes.buffer, bytes.byteOffset, n) : new Int32Array(bytes.slice(0, n * 4).buffer);
  let h = basis;
  for (let i = 0; i < n; i++) h = Math.imul(h ^ words[i]!, 0x01000193);
  for (let i = n * 4; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * A fingerprint of the first min(`upTo`, 4 KB) bytes of `path` (its length and two FNV-1a hashes):
 * enough to tell a replaced file, and no node:crypto to load in the hook run after every tool call.
 * Null when the file cannot be read.
 */
export function headHash(path: string, upTo: number): string | null {
  const got = readBytes(path, 0, Math.min(upTo, HEAD));
  return got && `w${got.bytes.length}:${fnv(got.bytes, 0x811c9dc5)}${fnv(got.bytes, 0x050c5d1f)}`;
}

/** A fingerprint kept by an earlier version: sha1, in hex. */
export const isLegacyHead = (head: string) => /^[0-9a-f]{40}$/.test(head);

/**
 * Whether `path`'s opening still has the fingerprint `head` (kept by headHash). A sha1 kept by an
 * earlier version is checked as such, so a session's kept ledger survives an upgrade.
 */
export function sameHead(path: string, upTo: number, head: string): boolean {
  if (!isLegacyHead(head)) return headHash(path, upTo) === head;
  const got = readBytes(path, 0, Math.min(upTo, HEAD));
  // node:crypto is loaded only for a state kept by an earlier version.
  const { createHash } = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return !!got && createHash('sha1').update(got.bytes).digest('hex') === head;
}
