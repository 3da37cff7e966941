// Codex CLI's custom prompts (0.x up to 0.116; removed in 0.117 for skills): `/prompts:NAME args`
// typed in the composer sends the body of `$CODEX_HOME/prompts/NAME.md` (CODEX_HOME defaults to
// ~/.codex), its front matter taken off and its placeholders filled: `$1`…`$9` (the arguments by
// position), `$ARGUMENTS` (all of them), `$NAME` (a `NAME=value` argument), `$$` (a dollar). The
// rollout records only what was sent, with no mark of the prompt it came from (`text_elements: []`):
// a message that is exactly a prompt's body, its placeholders filled, was that command.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { namesOrNone, withOpenFile } from '../fs/read-file.js';
import { withoutCodexIdeContext } from './transcript-text.js';

/**
 * One custom prompt: its name, and its body cut at its placeholders: the literal text between them
 * (one more than the placeholders) and the placeholder of each gap (`1`…`9`, `ARGUMENTS`, a name).
 */
export interface CodexPrompt {
  name: string;
  chunks: string[];
  slots: string[];
}

/** Prompts read at most (a folder of thousands is no prompt library), and the largest file read. */
const MAX_PROMPTS = 500;
const MAX_FILE = 64 * 1024;
/** A body needs this many characters of its own (not placeholders) to be told from a typed message. */
const MIN_LITERAL = 20;
/** Messages longer than this are not compared (a prompt's body is short; a paste is not a command). */
const MAX_MESSAGE = 64 * 1024;

const PLACEHOLDER = /\$\$|\$ARGUMENTS\b|\$[1-9]|\$[A-Z][A-Z0-9_]*/g;

/** Where Codex keeps its custom prompts for this environment. */
export function codexPromptsDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.CODEX_HOME || join(env.HOME || homedir(), '.codex'), 'prompts');
}

/**
 * The folders read: Codex's own, and the project's `.codex/prompts` (where spec-kit, useReq and
 * others write a project's prompts and have CODEX_HOME point; the hooks run in the project).
 */
export function codexPromptDirs(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string[] {
  return [...new Set([codexPromptsDir(env), join(cwd, '.codex', 'prompts')])];
}

/** A prompt's name as Codex offers it (`/prompts:NAME`): a file name of plain characters only, so it can be quoted in a commit message. */
const NAME = /^[\w.:+@-]{1,100}$/;

/** A prompt file's body as Codex sends it: a `---` front matter block at its start taken off. */
export function promptBody(text: string): string {
  const t = text.replace(/^\uFEFF/, '');
  const m = /^---[^\S\n]*\r?\n[\s\S]*?\r?\n---[^\S\n]*(?:\r?\n|$)/.exec(t);
  return m ? t.slice(m[0].length) : t;
}

/** A prompt's body cut at its placeholders (null when it has too little text of its own to be recognised). */
export function compilePrompt(name: string, body: string): CodexPrompt | null {
  const text = body.trim();
  const chunks: string[] = [];
  const slots: string[] = [];
  let chunk = '';
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    chunk += text.slice(at, m.index);
    at = m.index! + m[0].length;
    if (m[0] === '$$') {
      chunk += '$';
      continue;
    }
    chunks.push(chunk);
    slots.push(m[0].slice(1));
    chunk = '';
  }
  chunks.push(chunk + text.slice(at));
  if (chunks.join('').replace(/\s+/g, '').length < MIN_LITERAL || slots.length > 12) return null;
  return { name, chunks, slots };
}

/**
 * The placeholders' values when `text` is the prompt's body filled, else null. Each literal part is
 * found at its first place after the one before (the last at the end): linear, whatever the message
 * (a regular expression with three open groups took 43 s on a paste of 8,000 words: cubic).
 */
function fill(p: CodexPrompt, text: string): Map<string, string> | null {
  const t = text.trim();
  const first = p.chunks[0]!;
  const last = p.chunks.at(-1)!;
  if (!p.slots.length) return t === first ? new Map() : null;
  if (!t.startsWith(first) || !t.endsWith(last) || t.length < first.length + last.length) return null;
  const values = new Map<string, string>();
  let pos = first.length;
  for (let i = 0; i < p.slots.length; i++) {
    const end = i === p.slots.length - 1 ? t.length - last.length : t.indexOf(p.chunks[i + 1]!, pos);
    if (end < pos) return null;
    const value = t.slice(pos, end);
    const slot = p.slots[i]!;
    if (values.has(slot) && values.get(slot) !== value) return null;
    values.set(slot, value);
    pos = end + (i === p.slots.length - 1 ? 0 : p.chunks[i + 1]!.length);
  }
  return values;
}

