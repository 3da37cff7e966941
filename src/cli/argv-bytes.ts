import { readFileSync } from 'node:fs';
import { UsageError } from '../errors.js';

const strict = new TextDecoder('utf-8', { fatal: true });

/** The process's arguments as the bytes it was given (Linux); null where the system does not show them. */
function rawArgv(): Buffer[] | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync('/proc/self/cmdline');
  } catch {
    return null;
  }
  const out: Buffer[] = [];
  let start = 0;
  for (let i = bytes.indexOf(0); i !== -1; i = bytes.indexOf(0, start)) {
    out.push(bytes.subarray(start, i));
    start = i + 1;
  }
  return out;
}

/**
 * Refuses command-line arguments that are not valid UTF-8 (exit 2, nothing written). Node decodes
 * argv itself, replacing bad bytes with U+FFFD, so the decoded text cannot tell a real U+FFFD
 * (valid text, accepted) from a replaced byte: an argument holding U+FFFD is checked against the
 * bytes the process was given. `args` must be the tail of the process's own argv; when it is not
 * (the CLI run in-process) or the bytes cannot be read (no /proc), the text is taken as it is.
 */
export function checkArgvBytes(args: readonly string[]): void {
  if (!args.some((a) => a.includes('\uFFFD'))) return;
  const raw = rawArgv();
  if (!raw || raw.length < args.length) return;
  const tail = raw.slice(raw.length - args.length);
  if (tail.some((b, i) => b.toString('utf8') !== args[i])) return;
  tail.forEach((b, i) => {
    if (!args[i]!.includes('\uFFFD')) return;
    try {
      strict.decode(b);
    } catch {
      // Name the argument by position: its text may be a secret, and it cannot be shown as it is.
      throw new UsageError(`argument ${i + 1} is not valid UTF-8`, 'pass text as UTF-8, or as a file or on stdin (`-`), where the bytes are checked too');
    }
  });
}
