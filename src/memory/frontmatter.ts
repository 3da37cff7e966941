import { createRequire } from 'node:module';
import { CorruptFileError } from '../errors.js';

export { CorruptFileError };

type Matter = (text: string, opts: object) => { data: unknown; content: string };

/** `key: value`, its line's trailing spaces and tabs cut first (a lazy `(.*?)[ \t]*$` is quadratic in a run of them). */
const FLAT_LINE = /^([A-Za-z_][\w-]*):(?:[ \t]+(.*))?$/;

/** The line without its trailing spaces and tabs (only those: a value may end in other white space). */
function withoutTrailingBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9)) end--;
  return line.slice(0, end);
}

/**
 * The frontmatter git-memory writes is flat `key: scalar` lines; those are read here directly.
 * Anything richer (lists, nesting, comments, anchors) goes to gray-matter with YAML 1.2, loaded
 * only then: it costs tens of milliseconds at session start otherwise.
 */
function parseFlat(yaml: string): Record<string, unknown> | null {
  const data: Record<string, unknown> = {};
  for (const line of yaml.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const m = FLAT_LINE.exec(withoutTrailingBlanks(line));
    if (!m) return null;
    const raw = m[2] ?? '';
    if (raw === '' || raw === '~' || raw === 'null') data[m[1]!] = null;
    else if (raw.startsWith('"')) {
      try {
        data[m[1]!] = JSON.parse(raw);
      } catch {
        return null;
      }
    } else if (/^'[^']*(?:''[^']*)*'$/.test(raw)) data[m[1]!] = raw.slice(1, -1).replace(/''/g, "'");
    else if (/^[[{|>&*!%@`'#]/.test(raw) || /\s#/.test(raw) || /:\s/.test(raw)) return null;
    else data[m[1]!] = raw;
  }
  return data;
}

/**
 * The most frontmatter handed to the YAML parser. git-memory's own is a few flat lines (parseFlat),
 * and a richer one (a hand edit, OpenClaw's) a few more; the parser costs ~40 µs a key and checks
 * each key against the others (quadratic): a committed session file of 16,000 keys (234 KB, under
 * the journal's read cap) cost every cold session start 5.8 s.
 */
export const RICH_MAX = 8192;

function viaGrayMatter(text: string): { data: Record<string, unknown>; body: string } {
  const require = createRequire(import.meta.url);
  const matter = require('gray-matter') as Matter;
  const YAML = require('yaml') as { parse(s: string, o?: object): unknown };
  // YAML 1.2 core schema: `date: 2026-11-22` stays a string, `time: 14:30` is not sexagesimal.
  // Errors only: a warning (an unknown `!!tag`, once per use) went to the process's stderr, in hooks too.
  const engines = { yaml: { parse: (s: string) => (YAML.parse(s, { logLevel: 'error' }) ?? {}) as object, stringify: () => '' } };
  const parsed = matter(text, { engines });
  return { data: parsed.data as Record<string, unknown>, body: parsed.content };
}

/** Splits frontmatter and body. Throws CorruptFileError when the YAML does not parse. */
export function readFrontmatter(text: string, path: string, expected: string): { data: Record<string, unknown>; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!m) throw new CorruptFileError(path, 'no frontmatter (the file must start with a --- block)', expected);
  const flat = parseFlat(m[1]!);
  if (flat) return { data: flat, body: text.slice(m[0].length) };
  if (m[1]!.length > RICH_MAX) throw new CorruptFileError(path, `frontmatter of ${m[1]!.length} characters (YAML: at most ${RICH_MAX})`, expected);
  try {
    return viaGrayMatter(text);
  } catch (e) {
    throw new CorruptFileError(path, `frontmatter does not parse: ${(e as Error).message.split('\n')[0]}`, expected);
  }
}

const PLAIN = /^[A-Za-z0-9_./@+-][A-Za-z0-9 _./@<>+()-]*$/;
const AMBIGUOUS = /^(?:true|false|yes|no|on|off|null|~|[-+]?\d[\d_.:eE+-]*)$/i;

/** A YAML scalar: plain where unambiguous, double-quoted (JSON) otherwise. */
export function yamlScalar(value: string | number, quote = false): string {
  if (typeof value === 'number') return String(value);
  if (!quote && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value; // a string in YAML 1.2
  if (!quote && PLAIN.test(value) && !AMBIGUOUS.test(value) && !value.endsWith(' ')) return value;
  return JSON.stringify(value);
}

/** Frontmatter block from ordered entries; undefined values are left out. */
export function writeFrontmatter(entries: [string, string | number | undefined, boolean?][]): string {
  const lines = entries.filter(([, v]) => v !== undefined).map(([k, v, q]) => `${k}: ${yamlScalar(v!, q)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}
