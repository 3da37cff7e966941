// The real-transcript corpus grown by a third new held-out part (stop 55, bench/corpus-collect.mjs
// SOURCES_55, by a rule committed before any figure of them): transcripts of sources no earlier
// round had looked at, held out whatever their sha256, in a part of their own, never read by the
// tuning, pooled with every earlier held-out part for the judge and the bench.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with the bench
import { PART_55, PER_SOURCE, SOURCES, SOURCES_36, SOURCES_55 } from '../../bench/corpus-collect.mjs';
// @ts-expect-error: a plain ES module shared with the bench
import { AGENTS_MANIFEST, CODEX_MIN_FILES, HELD_OUT, HELD_OUT_40, HELD_OUT_55, HELD_OUT_ALL, HELD_OUT_CODEX, HELD_OUT_NEW, MANIFEST, partOf, splitTable, TRACES, TUNING } from '../../bench/corpus.mjs';
import * as rates from '../../src/compact/hit-rate.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';

type Entry = { file: string; repo: string; path: string; commit: string; sha256: string; bytes: number; agent: string; part?: string };
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { transcripts: Entry[] };
const part55 = manifest.transcripts.filter((t) => t.part === PART_55);
const earlier = manifest.transcripts.filter((t) => t.part !== PART_55);
const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces as { sha256: string; agent: string; tool_calls: number; steps: [string, number, number, number, number][] }[];
const agents = JSON.parse(readFileSync(AGENTS_MANIFEST, 'utf8')) as { transcripts: Entry[] };

describe("stop 55's held-out part of the corpus", () => {
  it('holds transcripts of the committed sources only, each with its origin, at most PER_SOURCE a source', () => {
    expect(PART_55).toBe('held out, stop 55 sources');
    expect(part55.length).toBeGreaterThanOrEqual(20);
    const sources = new Set(SOURCES_55.map((s: { repo: string }) => s.repo));
    const per = new Map<string, number>();
    for (const t of part55) {
      expect(sources.has(t.repo), t.repo).toBe(true);
      expect(t).toMatchObject({ agent: 'claude', commit: expect.stringMatching(/^[0-9a-f]{40}$/), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(t.path).toMatch(/projects\/.+\.jsonl$/);
      expect(t.path).not.toMatch(/prompt_suggestion|acompact|aside_question/);
      expect(t.bytes).toBeGreaterThan(0);
      per.set(t.repo, (per.get(t.repo) ?? 0) + 1);
    }
    for (const n of per.values()) expect(n).toBeLessThanOrEqual(PER_SOURCE);
  });

  it('comes from repositories no earlier transcript or source came from, and repeats no transcript or file name', () => {
    const before = new Set([...earlier.map((t) => t.repo), ...SOURCES_36.map((s: { repo: string }) => s.repo), ...SOURCES.map((s: { repo: string }) => s.repo)]);
    for (const s of SOURCES_55) expect(before.has(s.repo), s.repo).toBe(false);
    expect(new Set(manifest.transcripts.map((t) => t.sha256)).size).toBe(manifest.transcripts.length);
    expect(new Set(manifest.transcripts.map((t) => t.file)).size).toBe(manifest.transcripts.length);
  });

  it('is held out whatever the sha256, in a part of its own, while every earlier transcript keeps its part', () => {
    expect(part55.some((t) => parseInt(t.sha256[0]!, 16) % 2 === 0)).toBe(true); // these would tune without `part`
    for (const t of part55) expect(partOf(t.sha256)).toBe(HELD_OUT_55);
    const before = { 'held out, stop 36 sources': HELD_OUT_NEW, 'held out, stop 40 sources': HELD_OUT_40 } as Record<string, string>;
    for (const t of earlier) expect(partOf(t.sha256)).toBe(t.part ? before[t.part] : parseInt(t.sha256[0]!, 16) % 2 === 0 ? TUNING : HELD_OUT);
    expect(HELD_OUT_55.startsWith('held-out')).toBe(true); // the judge reads every part named so; the tuning only "tuning"
  });

  it('has a trace for every transcript, and the bench pools it with every earlier held-out part', () => {
    const traced = new Set(traces.map((t) => t.sha256));
    for (const t of part55) expect(traced.has(t.sha256), t.file).toBe(true);
    const pick = (part: string) => traces.filter((t) => partOf(t.sha256) === part).slice(0, 2);
    const parts = splitTable([...pick(TUNING), ...pick(HELD_OUT), ...pick(HELD_OUT_NEW), ...pick(HELD_OUT_40), ...pick(HELD_OUT_55)], emptyLedger, rates);
    expect(parts[HELD_OUT_55].transcripts).toBe(2);
    expect(parts[HELD_OUT_ALL].transcripts).toBe(8);
    expect(parts[HELD_OUT_ALL].all.length).toBe(parts[HELD_OUT].all.length + parts[HELD_OUT_NEW].all.length + parts[HELD_OUT_40].all.length + parts[HELD_OUT_55].all.length);
    expect(parts[TUNING].transcripts).toBe(2);
  });
});

describe("the agents corpus's Codex rollouts in the hot-file table (stop 55)", () => {
  const codex = traces.filter((t) => t.agent === 'codex');
  const rollouts = new Map(agents.transcripts.filter((t) => t.agent === 'codex').map((t) => [t.sha256, t]));

  it('traces at least 20 real Codex rollouts, each one of the agents manifest with its origin, each touching CODEX_MIN_FILES files or more', () => {
    expect(codex.length).toBeGreaterThanOrEqual(20);
    expect(new Set(codex.map((t) => rollouts.get(t.sha256)?.repo)).size).toBeGreaterThanOrEqual(5);
    for (const t of codex) {
      const origin = rollouts.get(t.sha256);
      expect(origin, t.sha256).toMatchObject({ agent: 'codex', commit: expect.stringMatching(/^[0-9a-f]{40}$/), path: expect.stringMatching(/rollout-.+\.jsonl$/) });
      expect(new Set(t.steps.filter((s) => s[0] !== 'n').map((s) => s[1])).size).toBeGreaterThanOrEqual(CODEX_MIN_FILES);
    }
  });

  it('is held out whatever the sha256, in a part of its own, pooled with every held-out part', () => {
    expect(codex.some((t) => parseInt(t.sha256[0]!, 16) % 2 === 0)).toBe(true); // these would tune without the rule
    for (const t of codex) expect(partOf(t.sha256)).toBe(HELD_OUT_CODEX);
    expect(HELD_OUT_CODEX.startsWith('held-out')).toBe(true);
    const pick = (part: string) => traces.filter((t) => partOf(t.sha256) === part).slice(0, 2);
    const parts = splitTable([...pick(HELD_OUT), ...pick(HELD_OUT_NEW), ...pick(HELD_OUT_40), ...pick(HELD_OUT_CODEX)], emptyLedger, rates);
    expect(parts[HELD_OUT_CODEX].transcripts).toBe(2);
    expect(parts[HELD_OUT_ALL].transcripts).toBe(8);
    // A Codex rollout's cuts are scored as a Claude Code transcript's are: the second part touched files the first knew.
    expect(parts[HELD_OUT_CODEX].rows.length).toBeGreaterThan(0);
  });
});
