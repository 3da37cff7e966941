import { parseArgs } from 'node:util';

/** One entry of an option table, as yargs reads it (the subset the tables use). */
export interface OptionSpec {
  type: 'string' | 'boolean';
  describe: string;
  choices?: readonly string[];
  default?: string | number | boolean;
  coerce?: (raw: string) => unknown;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** The table as node's parseArgs options: each flag keeps its name and type. */
export function toParseArgs(table: OptionTable): Record<string, { type: 'string' | 'boolean' }> {
  return Object.fromEntries(Object.entries(table).map(([name, o]) => [name, { type: o.type }]));
}

const readArgs = (table: OptionTable, args: string[], allowPositionals: boolean) =>
  parseArgs({ args, options: toParseArgs(table), strict: true, allowPositionals, allowNegative: true, tokens: true });

/** What readArgs gives that leanParse reads: the values, the positionals, and the names given in order. */
interface Read {
  values: Record<string, string | boolean>;
  positionals: string[];
  names: string[];
}

/**
 * The plain arguments an agent or a script passes (`--summary <json>`, `--json`, `--no-color`,
 * `--days=3`, words of a query) read without node's parseArgs, which costs ~3.4 M instructions to
 * load and compile at every `end`. What it does not read plainly (a short flag, a value that
 * starts with a dash, `--`, an unknown name, a boolean given a value) is null, and parseArgs reads
 * it. test/cli/lean-parse.test.ts holds both readings side by side.
 */
export function readPlain(table: OptionTable, args: string[], allowPositionals: boolean): Read | null {
  const out: Read = { values: {}, positionals: [], names: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('-')) {
      if (!allowPositionals) return null;
      out.positionals.push(arg);
      continue;
    }
    if (!arg.startsWith('--') || arg === '--') return null;
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const spec = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!spec) {
      const positive = name.startsWith('no-') ? name.slice(3) : null;
      if (eq >= 0 || !positive || !Object.hasOwn(table, positive) || table[positive]!.type !== 'boolean' || Object.hasOwn(table, name)) return null;
      out.values[positive] = false;
      out.names.push(positive);
      continue;
    }
    if (spec.type === 'boolean') {
      if (eq >= 0) return null;
      out.values[name] = true;
    } else if (eq >= 0) out.values[name] = arg.slice(eq + 1);
    else {
      const value = args[i + 1];
      if (value === undefined || value.startsWith('-')) return null;
      out.values[name] = value;
      i++;
    }
    out.names.push(name);
  }
  return out;
}

/** readArgs in the shape readPlain gives (it throws where parseArgs does). */
export function readWithNode(table: OptionTable, args: string[], allowPositionals: boolean): Read {
  const parsed = readArgs(table, args, allowPositionals);
  return { values: parsed.values as Read['values'], positionals: parsed.positionals, names: parsed.tokens.flatMap((t) => (t.kind === 'option' ? [t.name] : [])) };
}

/** The arguments read plainly where they can be, else by node's parseArgs (null where it refuses them). Exported for the tests. */
export function readLean(table: OptionTable, args: string[], allowPositionals: boolean): Read | null {
  const plain = readPlain(table, args, allowPositionals);
  if (plain) return plain;
  try {
    return readWithNode(table, args, allowPositionals);
  } catch {
    return null;
  }
}

export interface LeanArgs {
  values: Record<string, unknown>;
  positionals: string[];
}

/**
 * Reads arguments against an option table the way yargs reads them with the same table: the same
 * names, `--no-<flag>` for booleans, choices checked, `coerce` applied, defaults filled. Returns
 * null for whatever it cannot vouch for, which the caller hands to the full command line to parse
 * and report: an unknown flag, help, a missing or refused value, a flag given twice (yargs makes
 * an array of it), a positional where none is taken. test/cli/lean-options.test.ts holds the two
 * readings side by side for every table entry.
 */
export function leanParse(table: OptionTable, args: string[], allowPositionals: boolean): LeanArgs | null {
  const parsed = readLean(table, args, allowPositionals);
  if (!parsed) return null;
  const given = new Set<string>();
  for (const name of parsed.names) {
    if (given.has(name)) return null;
    given.add(name);
  }
  const values: Record<string, unknown> = {};
  for (const [name, o] of Object.entries(table)) {
    const v = parsed.values[name];
    if (v === undefined) {
      if (o.default !== undefined) values[name] = o.default;
      continue;
    }
    if (typeof v === 'string' && o.choices && !o.choices.includes(v)) return null;
    if (typeof v === 'string' && o.coerce) {
      try {
        values[name] = o.coerce(v);
      } catch {
        return null; // yargs reports the coerce's own message
      }
    } else values[name] = v;
  }
  return { values, positionals: parsed.positionals };
}