/** Each folder's prompts, read once per process (a reader of many rollouts meets the same few folders). */
const read = new Map<string, CodexPrompt[]>();
const KEPT_FOLDERS = 16;

/** The custom prompts in `dirs` (`*.md`, by name; the first folder's name wins). */
export function codexPrompts(dirs: string[] = codexPromptDirs()): CodexPrompt[] {
  const names = new Set<string>();
  return dirs.flatMap((dir) => promptsIn(dir).filter((p) => !names.has(p.name) && names.add(p.name)));
}

function promptsIn(dir: string): CodexPrompt[] {
  const kept = read.get(dir);
  if (kept) return kept;
  const prompts: CodexPrompt[] = [];
  for (const file of namesOrNone(dir).filter((n) => n.endsWith('.md') && NAME.test(n.slice(0, -3))).sort().slice(0, MAX_PROMPTS)) {
    // A regular file only (a FIFO would wait for a writer), and a small one.
    const text = withOpenFile(join(dir, file), (fd, size) => (size <= MAX_FILE ? readFileSync(fd, 'utf8') : null));
    if (text === null) continue;
    const p = compilePrompt(file.slice(0, -3), promptBody(text));
    if (p) prompts.push(p);
  }
  if (read.size >= KEPT_FOLDERS) read.clear();
  read.set(dir, prompts);
  return prompts;
}

const quoted = (v: string) => (/\s|^$/.test(v) ? `"${v.replace(/"/g, '\\"')}"` : v);

/**
 * The command a message was sent by, `/prompts:NAME args` as the user typed it, when the message is
 * a custom prompt's body with its placeholders filled; null otherwise. The arguments come back from
 * the placeholders: `$ARGUMENTS` holds them all, else `$1`… in order, then `NAME=value`.
 */
export function codexPromptCommand(text: string, prompts: CodexPrompt[] = codexPrompts()): string | null {
  if (!prompts.length || text.length > MAX_MESSAGE) return null;
  for (const p of prompts) {
    const values = fill(p, text);
    if (!values) continue;
    const value = (slot: string) => values.get(slot)!.trim();
    let args: string[];
    if (values.has('ARGUMENTS')) args = [value('ARGUMENTS')];
    else {
      const positional = [...values.keys()].filter((s) => /^[1-9]$/.test(s)).sort();
      const named = [...values.keys()].filter((s) => !/^[1-9]$/.test(s));
      args = [...positional.map((s) => quoted(value(s))), ...named.map((s) => `${s}=${quoted(value(s))}`)];
    }
    const rest = args.filter(Boolean).join(' ');
    return `/prompts:${p.name}${rest ? ` ${rest}` : ''}`;
  }
  return null;
}

/**
 * What the user typed, from a message Codex sent: the request without the context its IDE extension
 * puts before it, and a custom prompt's body as the `/prompts:NAME args` that sent it.
 */
export function codexTyped(text: string, opts: { cwd?: string; prompts?: boolean } = {}): string {
  const typed = withoutCodexIdeContext(text);
  if (opts.prompts === false) return typed;
  return codexPromptCommand(typed, codexPrompts(codexPromptDirs(process.env, opts.cwd || process.cwd()))) ?? specKitArguments(typed) ?? typed;
}

/**
 * spec-kit's prompts (`/prompts:speckit.specify …`, the commonest in the corpus: 7 sessions in 6
 * repositories, whose prompt files are not at hand where the rollout is read) open with the
 * arguments in a fence of their own: "## User Input\n\n```text\n$ARGUMENTS\n```\n\nYou **MUST**
 * consider the user input before proceeding (if not empty)." What the fence holds is what the user
 * typed; null when it is empty (the command's name is not in the text) or the message is another.
 * (Blanks before a line break are `[ \t]*`: `\s*\n\s*` splits a run of line breaks every way.)
 */
export function specKitArguments(text: string): string | null {
  const m = /^\s*## User Input[ \t]*\n\s*```text\n([\s\S]*?)\n```[ \t]*\n\s*You \*\*MUST\*\* consider the user input before proceeding/.exec(text);
  return m && m[1]!.trim() ? m[1]!.trim() : null;
}

/** Whether a Codex CLI version (`cli_version`, "0.171.0") still had custom prompts: they were removed in 0.117. */
export function hadCustomPrompts(version: string): boolean {
  const m = /^(\d+)\.(\d+)/.exec(version);
  return !m || Number(m[1]) === 0 && Number(m[2]) < 117;
}
