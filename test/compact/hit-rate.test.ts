import { describe, expect, it } from 'vitest';
import { hitRates, touchedAfter } from '../../src/compact/hit-rate.js';
import { emptyLedger, type FileTouch } from '../../src/transcripts/ledger.js';

const touch = (path: string, over: Partial<FileTouch>): FileTouch => ({ path, reads: 1, edits: 0, writes: 0, first: '2026-01-01T10:00:00Z', last: '2026-01-01T10:00:00Z', last_op: 'read', by_subagent: false, last_call: 0, ...over });

describe('hit rates at the midpoint', () => {
  it('compares the seed score with the most-recently-read rule on what the second half touched', () => {
    const first = emptyLedger('claude');
    first.tool_calls = 10;
    first.updated = '2026-01-01T10:30:00Z';
    // Edited early and often (the seed keeps it), then six files read late (Claude Code keeps five of them).
    first.files = [
      touch('src/core.ts', { reads: 1, edits: 4, last_op: 'edit', last_call: 3 }),
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((n, i) => touch(`docs/${n}.md`, { last_call: 4 + i })),
    ];
    const full = emptyLedger('claude');
    full.tool_calls = 14;
    full.files = [...first.files.map((f) => ({ ...f })), touch('src/new.ts', { last_call: 12 })];
    full.files[0]!.last_call = 11; // core.ts edited again in the second half
    full.files[6]!.last_call = 13; // and f.md read again
    expect([...touchedAfter(first, full)].sort()).toEqual(['docs/f.md', 'src/core.ts', 'src/new.ts']);
    const r = hitRates(first, full);
    expect(r.touched).toBe(3);
    expect(r.ours[5]).toBeCloseTo(2 / 3);
    expect(r.claude[5]).toBeCloseTo(1 / 3);
    expect(r.ours[10]).toBeCloseTo(2 / 3);
    expect(r.claude[10]).toBeCloseTo(2 / 3);
    // src/new.ts was unknown at the cut: no ranking of the first half could find more than 2 of 3.
    expect(r.reachable[5]).toBeCloseTo(2 / 3);
    expect(r.reachable[10]).toBeCloseTo(2 / 3);
  });

  it('is null when the second half touched nothing', () => {
    const l = emptyLedger('claude');
    expect(hitRates(l, l).ours[5]).toBeNull();
    expect(hitRates(l, l).reachable[5]).toBeNull();
  });
});
