import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The man page shipped in the package (`man/git-memory.1`), found from wherever this code runs. */
export function manPage(): string | null {
  // Bundled (dist/, dist/chunks/) or from source (src/cli/): look a few levels up.
  for (let dir = dirname(fileURLToPath(import.meta.url)), i = 0; i < 4; i++, dir = dirname(dir)) {
    try {
      return readFileSync(join(dir, 'man', 'git-memory.1'), 'utf8');
    } catch {
      /* keep looking */
    }
  }
  return null;
}

/** roff inline markup to plain text. */
function plain(s: string): string {
  return s
    .replace(/\\f[BIRP]/g, '')
    .replace(/\\-/g, '-')
    .replace(/\\\(aq/g, "'")
    .replace(/\\&/g, '')
    .replace(/\\e/g, '\\');
}

/** Wraps a paragraph at 100 columns, as the rest of the help is. */
function wrap(text: string, indent: string): string {
  const lines: string[] = [];
  let line = indent;
  for (const word of text.split(/\s+/)) {
    if (line.trim() && line.length + word.length + 1 > 100) {
      lines.push(line);
      line = indent;
    }
    line += line.trim() ? ` ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/**
 * The section of the man page about one command (`.SS "git memory <name>"`), as plain text; null
 * when the page has none. Lets `git memory help <name>` explain commands that have no options of
 * their own to list (the hooks' entry points).
 */
export function manSection(page: string, name: string): string | null {
  const lines = page.split('\n');
  const start = lines.findIndex((l) => l === `.SS "git memory ${name}"`);
  if (start < 0) return null;
  const out: string[] = [`git memory ${name}`, ''];
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push(wrap(para.join(' '), def ? '      ' : ''), '');
    para = [];
  };
  let term = false; // the next line is a .TP term
  let def = false; // paragraphs are a term's definition
  for (const raw of lines.slice(start + 1)) {
    if (/^\.(SS|SH)\b/.test(raw)) break;
    const macro = /^\.(\w+)\s*(.*)$/.exec(raw);
    if (!macro) {
      if (term) {
        out.push(`  ${plain(raw)}`);
        [term, def] = [false, true];
      } else para.push(plain(raw));
      continue;
    }
    const [, name2, rest] = macro;
    if (name2 === 'TP') {
      flush();
      term = true;
    } else if (name2 === 'B' || name2 === 'BI' || name2 === 'I') {
      // .BI alternates fonts between its arguments with no space between them; .B and .I join with spaces.
      const args = [...rest!.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
      const text = plain(args.join(name2 === 'BI' ? '' : ' '));
      if (term) {
        out.push(`  ${text}`);
        [term, def] = [false, true];
      } else para.push(text);
    } else if (name2 === 'IP' || name2 === 'PP') {
      flush();
      def = false;
    }
  }
  flush();
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
