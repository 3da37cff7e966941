// When a first search stops waiting for the check of a stored index (search/live.ts): the pace of
// the journal's listing so far, projected to its last day.
import { describe, expect, it } from 'vitest';
import { listedTooSlowly } from '../../src/search/live.js';

describe('listedTooSlowly', () => {
  it('says a listing will not be done by the deadline at the pace it went, and only then', () => {
    // 4 of 365 days in 10 ms: ~912 ms in all, past a deadline at 100 ms.
    expect(listedTooSlowly({ done: 4, total: 365 }, 0, 10, 100)).toBe(true);
    // 200 of 365 in 10 ms: ~18 ms in all.
    expect(listedTooSlowly({ done: 200, total: 365 }, 0, 10, 100)).toBe(false);
    // Nothing listed yet, or all of it: no guess.
    expect(listedTooSlowly({ done: 0, total: 365 }, 0, 10, 100)).toBe(false);
    expect(listedTooSlowly({ done: 365, total: 365 }, 0, 500, 100)).toBe(false);
    // Started late (from 50): 1 of 2 in 30 ms ends at 110.
    expect(listedTooSlowly({ done: 1, total: 2 }, 50, 80, 100)).toBe(true);
    expect(listedTooSlowly({ done: 1, total: 2 }, 50, 70, 100)).toBe(false);
  });
});
