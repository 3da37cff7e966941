// The real-transcript corpus grown by a NEW held-out part (stop 36, bench/corpus-collect.mjs):
// transcripts of sources no earlier round had looked at, held out whatever their sha256, never
// read by the tuning, and pooled with the older held-out part for the judge and the bench.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with the bench
import { HELD_OUT, HELD_OUT_NEW, HELD_OUT_POOLED, MANIFEST, pairedComparison, partOf, rowsOf, splitTable, TRACES, TUNING } from '../../bench/corpus.mjs';
import * as rates from '../../src/compact/hit-rate.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';

type Entry = { file: string; repo: string; path: string; commit: string; sha256: string; bytes: number; agent: string; part?: string };
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { transcripts: Entry[] };
// Stop 36's part (stop 40's has a test of its own: corpus-stop40-part.test.ts).
const fresh = manifest.transcripts.filter((t) => t.part === 'held out, stop 36 sources');
const older = manifest.transcripts.filter((t) => !t.part);

describe('the new held-out part of the corpus', () => {
  it('holds at least 20 transcripts, each with its origin (repository, path, commit, sha256, size)', () => {
    expect(fresh.length).toBeGreaterThanOrEqual(20);
    for (const t of fresh) {
      expect(t).toMatchObject({ agent: 'claude', repo: expect.stringMatching(/^[^/]+\/[^/]+$/), commit: expect.stringMatching(/^[0-9a-f]{40}$/), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(t.path).toMatch(/projects\/.+\.jsonl$/);
      expect(t.bytes).toBeGreaterThan(0);
    }
  });

  it('comes from repositories none of the earlier transcripts came from, and repeats no transcript', () => {
    const before = new Set(older.map((t) => t.repo));
    for (const t of fresh) expect(before.has(t.repo), t.repo).toBe(false);
    expect(new Set(manifest.transcripts.map((t) => t.sha256)).size).toBe(manifest.transcripts.length);
  });

  it('is held out whatever the sha256, while the older transcripts keep their parts', () => {
    // Without the manifest's `part`, the even ones would fall into the tuning part.
    expect(fresh.some((t) => parseInt(t.sha256[0]!, 16) % 2 === 0)).toBe(true);
    for (const t of fresh) expect(partOf(t.sha256)).toBe(HELD_OUT_NEW);
    for (const t of older) expect(partOf(t.sha256)).toBe(parseInt(t.sha256[0]!, 16) % 2 === 0 ? TUNING : HELD_OUT);
    expect(HELD_OUT_NEW.startsWith('held-out')).toBe(true); // the judge reads every part named so; the tuning only "tuning"
  });

  it('has a trace for every transcript, and the bench pools it with the older held-out part', () => {
    const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces as { sha256: string; tool_calls: number }[];
    const traced = new Set(traces.map((t) => t.sha256));
    for (const t of fresh) expect(traced.has(t.sha256), t.file).toBe(true);
    // A few traces of each part are enough to check the pooling.
    const pick = (part: string) => traces.filter((t) => partOf(t.sha256) === part).slice(0, 3);
    const parts = splitTable([...pick(TUNING), ...pick(HELD_OUT), ...pick(HELD_OUT_NEW)], emptyLedger, rates);
    expect(parts[HELD_OUT_POOLED].transcripts).toBe(parts[HELD_OUT].transcripts + parts[HELD_OUT_NEW].transcripts);
    expect(parts[HELD_OUT_POOLED].all.length).toBe(parts[HELD_OUT].all.length + parts[HELD_OUT_NEW].all.length);
    expect(parts[TUNING].transcripts).toBe(3);
  });

  it("issue 25's target on the new part, as far as it is shown: the score better than Claude Code's rule with confidence at 5 and 10, and no simple rule better than the score with confidence", () => {
    // Against "most recently touched" and "most often touched" the new part is level, as the older
    // held-out part is: the bench prints the gaps and their intervals (at 10 only 2 of its 80
    // transcripts find a different number of files under the score and either rule).
    const traces = (JSON.parse(readFileSync(TRACES, 'utf8')).traces as { sha256: string }[]).filter((t) => partOf(t.sha256) === HELD_OUT_NEW);
    const part = splitTable(traces, emptyLedger, rates)[HELD_OUT_NEW];
    for (const measure of ['hit', 'recall']) {
      const rows = rowsOf(part.all, measure);
      for (const k of [5, 10]) {
        expect({ measure, k, verdict: pairedComparison(rows, 'ours', 'claude', k).verdict }).toEqual({ measure, k, verdict: 'better' });
        for (const rule of rates.RULES.filter((r: string) => r !== 'ours')) expect({ measure, rule, k, verdict: pairedComparison(rows, 'ours', rule, k).verdict }).not.toMatchObject({ verdict: 'worse' });
      }
    }
  });
});
