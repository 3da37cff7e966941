// The lean start-ups (cli/lean/) read their flags with node's parseArgs from the tables yargs reads
// (cli/options/). This holds the two readings side by side: whatever the lean reading accepts, yargs
// accepts with the same values; whatever yargs refuses, the lean reading hands to the full CLI (null);
// and the plain spellings of every flag are taken by the lean reading (else the fast start is never used).
import { describe, expect, it } from 'vitest';
import { quoteArgs } from '../../src/cli/argv.js';
import type { Io } from '../../src/cli/io.js';
import { leanPrimerArgs } from '../../src/cli/lean/primer.js';
import { leanSearchArgs } from '../../src/cli/lean/search.js';
import { cli } from '../../src/cli/main.js';
import { GLOBAL_OPTIONS } from '../../src/cli/options/global.js';
import type { OptionTable } from '../../src/cli/options/lean-parse.js';
import { PRIMER_OPTIONS } from '../../src/cli/options/primer.js';
import { SEARCH_OPTIONS } from '../../src/cli/options/search.js';

const STOP = new Error('parsed: the handler is not run');

const io = (): Io => ({ cwd: process.cwd(), env: {}, out: () => {}, err: () => {}, readStdin: async () => Buffer.alloc(0), exitCode: 0 });

/** What the full command line hands to the command's handler, or null when it refuses the arguments (or prints help). */
async function yargsArgs(command: string, args: string[]): Promise<Record<string, unknown> | null> {
  let seen: Record<string, unknown> | null = null;
  try {
    await cli(io(), quoteArgs([command, ...args]))
      .middleware((argv) => {
        seen = { ...argv };
        throw STOP;
      })
      .parseAsync();
  } catch (e) {
    if (e !== STOP) return null;
  }
  return seen;
}

interface Case {
  args: string[];
  /** A spelling the lean reading must take (not only may). */
  plain?: boolean;
}

/** Spellings of one flag, right and wrong, from its table entry. */
function cases(name: string, o: OptionTable[string]): Case[] {
  const flag = `--${name}`;
  if (o.type === 'boolean')
    return [{ args: [flag], plain: true }, { args: [`--no-${name}`], plain: true }, { args: [`${flag}=true`] }, { args: [flag, flag] }, { args: [`--${name}x`] }];
  const out: Case[] = [{ args: [flag] }, { args: [`${flag}=`] }, { args: [flag, 'a', flag, 'b'] }, { args: [`--no-${name}`] }, { args: [`--${name}x`, 'v'] }];
  if (o.choices) out.push(...o.choices.flatMap((c) => [{ args: [flag, c], plain: true }, { args: [`${flag}=${c}`], plain: true }]), { args: [flag, 'nope'] });
  else if (o.coerce)
    out.push(
      { args: [flag, '3'], plain: true },
      { args: [`${flag}=12`], plain: true },
      ...['0', '-5', '1.5', 'abc', ' 4 ', '1e3', '0x10', '99999999999999999999'].flatMap((v) => [{ args: [flag, v] }, { args: [`${flag}=${v}`] }]),
    );
  else out.push({ args: [flag, 'main'], plain: true }, { args: [`${flag}=2026-01-01`], plain: true }, { args: [`${flag}=-x`] }, { args: [flag, '-x'] });
  return out;
}

const pick = (argv: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((k) => argv[k] !== undefined).map((k) => [k, argv[k]]));

const COMMANDS = [
  { command: 'primer', table: { ...GLOBAL_OPTIONS, ...PRIMER_OPTIONS } as OptionTable, lean: leanPrimerArgs, before: [] as string[], keys: [] as string[] },
  { command: 'search', table: { ...GLOBAL_OPTIONS, ...SEARCH_OPTIONS } as OptionTable, lean: leanSearchArgs, before: ['refresh', 'token'], keys: ['query'] },
];

describe.each(COMMANDS)('$command: lean flags and yargs flags', ({ command, table, lean, before, keys }) => {
  const all = [...Object.keys(table), ...keys];

  it.each(Object.keys(table))('--%s reads the same both ways', async (name) => {
    for (const c of cases(name, table[name]!)) {
      const args = [...before, ...c.args];
      const label = `${command} ${args.join(' ')}`;
      const quick = lean(args);
      const full = await yargsArgs(command, args);
      if (c.plain) expect(quick, `${label}: the lean start takes it`).not.toBeNull();
      if (full === null) expect(quick, `${label}: yargs refuses it, so the lean start hands it over`).toBeNull();
      if (quick !== null) expect(pick(quick as unknown as Record<string, unknown>, all), label).toEqual(pick(full!, all));
    }
  });

  it('no flags: the same defaults; unknown flags, help and version go to the full CLI', async () => {
    const quick = lean([...before]);
    expect(quick).not.toBeNull();
    expect(pick(quick as unknown as Record<string, unknown>, all)).toEqual(pick((await yargsArgs(command, [...before]))!, all));
    for (const extra of [['--bogus'], ['-x'], ['--help'], ['-h'], ['--version']]) expect(lean([...before, ...extra]), extra.join(' ')).toBeNull();
  });
});

describe('search positionals', () => {
  it('the query is read the same way, after `--` too; no query goes to the full CLI', async () => {
    for (const args of [['refresh'], ['refresh', 'token', '--limit', '2'], ['--', '-x', 'y'], ['a', '-', 'b']]) {
      const quick = leanSearchArgs(args);
      expect(quick, args.join(' ')).not.toBeNull();
      expect(pick(quick as unknown as Record<string, unknown>, ['query', 'limit'])).toEqual(pick((await yargsArgs('search', args))!, ['query', 'limit']));
    }
    expect(leanSearchArgs([])).toBeNull();
    expect(leanSearchArgs(['--limit', '3'])).toBeNull();
  });
});
