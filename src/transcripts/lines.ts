import { readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readBytes, withOpenFile } from '../fs/read-file.js';

/** Bytes read at a time: transcripts grow to hundreds of MB and are never held whole. */
const CHUNK = 1 << 20;
const NEWLINE = 0x0a;

export interface LineScan {
  /** Byte offset just past the last line handed over: where the next read starts. */
  end: number;
  /** The file's size when it was opened. */
  size: number;
}

/**
 * Hands every complete line of `path` between byte `from` and `to` (default: the end) to `each`,
 * with its starting byte offset, reading a chunk at a time. A last line without its newline is
 * handed over only when `complete` says it is whole (a JSON record the agent finished writing);
 * otherwise it is torn, still being written, and `end` stops before it for the next read.
 * A line longer than a chunk is gathered across chunks. Null when the file cannot be read.
 */
export function scanLines(
  path: string,
  from: number,
  to: number | undefined,
  each: (line: string, at: number) => void,
  complete: (line: string) => boolean = () => false,
): LineScan | null {
  return withOpenFile(path, (fd, size) => {
    const stop = Math.min(to ?? size, size);
    let pos = Math.min(from, stop);
    let end = pos;
    const buf = Buffer.allocUnsafe(CHUNK);
    let carry: Buffer[] = [];
    let carryAt = pos;
    while (pos < stop) {
      const n = readSync(fd, buf, 0, Math.min(CHUNK, stop - pos), pos);
      if (n <= 0) break;
      let start = 0;
      for (let i = buf.indexOf(NEWLINE, 0); i !== -1 && i < n; i = buf.indexOf(NEWLINE, start)) {
        const piece = buf.subarray(start, i);
        const line = carry.length ? Buffer.concat([...carry, piece]).toString('utf8') : piece.toString('utf8');
        each(line, carry.length ? carryAt : pos + start);
        carry = [];
        start = i + 1;
        end = pos + start;
        carryAt = end;
      }
      if (start < n) carry.push(Buffer.from(buf.subarray(start, n)));
      pos += n;
    }
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

/** A parsed JSON object, or null for a torn, blank or non-object line. */
export function parseRecord(line: string): Record<string, any> | null {
  if (!line || line.charCodeAt(0) !== 0x7b /* { */ && !line.trimStart().startsWith('{')) return null;
  try {
    const v = JSON.parse(line);
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
