import { createRequire } from 'node:module';
import type { FormattingOptions, JSONPath, ParseError } from 'jsonc-parser';
import { EXIT, GitMemoryError } from '../../errors.js';

// `jsonc-parser` is loaded only when a configuration file is edited: every agent file (and so the
// agent hook and the full CLI, through the registry) imports this module, and most runs edit nothing.
const load = () => createRequire(import.meta.url)('jsonc-parser') as typeof import('jsonc-parser');

/**
 * Edits of JSON (and JSON with comments) files that change only the bytes they must: everything
 * else the user wrote, comments and layout included, stays as it was. Property edits go through
 * jsonc-parser's `modify`; array appends and removals are done on the text here, because `modify`
 * reformats a whole array when it inserts into one.
 */

/**
 * A file holding nothing but whitespace as if it were absent: an empty settings file counts as `{}`,
 * as an empty YAML or TOML agent file counts as empty (a bare `touch` is not a broken file).
 */
export const unlessBlank = (text: string | null): string | null => (text !== null && text.trim() ? text : null);

/**
 * Parses JSON with comments; a file that does not parse is reported with its line and left alone.
 * An empty file reads as `{}`.
 */
export function parseJsonc(text: string, file: string): unknown {
  if (unlessBlank(text) === null) return {};
  const errors: ParseError[] = [];
  let value: unknown;
  try {
    value = load().parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  } catch (e) {
    // The parser recurses once a level: a file nested some thousands deep (a clone's) overflows the stack.
    if (!(e instanceof RangeError)) throw e;
    throw new GitMemoryError(`${file}: cannot parse (nested too deep); it was left as it is`, EXIT.error, 'fix the file, then run the command again');
  }
  if (errors.length) {
    const e = errors[0]!;
    const line = text.slice(0, e.offset).split('\n').length;
    throw new GitMemoryError(`${file}:${line}: cannot parse (${load().printParseErrorCode(e.error)}); it was left as it is`, EXIT.error, 'fix the file, then run the command again');
  }
  const twice = duplicateKey(text);
  if (twice) {
    const line = text.slice(0, twice.offset).split('\n').length;
    throw new GitMemoryError(
      `${file}:${line}: "${twice.key}" is written twice in one object; the agent reads only the last one, so which to edit is unclear: it was left as it is`,
      EXIT.error,
      'keep one of them, then run the command again',
    );
  }
  return value;
}

/**
 * The first key an object holds twice, with where its second one is; null when none. The agents
 * read their settings with JSON.parse, where the last one wins, while an edit found the first: with
 * `"hooks"` written twice, `init` added its hooks to the object the agent never reads.
 */
function duplicateKey(text: string): { key: string; offset: number } | null {
  let tree: ReturnType<ReturnType<typeof load>['parseTree']>;
  try {
    tree = load().parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return { key: '(nested too deep to read)', offset: 0 };
  }
  const stack = tree ? [tree] : [];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'object') {
      const seen = new Set<string>();
      for (const prop of node.children ?? []) {
        const key = prop.children?.[0];
        if (key && typeof key.value === 'string') {
          if (seen.has(key.value)) return { key: key.value, offset: key.offset };
          seen.add(key.value);
        }
        const value = prop.children?.[1];
        if (value) stack.push(value);
      }
    } else if (node.type === 'array') stack.push(...(node.children ?? []));
  }
  return null;
}

/** The file's own indentation and line ends, so inserted text looks like the rest. */
export function detectFormat(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indents = text.split(/\r?\n/).map((l) => /^([ \t]+)\S/.exec(l)?.[1]).filter((x): x is string => !!x);
  if (indents.some((i) => i.startsWith('\t'))) return { insertSpaces: false, tabSize: 1, eol };
  const min = indents.length ? Math.min(...indents.map((i) => i.length)) : 2;
  return { insertSpaces: true, tabSize: min || 2, eol };
}

/** A line longer than this is minified JSON: jsonc-parser would format it whole at each edit. */
const FORMATTED_LINE_MAX = 4096;

/**
 * The formatting `modify` gets: the file's own (detectFormat), or none for a file with a line longer
 * than FORMATTED_LINE_MAX. jsonc-parser formats the whole lines an edit touches, one text edit applied
 * to the whole document at a time: on a minified file of 5,000 keys (250 KB on one line) `init` took
 * 3 s, 48 s at 1 MB. Unformatted, the edit is the compact JSON a minified file holds anyway.
 */
function modifyOptions(text: string): { formattingOptions?: FormattingOptions } {
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    if (end - start > FORMATTED_LINE_MAX) return {};
    if (nl < 0) return { formattingOptions: detectFormat(text) };
    start = nl + 1;
  }
}

