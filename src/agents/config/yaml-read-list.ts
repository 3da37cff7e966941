import { createRequire } from 'node:module';
import { EXIT, GitMemoryError, parserReason } from '../../errors.js';

// `yaml` is loaded only here, when an Aider configuration is edited.
type YamlNode = { range?: [number, number, number] | null; value?: unknown; items?: YamlPair[] | YamlNode[]; flow?: boolean; key?: YamlNode };
type YamlPair = { key: YamlNode | null; value: YamlNode | null };
type YamlModule = {
  parseDocument(text: string): { errors: { message: string; linePos?: { line: number }[] }[]; contents: YamlNode | null };
  isMap(n: unknown): boolean;
  isSeq(n: unknown): boolean;
  isScalar(n: unknown): boolean;
};
const load = () => createRequire(import.meta.url)('yaml') as YamlModule;

/**
 * Adds and removes one entry of a top-level list key (Aider's `read:`) by editing the text at the
 * positions the YAML parser reports, so comments, quoting and layout elsewhere stay byte for byte.
 */
function locate(text: string, file: string, key: string) {
  const Y = load();
  const doc = Y.parseDocument(text);
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    throw new GitMemoryError(`${file}:${e.linePos?.[0]?.line ?? '?'}: cannot parse (${parserReason(e.message)}); it was left as it is`, EXIT.error, 'fix the file, then run the command again');
  }
  if (doc.contents !== null && !Y.isMap(doc.contents)) throw new GitMemoryError(`${file}: expected a mapping at the top; it was left as it is`);
  const pair = ((doc.contents?.items ?? []) as YamlPair[]).find((p) => p.key && Y.isScalar(p.key) && p.key.value === key);
  return { Y, pair };
}

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
const lineEnd = (text: string, at: number) => {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl + 1;
};
const withNewline = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);

/** Adds `entry` to the list at `key`, creating the key, or turning a single value into a list. */
export function addListEntry(text: string, file: string, key: string, entry: string): string {
  const { Y, pair } = locate(text, file, key);
  const v = pair?.value;
  if (!pair || !v || !v.range) {
    if (pair?.key?.range) {
      const colon = text.indexOf(':', pair.key.range[1]);
      return `${text.slice(0, colon + 1)} [${entry}]${text.slice(colon + 1)}`;
    }
    return `${withNewline(text)}${key}:\n  - ${entry}\n`;
  }
  if (Y.isScalar(v)) {
    if (v.value === entry) return text;
    return `${text.slice(0, v.range[0])}[${text.slice(v.range[0], v.range[1])}, ${entry}]${text.slice(v.range[1])}`;
  }
  if (!Y.isSeq(v)) throw new GitMemoryError(`${file}: \`${key}\` is neither a file name nor a list; it was left as it is`);
  const items = (v.items ?? []) as YamlNode[];
  if (items.some((i) => Y.isScalar(i) && i.value === entry)) return text;
  const last = items.at(-1);
  if (!last?.range) return `${text.slice(0, v.range[0])}[${entry}]${text.slice(v.range[1])}`;
  if (v.flow) return `${text.slice(0, last.range[1])}, ${entry}${text.slice(last.range[1])}`;
  const start = lineStart(text, last.range[0]);
  const end = lineEnd(text, last.range[1]);
  const prefix = text.slice(start, last.range[0]); // e.g. "  - "
  return `${withNewline(text.slice(0, end))}${prefix}${entry}\n${text.slice(end)}`;
}

/**
 * Removes `entry` from the list at `key`, giving back what addListEntry found: a block list left
 * empty goes with its key (addListEntry wrote them both), a flow list `[entry]` becomes `[]` again
 * (a file of only `read: []` stays as it was), and `[X, entry]` becomes the single value `X`
 * (addListEntry's form for a single value; a hand-written `[X]` means the same to Aider).
 */
export function removeListEntry(text: string, file: string, key: string, entry: string): string {
  const { Y, pair } = locate(text, file, key);
  const v = pair?.value;
  if (!pair?.key?.range || !v?.range) return text;
  const dropPair = () => text.slice(0, lineStart(text, pair.key!.range![0])) + text.slice(lineEnd(text, v.range![1] - 1));
  if (Y.isScalar(v)) return v.value === entry ? dropPair() : text;
  if (!Y.isSeq(v)) return text;
  const items = (v.items ?? []) as YamlNode[];
  const i = items.findIndex((n) => Y.isScalar(n) && n.value === entry);
  if (i < 0) return text;
  if (items.length === 1) return v.flow ? `${text.slice(0, v.range[0])}[]${text.slice(v.range[1])}` : dropPair();
  const el = items[i]!.range!;
  const other = items[1 - i];
  if (v.flow && items.length === 2 && i === 1 && other?.range && Y.isScalar(other) && text.slice(v.range[0], v.range[1]) === `[${text.slice(other.range[0], other.range[1])}, ${entry}]`) {
    return `${text.slice(0, v.range[0])}${text.slice(other.range[0], other.range[1])}${text.slice(v.range[1])}`;
  }
  if (v.flow) {
    return i > 0 ? text.slice(0, items[i - 1]!.range![1]) + text.slice(el[1]) : text.slice(0, el[0]) + text.slice(items[1]!.range![0]);
  }
  return text.slice(0, lineStart(text, el[0])) + text.slice(lineEnd(text, el[1] - 1));
}

/** True when `entry` is in the list (or is the single value) at `key`. */
export function hasListEntry(text: string, file: string, key: string, entry: string): boolean {
  const { Y, pair } = locate(text, file, key);
  const v = pair?.value;
  if (!v) return false;
  if (Y.isScalar(v)) return v.value === entry;
  return Y.isSeq(v) && ((v.items ?? []) as YamlNode[]).some((n) => Y.isScalar(n) && n.value === entry);
}
