// The room there is for the hot-file score (bench/corpus-bound.mjs): a ranking fitted to the
// ledger's per-file facts, each transcript ranked by a model fitted on the other half.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with the bench
import { learnedBound, SPLIT_DIGITS } from '../../bench/corpus-bound.mjs';
import * as rates from '../../src/compact/hit-rate.js';
import * as hot from '../../src/compact/hot-files.js';
import * as ledger from '../../src/transcripts/ledger.js';

type Step = [string, number, number, number, number];

/**
 * A session of 100 tool calls: one file edited ten times at the start and again at calls 75 and 90
 * (it is what the rest of the session comes back to), and a new file read at every other call (the
 * rest never reads one again). The most recently touched files are always reads the rest ignores.
 */
function trace(i: number) {
  const files = ['src/work.ts'];
  const steps: Step[] = [];
  for (let call = 0; call < 100; call++) {
    if (call < 10 || call === 75 || call === 90) steps.push(['e', 0, call, Math.floor(call / 10), call * 10]);
    else {
      files.push(`src/read${call}.ts`);
      steps.push(['r', files.length - 1, call, Math.floor(call / 10), call * 10]);
    }
  }
  // Ids whose hex digits 1…5 vary, so that every split puts transcripts in both folds.
  const sha256 = (i * 0x1234567 + 0x89abcde).toString(16).padStart(8, '0').repeat(8).slice(0, 64);
  return { sha256, agent: 'claude', tool_calls: 100, cut: { tool_calls: 50, secs: 500 }, files, steps };
}

describe('the learned bound', () => {
  const traces = Array.from({ length: 24 }, (_, i) => trace(i));
  const bound = learnedBound(traces, { rates, hot, ledger }, { iterations: 300 });

  it('ranks every cut of every transcript, in each of its splits', () => {
    expect(bound.transcripts).toBe(24);
    expect(bound.cuts).toBe(24 * 5);
    expect(bound.splits.map((s: { digit: number }) => s.digit)).toEqual(SPLIT_DIGITS);
  });

  it('finds the file the rest comes back to, and beats the rule that misses it with confidence in every split', () => {
    for (const s of bound.splits) {
      // The rest touches the edited file and new reads: one of its files in the top 5 is all any ranking finds.
      expect(s.against.often[5].diff).toBeCloseTo(0, 10);
      expect(s.against.recent[5].verdict).toBe('better');
      expect(s.against.recent[5].diff).toBeGreaterThan(0);
    }
    expect(bound.gap('recent', 5)).toBeGreaterThan(0);
  });
});

/**
 * Stop 52: a session that touches a new file at every call and twice NAMES a plan file (the todo
 * list, a prompt) without opening it; the rest of the session opens the plan and nothing it touched.
 * Only a ranking of the named files beside the touched ones can find it.
 */
function namedTrace(i: number) {
  const files = ['docs/plan.md'];
  const steps: (string | number)[][] = [];
  for (let call = 0; call < 100; call++) {
    if (call === 10 || call === 40) steps.push(['n', 0, call, Math.floor(call / 10), call * 10]);
    if (call === 70) {
      steps.push(['r', 0, call, 7, call * 10]);
      continue;
    }
    files.push(`src/read${call}.ts`);
    steps.push(['r', files.length - 1, call, Math.floor(call / 10), call * 10]);
  }
  const sha256 = (i * 0x1234567 + 0x89abcde).toString(16).padStart(8, '0').repeat(8).slice(0, 64);
  return { sha256, agent: 'claude', tool_calls: 100, cut: { tool_calls: 50, secs: 500 }, files, steps };
}

describe('the learned bound with the named files (--named)', () => {
  it('ranks the files the first part only named beside the touched ones, and finds the one the rest opens', () => {
    const traces = Array.from({ length: 24 }, (_, i) => namedTrace(i));
    // Cut at 50% and 60%: the plan was named (calls 10 and 40) and not yet opened (call 70).
    const early = (b: { splits: { learned: Record<number, number> }[] }) => b.splits.map((s) => s.learned[5]);
    const touchedOnly = learnedBound(traces, { rates, hot, ledger }, { iterations: 300 });
    const withNamed = learnedBound(traces, { rates, hot, ledger }, { iterations: 300, named: true });
    expect(withNamed.files).toBeGreaterThan(touchedOnly.files);
    for (const [i, v] of early(withNamed).entries()) expect(v).toBeGreaterThan(early(touchedOnly)[i]);
    expect(withNamed.gap('ours', 5)).toBeGreaterThanOrEqual(0);
  });
});
