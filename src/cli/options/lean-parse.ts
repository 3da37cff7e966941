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
  // No arguments (how agents start the primer): nothing to read, and node's parseArgs, loaded on
  // first use, costs ~0.3 ms at every session start.
  let parsed: ReturnType<typeof readArgs> = { values: {}, positionals: [], tokens: [] };
  if (args.length) {
    try {
      parsed = readArgs(table, args, allowPositionals);
    } catch {
      return null;
    }
  }
  const given = new Set<string>();
  for (const t of parsed.tokens) {
    if (t.kind !== 'option') continue;
    if (given.has(t.name)) return null;
    given.add(t.name);
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
