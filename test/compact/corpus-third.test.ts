// Issue 25 §5's target on "a held-out third (tune on the rest, report both)" (stop 56): a third of
// every transcript of the hot-file table, fixed by its sha256 whatever its part, shown in the bench
// beside the other two thirds at the midpoint and across cuts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with the bench
import { partOf, THIRD_HELD, THIRD_REST, thirdOf, TRACES } from '../../bench/corpus.mjs';

const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces as { sha256: string; agent: string }[];

describe('the held-out third of the hot-file table', () => {
  it('holds about a third of the transcripts, the same ones at every run, by the sha256 alone', () => {
    const held = traces.filter((t) => thirdOf(t.sha256) === THIRD_HELD);
    expect(held.length / traces.length).toBeGreaterThan(0.28);
    expect(held.length / traces.length).toBeLessThan(0.38);
    for (const t of traces) expect([THIRD_HELD, THIRD_REST]).toContain(thirdOf(t.sha256));
    // The sha256 read as a number modulo 3: not the first hex digit the earlier parts read.
    expect(thirdOf('0'.repeat(63) + '3')).toBe(THIRD_HELD);
    expect(thirdOf('0'.repeat(63) + '4')).toBe(THIRD_REST);
    expect(thirdOf(`1${'0'.repeat(63)}`)).toBe(THIRD_REST); // 16^63 ≡ 1 (mod 3): the whole number counts, not its last digit
    expect(thirdOf(`2${'0'.repeat(62)}1`)).toBe(THIRD_HELD); // 2 + 1 ≡ 0
  });

  it('cuts across every earlier part and both agents, so that no part alone stands for it', () => {
    const held = traces.filter((t) => thirdOf(t.sha256) === THIRD_HELD);
    expect(new Set(held.map((t) => partOf(t.sha256))).size).toBeGreaterThanOrEqual(5);
    expect(held.some((t) => t.agent === 'codex')).toBe(true);
    expect(held.some((t) => t.agent !== 'codex')).toBe(true);
  });
});