const unitOf = (f: FormattingOptions) => (f.insertSpaces ? ' '.repeat(f.tabSize ?? 2) : '\t');

/** A new file holding `value`, in the usual two-space layout. */
export function newJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Sets an object property (creating missing parents). A new property goes after the last one of the
 * nearest object that exists, as text of its own: on the same line where that object is written on
 * one line, else on a line of its own indented as the property before it. Nothing else moves, so
 * removePath takes exactly that text out again (`modify` would reformat the lines around it: a
 * user's one-line hook array came back as ten lines after `init` and `uninstall`).
 */
export function setProperty(text: string, path: JSONPath, value: unknown): string {
  const modify = () => load().applyEdits(text, load().modify(text, path, value, modifyOptions(text)));
  const tree = load().parseTree(text);
  if (!tree || load().findNodeAtLocation(tree, path)) return modify();
  // The nearest existing parent, and the value nested in what is missing below it.
  let depth = path.length - 1;
  while (depth > 0 && !load().findNodeAtLocation(tree, path.slice(0, depth))) depth--;
  const parent = depth === 0 ? tree : load().findNodeAtLocation(tree, path.slice(0, depth))!;
  const key = path[depth];
  const last = parent.children?.at(-1);
  if (parent.type !== 'object' || typeof key !== 'string' || !last) return modify();
  const nested = path.slice(depth + 1).reduceRight<unknown>((v, k) => ({ [k as string]: v }), value);
  const f = detectFormat(text);
  const lead = text.slice(text.lastIndexOf('\n', last.offset) + 1, last.offset);
  const end = last.offset + last.length;
  if (/\S/.test(lead)) return `${text.slice(0, end)}, ${JSON.stringify(key)}: ${JSON.stringify(nested)}${text.slice(end)}`;
  const body = JSON.stringify(nested, null, unitOf(f)).split('\n').join(`${f.eol}${lead}`);
  return `${text.slice(0, end)},${f.eol}${lead}${JSON.stringify(key)}: ${body}${text.slice(end)}`;
}

/** Appends `value` to the array at `path`, in the layout of the array's last element. */
export function appendToArray(text: string, path: JSONPath, value: unknown): string {
  const node = load().findNodeAtLocation(load().parseTree(text)!, path);
  const last = node?.children?.at(-1);
  if (node && node.type !== 'array') throw new GitMemoryError(`expected a list at ${path.join('.')}, found ${node.type}; the file was left as it is`);
  if (!last) return setProperty(text, path, [value]);
  const f = detectFormat(text);
  const lineStart = text.lastIndexOf('\n', last.offset) + 1;
  const lead = text.slice(lineStart, last.offset);
  const end = last.offset + last.length;
  // An array written on one line stays on one line.
  if (/\S/.test(lead)) return `${text.slice(0, end)}, ${JSON.stringify(value)}${text.slice(end)}`;
  const body = JSON.stringify(value, null, unitOf(f)).split('\n').join(`${f.eol}${lead}`);
  return `${text.slice(0, end)},${f.eol}${lead}${body}${text.slice(end)}`;
}

/**
 * Removes the value at `path`: an object property, or an array element together with the comma
 * and line break that joined it to its neighbour (the exact inverse of `appendToArray`).
 */
export function removePath(text: string, path: JSONPath): string {
  const parentPath = path.slice(0, -1);
  const index = path.at(-1);
  const parent = load().findNodeAtLocation(load().parseTree(text)!, parentPath);
  const modify = () => load().applyEdits(text, load().modify(text, path, undefined, modifyOptions(text)));
  // A property beside others: the exact inverse of setProperty's insertion, as for array elements below.
  if (parent?.type === 'object' && typeof index === 'string') {
    const props = parent.children ?? [];
    const at = props.findIndex((p) => p.children?.[0]?.value === index);
    if (at < 0 || props.length === 1) return modify();
    const el = props[at]!;
    if (at > 0) return text.slice(0, props[at - 1]!.offset + props[at - 1]!.length) + text.slice(el.offset + el.length);
    return text.slice(0, el.offset) + text.slice(props[1]!.offset);
  }
  if (!parent || parent.type !== 'array' || typeof index !== 'number') return modify();
  const items = parent.children ?? [];
  const el = items[index];
  if (!el) return text;
  if (items.length === 1) return load().applyEdits(text, load().modify(text, path, undefined, modifyOptions(text)));
  if (index > 0) {
    const prev = items[index - 1]!;
    return text.slice(0, prev.offset + prev.length) + text.slice(el.offset + el.length);
  }
  return text.slice(0, el.offset) + text.slice(items[1]!.offset);
}

/** True when the text holds nothing but an empty object (and whitespace): the file can go. */
export function isEmptyObject(text: string): boolean {
  return text.replace(/\s+/g, '') === '{}';
}
