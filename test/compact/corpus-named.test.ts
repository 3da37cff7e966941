// Issue 25 §5, stop 51: the committed traces carry the files each session NAMED without touching
// them (a prompt, the todo list, a command line, a search's or a command's output: step `n`,
// src/transcripts/named.ts), and hot files rank them after every touched file. Measured on the
// traces in every run, so CI holds the figure without the corpus's text.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with the bench
import { HELD_OUT_ALL, ledgersOfTrace, pairedComparison, rowsOf, splitTable, TRACES } from '../../bench/corpus.mjs';
import * as rates from '../../src/compact/hit-rate.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';

type Trace = { sha256: string; steps: unknown[][] };
const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces as Trace[];
const simple = rates.RULES.filter((r) => r !== 'ours');

describe('hot files with the files a session named (committed traces)', () => {
  it('the traces carry what the first half named', () => {
    const withNamed = traces.filter((t) => t.steps.some((s) => s[0] === 'n'));
    expect(withNamed.length).toBeGreaterThan(traces.length / 2);
    const { first } = ledgersOfTrace(withNamed[0], emptyLedger);
    expect(first.named?.length).toBeGreaterThan(0);
  });

  it("at the midpoint, seed 004's score finds more than every simple rule with confidence at 10, and none finds more with confidence at 5", () => {
    const rows = rowsOf(
      traces.map((t) => {
        const { first, full } = ledgersOfTrace(t, emptyLedger);
        return { id: t.sha256, ...rates.hitRates(first, full) };
      }),
      'hit',
    );
    for (const rule of simple) expect({ rule, verdict: pairedComparison(rows, 'ours', rule, 10).verdict }).toEqual({ rule, verdict: 'better' });
    for (const rule of simple) expect({ rule, verdict: pairedComparison(rows, 'ours', rule, 5).verdict }).not.toEqual({ rule, verdict: 'worse' });
  });

  it("on every held-out part pooled (cuts at 30-70% of the tool calls), seed 004's score finds more than every simple rule with confidence at 5 and at 10", () => {
    const rows = splitTable(traces, emptyLedger, rates)[HELD_OUT_ALL].rows;
    for (const rule of simple) for (const k of [5, 10]) expect({ rule, k, verdict: pairedComparison(rows, 'ours', rule, k).verdict }).toEqual({ rule, k, verdict: 'better' });
  });
});
