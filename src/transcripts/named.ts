/**
 * Files the session NAMED without touching them (issue 25 §5): the paths of the repository a
 * prompt, the todo list, a command line, or a search's or a command's output names. Hot files
 * rank them after every file the session touched (src/compact/hot-files.ts), so they fill the
 * slots the touched files leave empty; measured on the real-transcript corpus (bench/corpus-named.mjs).
 *
 * Only paths: no text is kept. Only inside the repository (the ledger's relative paths; a path
 * outside, or any path when the repository's root is not known, is left out). Only files of a
 * kind seed 004's type table knows (`console.log`, `req.body` are no files). Bounded: the first
 * NAMING_CHARS characters of a text, and the NAMED_CAP most recently named files.
 */
import type { BuildState } from './build.js';
import { reportPath } from './build.js';
import type { NamedFile } from './ledger.js';

/** Characters of one text read for names (a search's output lists its best matches first). */
export const NAMING_CHARS = 2000;
/** Named files kept (the least recently named dropped). */
export const NAMED_CAP = 200;

/** The kinds of file seed 004's type table scores (src/compact/hot-files.ts fileTypeScore: all but the unknown type). */
const KNOWN = new Set(
  'js ts jsx tsx py java cpp c go rs php rb mjs cjs mts cts vue svelte kt kts scala cs swift h hpp cc m ex exs heex erl hs ml zig dart lua pl sh bash zsh sql json yaml yml toml xml ini env config md txt doc docx pdf html css'.split(' '),
);

