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

  it('ranks and counts only files a hot-file list can hold: none outside the repository, none of git-memory', () => {
    // Stop 56: the score leaves out a plan under ~/.claude and the memory's own files (never
    // restored), but the simple rules ranked them and the second half's touches of them were hits,
    // so "most often touched" won points no restore would ever give a user.
    const first = emptyLedger('claude');
    first.tool_calls = 10;
    first.updated = '2026-01-01T10:30:00Z';
    first.files = [
      touch('/home/u/.claude/plans/plan.md', { reads: 6, last_call: 9 }),
      touch('C:/Users/u/notes.md', { reads: 5, last_call: 8 }),
      touch('.openclaw_memory/MEMORY.md', { reads: 4, last_call: 7 }),
      touch('src/app.ts', { reads: 0, edits: 1, last_op: 'edit', last_call: 2 }),
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((n, i) => touch(`lib/${n}.ts`, { reads: 2, last_call: 1 + (i % 2) })),
    ];
    const full = emptyLedger('claude');
    full.tool_calls = 14;
    full.files = first.files.map((f) => ({ ...f }));
    for (const i of [0, 1, 2, 3]) full.files[i]!.last_call = 10 + i; // plan, notes, MEMORY.md and app.ts touched again
    const r = hitRates(first, full);
    expect(r.touched).toBe(1);
    expect(r.candidates).toBe(7);
    // Not one of the three outside/own files fills "most often touched"'s top 5 and scores a hit.
    expect(r.often[5]).toBe(0);
    expect(r.often[10]).toBe(1);
    expect(r.recent[5]).toBe(1);
    expect(r.ours[5]).toBe(1);
    expect(r.reachable[5]).toBe(1);
  });

  it('is null when the second half touched nothing', () => {
    const l = emptyLedger('claude');
    expect(hitRates(l, l).ours[5]).toBeNull();
    expect(hitRates(l, l).reachable[5]).toBeNull();
    expect(hitRates(l, l).recall.ours[5]).toBeNull();
    expect(hitRates(l, l).recall_known.reachable[10]).toBeNull();
  });

  it("also gives issue 25's measure: the share of the second half's files found in the first half's top k, of all of them and of those the first half knew", () => {
    // The first half read eight files; the second half touches its four latest again and eight new ones.
    const first = emptyLedger('claude');
    first.tool_calls = 8;
    first.updated = '2026-01-01T10:30:00Z';
    first.files = Array.from({ length: 8 }, (_, i) => touch(`docs/${i}.md`, { last_call: i }));
    const full = emptyLedger('claude');
    full.tool_calls = 20;
    full.files = [...first.files.map((f, i) => ({ ...f, last_call: i >= 4 ? 8 + i : f.last_call })), ...Array.from({ length: 8 }, (_, i) => touch(`docs/new${i}.md`, { last_call: 12 + i }))];
    const r = hitRates(first, full);
    expect(r.touched).toBe(12);
    // hit@k: found / min(k, touched): 4 of 5 at top 5, 4 of 10 at top 10.
    expect(r.recent[5]).toBeCloseTo(4 / 5);
    expect(r.recent[10]).toBeCloseTo(4 / 10);
    // The reading: 4 of the second half's 12 files are in the top 5 and in the top 10…
    expect(r.recall.recent[5]).toBeCloseTo(4 / 12);
    expect(r.recall.recent[10]).toBeCloseTo(4 / 12);
    expect(r.recall.reachable[10]).toBeCloseTo(4 / 12);
    // …and all 4 of the 4 the first half could have ranked.
    expect(r.recall_known.recent[5]).toBeCloseTo(1);
    expect(r.recall_known.ours[10]).toBeCloseTo(1);
    expect(r.recall_known.reachable[5]).toBeCloseTo(1);
    // The most often touched (all once: the latest first) finds the same four.
    expect(r.recall.often[5]).toBeCloseTo(4 / 12);
  });
});
