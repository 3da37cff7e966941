// A path as git prints it in `--name-only` (and other) output without -z: where the path has a byte
// outside printable ASCII (with core.quotePath on, git's default: every byte of a name like
// `更新日志.md` or `café.md`), a double quote, a backslash or a control character, git writes it in
// double quotes with C escapes (`"caf\303\251.md"`). Compared with a file name from anywhere else
// (a tree, a memory file, the ledger) or shown to a person, it must be the name itself.

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** `path` with git's quoting taken off (a path git did not quote is returned as it is). Pure. */
export function unquotePath(path: string): string {
  if (path.length < 2 || path[0] !== '"' || path[path.length - 1] !== '"') return path;
  const parts: Buffer[] = [];
  // Runs git left as they are (printable ASCII; any character with core.quotePath off), and escapes.
  for (const m of path.slice(1, -1).matchAll(/([^\\]+)|\\([0-7]{1,3}|.)|(\\)$/gs)) {
    if (m[1] !== undefined) parts.push(Buffer.from(m[1], 'utf8'));
    else if (m[2] !== undefined && /^[0-7]/.test(m[2])) parts.push(Buffer.from([parseInt(m[2], 8) & 0xff]));
    else if (m[2] !== undefined && ESCAPES[m[2]] !== undefined) parts.push(Buffer.from([ESCAPES[m[2]]!]));
    else return path; // not git's quoting: leave it as it came
  }
  return Buffer.concat(parts).toString('utf8');
}