/** A character a path is made of (ASCII letters, digits, `_@+-.`, both separators, and `:` for `C:\\`). */
function pathChar(c: number): boolean {
  return (c >= 48 && c <= 58) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 64 || c === 43 || c === 45 || c === 46 || c === 47 || c === 92;
}
const alnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * The path-like words of `text`'s first NAMING_CHARS characters: runs of path characters, each
 * cut at a `:line` suffix and trailing dots, kept when their last part has a known kind's
 * extension. Found from the dots (the string's own search), so that the characters between are
 * not walked one by one: a cold read of a session's outputs is what a hook pays.
 */
export function pathWords(text: string): string[] {
  const out: string[] = [];
  const cut = text.length > NAMING_CHARS;
  const head = cut ? text.slice(0, NAMING_CHARS) : text;
  const n = head.length;
  let runStart = -1; // the start of the run the last word came from, so that a run is read once
  let runEnd = -1;
  for (let i = head.indexOf('.'); i >= 0; ) {
    let j = i + 1;
    while (j < n && alnum(head.charCodeAt(j))) j++;
    const next = head.indexOf('.', j);
    if (j - i - 1 < 1 || j - i - 1 > 8 || !KNOWN.has(head.slice(i + 1, j).toLowerCase())) {
      i = next;
      continue;
    }
    // The word ends here: trailing dots, then a character no path holds, or the `:` of a line.
    let k = j;
    while (k < n && head.charCodeAt(k) === 46) k++;
    const c = head.charCodeAt(k);
    const ends = k === n ? !cut : !pathChar(c) || (c === 58 && k === j);
    if (!ends) {
      i = next;
      continue;
    }
    // Its run's start (a run already read is not walked again).
    let start: number;
    if (i > runStart && i < runEnd) start = runStart;
    else {
      start = i;
      while (start > 0 && pathChar(head.charCodeAt(start - 1))) start--;
      runStart = start;
      let e = j;
      while (e < n && pathChar(head.charCodeAt(e))) e++;
      runEnd = e;
    }
    if (cut && runEnd === n) break; // cut off by the bound: not a whole word
    let w = head.slice(start, j);
    // `x:src/a.ts` is `x`, as `src/a.ts:12` is `src/a.ts`: a word ends at its first colon; a drive's (`C:\\`) is kept.
    const colon = w.indexOf(':', w.length > 2 && w[1] === ':' && (w[2] === '/' || w[2] === '\\') ? 2 : 0);
    if (colon >= 0) w = w.slice(0, colon);
    const dot = w.lastIndexOf('.');
    const sep = Math.max(w.lastIndexOf('/'), w.lastIndexOf('\\'));
    if (colon < 0 && dot > sep + 1 && !w.startsWith('//') && !w.includes('://')) out.push(w);
    else if (colon >= 0 && dot > sep + 1 && dot < w.length - 1 && w.length - dot <= 9 && KNOWN.has(w.slice(dot + 1).toLowerCase()) && !w.startsWith('//') && !w.includes('://')) out.push(w);
    i = next;
  }
  return out;
}

/** A `.` or `..` part, or a doubled separator: resolve must see the path. */
const DOT_PART = /(?:^|\/)\.{1,2}(?:\/|$)|\/\//;

/** Claude Code's tools whose output names files a session may go on to open: searches and commands (a file's own text, a web page's, are not). */
export const NAMING_OUTPUT = new Set(['Grep', 'Glob', 'LS', 'Bash', 'PowerShell', 'BashOutput', 'TaskOutput', 'mcp__acp__Bash']);

/** The part of a Claude Code tool call's input that names files: a command line, a search's folder, the todo list's or a task's words. */
export function namingInput(tool: string, input: Record<string, any>): string {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  if (tool === 'Bash' || tool === 'PowerShell' || tool === 'mcp__acp__Bash') return str(input.command);
  if (tool === 'Grep' || tool === 'Glob') return str(input.path);
  if (tool === 'TodoWrite' && Array.isArray(input.todos)) return input.todos.map((t: any) => str(t?.content)).join('\n');
  if (tool === 'TaskCreate' || tool === 'TaskUpdate') return `${str(input.subject)}\n${str(input.description)}`;
  return '';
}

/** Notes the repository files `text` names (at the ledger's latest tool call) in `ledger.named`. */
export function nameFiles(s: BuildState, text: string, cwd: string, repoRoot: string | undefined): void {
  if (!repoRoot || !text) return;
  const l = s.ledger;
  const call = l.tool_calls - 1;
  let seen: Set<string> | null = null;
  let touched: Set<string> | null = null;
  const root = repoRoot.endsWith('/') ? repoRoot : `${repoRoot}/`;
  // Where the working directory is in the repository ('' at its root, 'pkg/' below), null when elsewhere or not plain.
  const below = cwd === repoRoot ? '' : cwd.startsWith(root) && !cwd.includes('\\') && !DOT_PART.test(cwd) ? `${cwd.slice(root.length).replace(/\/+$/, '')}/` : null;
  for (const w of pathWords(text)) {
    // The common cases without path's resolve and relative (a few thousand instructions a word): a
    // plain relative path from the repository's root, or an absolute one under it.
    const plain = !w.includes('\\') && !DOT_PART.test(w) && !/^[A-Za-z]:/.test(w);
    if (plain && w[0] === '/' && !w.startsWith(root)) continue; // outside the repository
    const p = !plain ? reportPath(w, cwd, repoRoot) : w[0] === '/' ? w.slice(root.length) : below !== null ? below + w : reportPath(w, cwd, repoRoot);
    // Outside the repository: the ledger reports it absolute (or `..`-relative from a Windows drive).
    if (p.startsWith('/') || /^[A-Za-z]:/.test(p) || p === '.' || p.startsWith('../') || p === '..') continue;
    if ((seen ??= new Set()).has(p)) continue;
    seen.add(p);
    // A file the session touched is ranked by its touches.
    if ((touched ??= new Set(l.files.map((f) => f.path))).has(p)) continue;
    const named = (l.named ??= []);
    const i = named.findIndex((f) => f.path === p);
    const f: NamedFile = i >= 0 ? named.splice(i, 1)[0]! : { path: p, times: 0, last_call: call };
    f.times++;
    f.last_call = call;
    named.push(f);
    if (named.length > NAMED_CAP) named.splice(0, named.length - NAMED_CAP);
  }
}
