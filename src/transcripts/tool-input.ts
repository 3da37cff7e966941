import { posix } from 'node:path';
import { joinContinued } from '../safety/plain-view.js';
import { shorten } from './build.js';

/** Input fields that name what a call is about, in the order a label prefers them. */
const SUBJECT = ['file_path', 'notebook_path', 'absolute_path', 'command', 'cmd', 'pattern', 'path', 'url', 'query', 'description', 'prompt'];

/** The field of a call's input that says what it is about, as text ('' when none). */
export function subjectOf(input: unknown): string {
  if (!input || typeof input !== 'object') return typeof input === 'string' ? input : '';
  const o = input as Record<string, unknown>;
  for (const k of SUBJECT) {
    const v = o[k];
    if (typeof v === 'string' && v.trim()) return v;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join(' ');
  }
  return '';
}

/** `Bash npm test`: the tool and what it was about, for an error's followed_by. */
export function callLabel(tool: string, input: unknown): string {
  const subject = subjectOf(input);
  return shorten(subject ? `${tool} ${subject}` : tool);
}

/** Tool output (a string, or blocks of text) as plain text. */
export function outputText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((b) => (typeof b === 'string' ? b : b && typeof b === 'object' && typeof b.text === 'string' ? b.text : ''))
      .filter(Boolean)
      .join('\n');
  }
  if (content && typeof content === 'object') {
    const o = content as Record<string, unknown>;
    for (const k of ['error', 'output', 'content', 'text', 'message']) if (typeof o[k] === 'string') return o[k] as string;
  }
  return '';
}

const READERS = new Set(['cat', 'nl', 'head', 'tail', 'less', 'bat']);

/**
 * Files a shell command plainly reads (`cat a.ts`, `sed -n 1,80p a.ts`, `nl -ba a.ts | sed …`,
 * `sed -n '1,220p' Makefile`):
 * Codex and Gemini read files through the shell. Only simple segments count; anything with
 * globs, variables or redirections is left alone.
 */
export function shellReads(command: string): string[] {
  const out: string[] = [];
  // A line is a command of its own, a continued one with the next (a secret split there is no file:
  // `sed -n 1p a.ts` then `T=sk-…\` and its second half alone on the next line, stop 53); a
  // heredoc's lines are no commands (its command has a `<`, left alone as before).
  const joined = joinContinued(command);
  for (const seg of joined.split(joined.includes('<<') ? /&&|\|\||;|\|/ : /&&|\|\||;|\||\n/)) {
    const words = seg.trim().split(/\s+/).filter(Boolean);
    const head = words[0];
    if (!head || /[*?$`<>]/.test(seg)) continue;
    if (!READERS.has(head) && !(head === 'sed' && words.includes('-n'))) continue;
    const last = words.at(-1)!.replace(/^['"]|['"]$/g, '');
    // A path, or a bare file name (Makefile, LICENSE); not a count (`head -n 20`) or a sed script (`5,9p`).
    if (words.length < 2 || last.startsWith('-') || /^\d+(,\d+)?p$/.test(last)) continue;
    if (!/[./]/.test(last) && !/^[A-Za-z_][\w-]+$/.test(last)) continue;
    out.push(last);
  }
  return out;
}

/** A path a command line names plainly: no variable, glob, substitution or home folder to expand. */
const PLAIN_PATH = /^(?:[\w.@+,-]+|\/)(?:[\w.@+,/-]*)$/;
const unquote = (w: string) => w.replace(/^(['"])(.*)\1$/, '$2');

/**
 * Files a shell command writes with a here-document (`cat <<'EOF' > docs/spec.md`, `cat > a.ts
 * <<EOF`, `tee -a notes.md <<EOF`): Gemini CLI and Codex write whole files through the shell. In
 * noise55's audit a real Gemini CLI session (agunginsani/expenses-tracker) wrote its design spec,
 * its plan and six pages so and changed no file with a file tool, and its session file said nothing
 * was done. Each path is resolved against the folders its line `cd`s into (`cd app && cat <<EOF >
 * x`), relative paths returned relative to `dir` when no `cd` moved elsewhere. Only writes with a
 * here-document count (its text is the file's, not a command's output), to a plain path, not
 * /dev/…; the here-document's lines are text, not commands.
 */
export function shellWrites(command: string, dir: string): string[] {
  if (!command.includes('<<')) return [];
  const out: string[] = [];
  let here = dir;
  let lost = false;
  const lines = command.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const tags = [...line.matchAll(/<<-?\s*(['"]?)([\w.-]+)\1/g)].map((m) => m[2]!);
    for (const seg of line.split(/&&|\|\||;|\|/)) {
      const words = seg.trim().split(/\s+/).filter(Boolean).map(unquote);
      if (words[0] === 'cd') {
        const to = words[1];
        if (to && PLAIN_PATH.test(to) && words.length === 2) here = to.startsWith('/') ? to : posix.join(here, to);
        else lost = true;
        continue;
      }
      if (!/<</.test(seg) || (words[0] !== 'cat' && words[0] !== 'tee')) continue;
      let target: string | undefined;
      if (words[0] === 'cat') target = /(?:^|\s)>>?\s*(['"]?)([^\s'"<>|;&]+)\1/.exec(seg.replace(/<<-?\s*(['"]?)[\w.-]+\1/g, ''))?.[2];
      else target = words.slice(1).find((w) => !/^[-<>]/.test(w));
      if (!target || !PLAIN_PATH.test(target) || target.startsWith('/dev/')) continue;
      if (!target.startsWith('/') && lost) continue;
      out.push(target.startsWith('/') || here === dir ? target : posix.join(here, target));
    }
    // Skip each here-document's lines, up to its closing tag.
    for (const tag of tags) {
      while (i + 1 < lines.length && lines[i + 1]!.replace(/^\t+/, '') !== tag) i++;
      i++;
    }
  }
  return [...new Set(out)];
}
