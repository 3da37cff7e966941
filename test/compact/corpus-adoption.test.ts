// The adoption rule for the hot-file score (bench/corpus-variants.mjs, stop 35): a variant is
// nominated on the tuning part by a fixed criterion and judged once on the held-out part.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with the bench
import { cutTrace, MEASURES, mean, pairedComparison, rowsOf, SPLIT_CUTS, TRACES } from '../../bench/corpus.mjs';
// @ts-expect-error: a plain ES module shared with the bench
import { factsAt, JUDGED, judge, measure, nominate, NOMINEE, variantsOf } from '../../bench/corpus-variants.mjs';
import * as rates from '../../src/compact/hit-rate.js';
import * as hot from '../../src/compact/hot-files.js';
import { scoreHotFiles } from '../../src/compact/hot-files.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';

type K = Record<number, number | null>;
type Row = Record<string, unknown> & { id: string; ours: K };
const simple = ['claude', 'recent', 'often'];

/** One cut of transcript `id`: each rule's rate at 5 and 10, the same under the three measures unless `recall` says otherwise. */
function cut(id: string, rates: Record<string, [number, number]>, recall: Record<string, [number, number]> = {}): Row {
  const of = (r: Record<string, [number, number]>) => Object.fromEntries(Object.entries(r).map(([n, [a, b]]) => [n, { 5: a, 10: b }]));
  const hit = of(rates);
  const rec = { ...hit, ...of(recall) };
  return { id, ...hit, recall: rec, recall_known: rec } as unknown as Row;
}

describe('step 2: the nominee on the tuning part', () => {
  const base = { ours: [0.5, 0.5], claude: [0.4, 0.4], recent: [0.45, 0.5], often: [0.5, 0.45] } as Record<string, [number, number]>;

  it('is the variant, not below the shipped score, whose worst gap to the best simple rule is largest', () => {
    const rows = Array.from({ length: 6 }, (_, i) => cut(`t${i}`, { ...base, a: [0.6, 0.5], b: [0.55, 0.55], c: [0.9, 0.52] }, { c: [0.9, 0.4] }));
    const { nominee, eligible } = nominate(rows, ['a', 'b', 'c'], { rowsOf, mean, simple });
    // a: worst gap 0 (hit@10 level with the best rule); b: +0.05 at both; c: +0.02 but below the shipped score by the measure at 10.
    expect(nominee).toBe('b');
    expect(eligible.find((e: { name: string }) => e.name === 'c')).toMatchObject({ notBelow: false });
    expect(eligible.find((e: { name: string }) => e.name === 'a').worst).toBeCloseTo(0, 10);
  });

  it('is none when every variant falls below the shipped score somewhere', () => {
    const rows = [cut('t0', { ...base, a: [0.6, 0.49] })];
    expect(nominate(rows, ['a'], { rowsOf, mean, simple }).nominee).toBeNull();
  });
});

describe('step 3: the judgement on the held-out part', () => {
  const shipped = { ours: [0.5, 0.5], claude: [0.4, 0.4], recent: [0.5, 0.5], often: [0.5, 0.5] } as Record<string, [number, number]>;
  const rows = (n: [number, number], recall?: [number, number]) => Array.from({ length: 12 }, (_, i) => cut(`t${i}`, { ...shipped, n }, recall ? { n: recall } : {}));
  const deps = { rowsOf, mean, pairedComparison, MEASURES, draws: 1000 };

  it('adopts a nominee not below the shipped score at 5 and 10, above at one, worse under no measure', () => {
    expect(judge(rows([0.5, 0.55]), 'n', deps)).toMatchObject({ adopted: true, a: true, b: true });
  });

  it('keeps the shipped score when the nominee is below it at one k, or merely level', () => {
    expect(judge(rows([0.6, 0.49]), 'n', deps)).toMatchObject({ adopted: false, a: false });
    expect(judge(rows([0.5, 0.5]), 'n', deps)).toMatchObject({ adopted: false, a: false });
  });

  it('keeps the shipped score when another measure shows the nominee worse with confidence', () => {
    const j = judge(rows([0.5, 0.55], [0.5, 0.4]), 'n', deps);
    expect(j).toMatchObject({ adopted: false, a: true, b: false });
    expect(j.comparisons.filter((c: { verdict: string }) => c.verdict === 'worse').map((c: { measure: string; k: number }) => `${c.measure}@${c.k}`)).toEqual(['recall@10', 'recall_known@10']);
  });

  it('has judged the committed nominee once (stops 35, 36, 38, 52, 54 and 55: none adopted)', () => {
    expect(JUDGED.map((j: { nominee: string }) => j.nominee)).toContain(NOMINEE);
    expect(new Set(JUDGED.map((j: { nominee: string }) => j.nominee)).size).toBe(JUDGED.length);
    // Stop 55 nominated among its own variants (a file's frequency counted from its second operation), judged on a held-out part grown by its new sources.
    const j55 = JUDGED.find((j: { round: string }) => j.round === 'stop 55');
    expect(j55).toMatchObject({ nominee: NOMINEE, commit: expect.stringMatching(/^[0-9a-f]{40}$/), verdict: expect.stringMatching(/^not adopted/) });
    expect(j55.held_out).toContain('stop 55 sources');
  });
});

