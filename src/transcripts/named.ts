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

/** A run of the characters a path is made of (ASCII letters, digits, `_@+-.`, both separators, and `:` for `C:\\`): one class, linear. */
const RUN = /[\w@+\-.\/\\:]+/g;

/**
 * The path-like words of `text`'s first NAMING_CHARS characters: runs of path characters, each
 * cut at a `:line` suffix and trailing dots, kept when their last part has a known kind's extension.
 */
export function pathWords(text: string): string[] {
  const out: string[] = [];
  const cut = text.length > NAMING_CHARS;
  const head = cut ? text.slice(0, NAMING_CHARS) : text;
  for (const m of head.matchAll(RUN)) {
    let w = m[0];
    if (w.indexOf('.') < 0) continue;
    if (cut && m.index + w.length === NAMING_CHARS) break; // cut off by the bound: not a whole word
    // `src/a.ts:12:3`, `C:\x\a.ts:4`: the drive's colon is kept, the line's dropped.
    const colon = w.indexOf(':', w.length > 2 && w[1] === ':' && (w[2] === '/' || w[2] === '\\') ? 2 : 0);
    if (colon >= 0) w = w.slice(0, colon);
    let end = w.length;
    while (end > 0 && w.charCodeAt(end - 1) === 46) end--;
    if (end < w.length) w = w.slice(0, end);
    const dot = w.lastIndexOf('.');
    const sep = Math.max(w.lastIndexOf('/'), w.lastIndexOf('\\'));
    if (dot <= sep + 1 || dot === w.length - 1 || w.length - dot > 9) continue;
    if (!KNOWN.has(w.slice(dot + 1).toLowerCase())) continue;
    if (w.startsWith('//') || w.includes('://')) continue;
    out.push(w);
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
