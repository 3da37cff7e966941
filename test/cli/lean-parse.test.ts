import { describe, expect, it } from 'vitest';
import { END_OPTIONS } from '../../src/cli/options/end.js';
import { GLOBAL_OPTIONS } from '../../src/cli/options/global.js';
import { PRIMER_OPTIONS } from '../../src/cli/options/primer.js';
import { readLean, readPlain, readWithNode, type OptionTable } from '../../src/cli/options/lean-parse.js';

let seed = 3;
const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

/** Argument vectors made of a table's names (as they are, negated, with `=`), values and stray words. */
function vectors(table: OptionTable, n: number): string[][] {
  const names = Object.keys(table);
  const pieces = () => {
    const name = pick(names);
    return pick([[`--${name}`], [`--no-${name}`], [`--${name}=${pick(['3', '', 'x=y', '-1'])}`], [`--${name}`, pick(['{"request":"r"}', '', '7', '-x', '--json', 'two words'])], [pick(['word', '-', '--', '-j', '--nope', '--no-nope', 'é'])]]);
  };
  return Array.from({ length: n }, () => Array.from({ length: Math.floor(rand() * 5) }, pieces).flat());
}

describe('lean arguments read without parseArgs (lean-parse.ts readPlain)', () => {
  for (const [label, table] of [['end', { ...GLOBAL_OPTIONS, ...END_OPTIONS }], ['primer', { ...GLOBAL_OPTIONS, ...PRIMER_OPTIONS }], ['global', GLOBAL_OPTIONS]] as const) {
    it(`reads every vector it takes as node's parseArgs does (${label}, 3,000 vectors, with and without positionals)`, () => {
      let plain = 0;
      for (const args of vectors(table, 3_000)) {
        for (const positionals of [false, true]) {
          const got = readPlain(table, args, positionals);
          if (!got) continue;
          plain++;
          let node: ReturnType<typeof readWithNode> | string;
          try {
            node = readWithNode(table, args, positionals);
          } catch (e) {
            node = (e as Error).message;
          }
          expect(got, JSON.stringify(args)).toEqual(node);
        }
      }
      expect(plain).toBeGreaterThan(1_000);
    });
  }

  it('reads the way agents and scripts call end and primer without parseArgs', () => {
    const table = { ...GLOBAL_OPTIONS, ...END_OPTIONS };
    expect(readPlain(table, ['--summary', '{"request":"x"}'], false)).toEqual({ values: { summary: '{"request":"x"}' }, positionals: [], names: ['summary'] });
    expect(readPlain(table, ['--summary', '-x'], false)).toBeNull();
    expect(readLean(table, ['--summary', '-x'], false)).toBeNull();
  });
});