describe('the variants', () => {
  it('"as shipped" measured as the variants are gives the shipped score\'s rates under every measure, named files known to both', () => {
    const traces = (JSON.parse(readFileSync(TRACES, 'utf8')).traces as { sha256: string; tool_calls: number; steps: unknown[][] }[]).filter((t) => t.tool_calls >= 40 && t.steps.some((s) => s[0] === 'n')).slice(0, 20);
    const name = 'as shipped (a check: equals the score)';
    const rows = measure(traces, { [name]: variantsOf(hot)[name] }, { rates, ledger: { emptyLedger }, cutTrace, SPLIT_CUTS }) as Record<string, Record<string, K>>[];
    let known = 0;
    for (const r of rows)
      for (const m of ['recall', 'recall_known'])
        for (const k of [5, 10]) {
          expect({ m, k, v: r[m][name][k] }).toEqual({ m, k, v: r[m].ours[k] });
          if (m === 'recall_known' && r[m].ours[k] !== null) known++;
        }
    expect(known).toBeGreaterThan(20);
  });

  it('"as shipped" ranks every file as the product does, on real traces', () => {
    const traces = (JSON.parse(readFileSync(TRACES, 'utf8')).traces as { sha256: string; tool_calls: number }[]).filter((t) => t.tool_calls >= 40).slice(0, 25);
    const shipped = variantsOf(hot)['as shipped (a check: equals the score)'];
    let compared = 0;
    for (const t of traces)
      for (const frac of [0.3, 0.7]) {
        const { first } = cutTrace(t, frac, emptyLedger);
        const product = scoreHotFiles(first, [], { now: new Date(first.updated), sizeOf: () => 4000 }).map((f) => f.path);
        expect(shipped(first, factsAt(t, first))).toEqual(product);
        compared += product.length > 1 ? 1 : 0;
      }
    expect(compared).toBeGreaterThan(20);
  });

  it('"as shipped" ranks a file a tool writes (a PDF, an image) after the work, as the product does (stop 54)', () => {
    const traces = (JSON.parse(readFileSync(TRACES, 'utf8')).traces as { sha256: string; tool_calls: number; files: string[] }[]).filter((t) => t.files.some((p) => hot.isToolWrittenPath(p))).slice(0, 25);
    const shipped = variantsOf(hot)['as shipped (a check: equals the score)'];
    let withTool = 0;
    for (const t of traces)
      for (const frac of [0.5, 0.7]) {
        const { first } = cutTrace(t, frac, emptyLedger);
        const product = scoreHotFiles(first, [], { now: new Date(first.updated), sizeOf: () => 4000 }).map((f) => f.path);
        expect(shipped(first, factsAt(t, first))).toEqual(product);
        const tool = product.findIndex((p) => hot.isToolWrittenPath(p));
        if (tool < 0) continue;
        withTool++;
        // Every file touched and not tool-written comes before it.
        expect(product.slice(tool).filter((p) => !hot.isToolWrittenPath(p) && first.files.some((f: { path: string }) => f.path === p))).toEqual([]);
      }
    expect(withTool).toBeGreaterThan(5);
  });
});
