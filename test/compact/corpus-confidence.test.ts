// The confidence printed beside the hot-file means (issue 25 §5): a gap between two rules is
// called a win or a loss only when it is more than the corpus's noise.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with the bench
import { AGENTS_MANIFEST, describeComparison, MANIFEST, pairedComparison, partOf, rowsOf, signTest, splitTable, TRACES } from '../../bench/corpus.mjs';
import * as rates from '../../src/compact/hit-rate.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';

type Rates = Record<number, number | null>;
const row = (id: string, ours: number, other: number) => ({ id, ours: { 5: ours } as Rates, recent: { 5: other } as Rates });

describe('the sign test over transcripts', () => {
  it('is the two-sided binomial chance of a split at least this uneven', () => {
    expect(signTest(6, 0)).toBeCloseTo(2 / 64, 10);
    expect(signTest(0, 6)).toBeCloseTo(2 / 64, 10);
    expect(signTest(5, 2)).toBeCloseTo((2 * (1 + 7 + 21)) / 128, 10);
    expect(signTest(2, 2)).toBe(1);
    expect(signTest(0, 0)).toBe(1);
  });
});

describe('pairedComparison', () => {
  it('calls a gap every transcript shows a win, with its interval and the transcripts won', () => {
    const rows = Array.from({ length: 10 }, (_, i) => [row(`t${i}`, 0.5, 0.3), row(`t${i}`, 0.4, 0.2)]).flat();
    const c = pairedComparison(rows, 'ours', 'recent', 5);
    expect(c).toMatchObject({ wins: 10, losses: 0, ties: 0, transcripts: 10, cuts: 20, verdict: 'better' });
    expect(c.diff).toBeCloseTo(0.2, 10);
    expect(c.low).toBeCloseTo(0.2, 10);
    expect(c.p).toBeLessThan(0.01);
    expect(describeComparison(c)).toBe('+20.0 [+20.0, +20.0]; 10 won, 0 lost of 10; p 0.00');
  });

  it('does not call a gap that one transcript makes: the bootstrap draws whole transcripts, not cuts', () => {
    // One transcript, cut five times, carries the whole gap; nine are even.
    const rows = [...Array.from({ length: 5 }, () => row('big', 0.6, 0.2)), ...Array.from({ length: 9 }, (_, i) => row(`t${i}`, 0.3, 0.3))];
    const c = pairedComparison(rows, 'ours', 'recent', 5);
    expect(c.diff).toBeGreaterThan(0.1);
    expect(c.low).toBe(0);
    expect(c).toMatchObject({ wins: 1, losses: 0, ties: 9, verdict: 'not separable' });
  });

  it('calls a loss a loss, and gives the same interval at every run', () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(`t${i}`, 0.2, i % 4 === 0 ? 0.2 : 0.35));
    const a = pairedComparison(rows, 'ours', 'recent', 5);
    expect(a.verdict).toBe('worse');
    expect(pairedComparison(rows, 'ours', 'recent', 5)).toEqual(a);
  });
});

describe('the held-out part of the real-transcript corpus', () => {
  const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces as { sha256: string }[];
  const parts = splitTable(traces, emptyLedger, rates);

  it('is fixed by sha256 (odd first hex digit), holds at least 20 transcripts each side, and keeps every cut with its transcript', () => {
    expect(partOf('0abc')).toMatch(/^tuning/);
    expect(partOf('f35a')).toMatch(/^held-out/);
    const held = parts['held-out part (sha256 odd)'];
    // Of the sources before stop 36: those added then are a held-out part of their own (corpus-new-part.test.ts).
    // So are the agents corpus's Codex rollouts (stop 55, corpus-stop55-part.test.ts).
    const fresh = new Set([
      ...(JSON.parse(readFileSync(MANIFEST, 'utf8')).transcripts as { sha256: string; part?: string }[]).filter((t) => t.part).map((t) => t.sha256),
      ...(JSON.parse(readFileSync(AGENTS_MANIFEST, 'utf8')).transcripts as { sha256: string; agent: string }[]).filter((t) => t.agent === 'codex').map((t) => t.sha256),
    ]);
    expect(held.transcripts).toBe(traces.filter((t) => parseInt(t.sha256[0]!, 16) % 2 === 1 && !fresh.has(t.sha256)).length);
    expect(held.transcripts).toBeGreaterThanOrEqual(20);
    expect(new Set(held.rows.map((r: { id: string }) => r.id)).size).toBe(held.scoredTranscripts);
    // The ceiling is above every rule: no ranking finds a file its first part never knew.
    for (const k of [5, 10]) for (const r of rates.RULES) expect(held.table.reachable[k]).toBeGreaterThanOrEqual(held.table[r][k]);
  });

  it('no simple rule beats seed 004’s score with confidence, at top 5 or top 10', () => {
    const held = parts['held-out part (sha256 odd)'];
    for (const rule of rates.RULES.filter((r) => r !== 'ours')) for (const k of [5, 10]) expect({ rule, k, verdict: pairedComparison(held.rows, 'ours', rule, k).verdict }).not.toMatchObject({ verdict: 'worse' });
  });

  it("issue 25's target on the held-out part, as far as it is shown: the score better than Claude Code's rule with confidence at 5 and 10, by hit@k and by the issue's measure", () => {
    // Against "most recently touched" and "most often touched" the target is not shown: on 173
    // held-out transcripts the score's means lead by 0.0 to 0.3 points, inside intervals of about
    // ±0.7 at 5 and ±0.4 at 10 (the bench prints them); the test above holds that no simple rule is
    // better with confidence. (On 46 transcripts a mean lead at 10 was asserted here: it was noise.)
    const held = parts['held-out part (sha256 odd)'];
    for (const measure of ['hit', 'recall']) for (const k of [5, 10]) expect({ measure, k, verdict: pairedComparison(rowsOf(held.all, measure), 'ours', 'claude', k).verdict }).toEqual({ measure, k, verdict: 'better' });
  });

  it("nor by issue 25's own measure: the share of the rest's files found in the top k, of all of them and of those the first part knew", () => {
    const held = parts['held-out part (sha256 odd)'];
    for (const measure of ['recall', 'recall_known']) {
      const rows = rowsOf(held.all, measure);
      expect(rows.length).toBeGreaterThan(0);
      for (const rule of rates.RULES.filter((r) => r !== 'ours')) for (const k of [5, 10]) expect({ measure, rule, k, verdict: pairedComparison(rows, 'ours', rule, k).verdict }).not.toMatchObject({ verdict: 'worse' });
    }
  });
});
