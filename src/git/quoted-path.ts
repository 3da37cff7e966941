// A path as git prints it in `--name-only` (and other) output without -z: where the path has a byte
// outside printable ASCII (with core.quotePath on, git's default: every byte of a name like
// `更新日志.md` or `café.md`), a double quote, a backslash or a control character, git writes it in
// double quotes with C escapes (`"caf\303\251.md"`). Compared with a file name from anywhere else
// (a tree, a memory file, the ledger) or shown to a person, it must be the name itself.

import { isUtf8 } from 'node:buffer';
import { join } from 'node:path';

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** The bytes of a name git quoted (`"..."` with C escapes), or null where `path` is not git's quoting. Pure. */
function quotedBytes(path: string): Buffer | null {
  if (path.length < 2 || path[0] !== '"' || path[path.length - 1] !== '"') return null;
  const parts: Buffer[] = [];
  // Runs git left as they are (printable ASCII; any character with core.quotePath off), and escapes.
  for (const m of path.slice(1, -1).matchAll(/([^\\]+)|\\([0-7]{1,3}|.)|(\\)$/gs)) {
    if (m[1] !== undefined) parts.push(Buffer.from(m[1], 'utf8'));
    else if (m[2] !== undefined && /^[0-7]/.test(m[2])) parts.push(Buffer.from([parseInt(m[2], 8) & 0xff]));
    else if (m[2] !== undefined && ESCAPES[m[2]] !== undefined) parts.push(Buffer.from([ESCAPES[m[2]]!]));
    else return null; // not git's quoting: leave it as it came
  }
  return Buffer.concat(parts);
}

/**
 * `path` with git's quoting taken off (a path git did not quote is returned as it is). A name whose
 * bytes are not UTF-8 (git allows any byte but NUL: `src/bad\377name.ts` from a Latin-1 machine) is
 * kept as git quoted it: decoded, its bytes became U+FFFD, a name of no file, and the file was
 * missing from the primer's hot files. Quoted, it names the file (see fsPath) and reads as git
 * shows it. Pure.
 */
export function unquotePath(path: string): string {
  const bytes = quotedBytes(path);
  if (!bytes) return path;
  return isUtf8(bytes) ? bytes.toString('utf8') : path;
}

/** The file system's name, under `root`, of a path unquotePath gave: the bytes of a name it kept quoted. */
export function fsPath(root: string, path: string): string | Buffer {
  const bytes = path.charCodeAt(0) === 34 ? quotedBytes(path) : null; // '"'
  return bytes ? Buffer.concat([Buffer.from(root.endsWith('/') ? root : `${root}/`, 'utf8'), bytes]) : join(root, path);
}
