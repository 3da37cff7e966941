// Issue 25 §5 on real sessions, in every run: the committed traces of the real-transcript corpus
// (test/fixtures/corpus/: what the hot-file rules see of each transcript, no path, no text; the
// transcripts themselves stay out of the repository, see manifest.json and npm run test:corpus).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with the bench
import { AGENTS_MANIFEST, firstHalf, hitTable, ledgersOfTrace, MANIFEST, opaquePath, pairedComparison, rowsOf, traceOf, TRACES } from '../../bench/corpus.mjs';
import { fileTypeScore, projectScore } from '../../src/compact/hot-files.js';
import { hitRates, RULES } from '../../src/compact/hit-rate.js';
import * as build from '../../src/transcripts/build.js';
import { readLedger } from '../../src/transcripts/index.js';
import { emptyLedger, type Ledger } from '../../src/transcripts/ledger.js';
import * as read from '../../src/transcripts/read.js';
import { tempDir } from '../helpers/repo.js';

/**
 * A Claude Code session of `n` file tool calls (a Read or an Edit of one of 9 files each), and where
 * `held` says: records whose parent comes only later (or never), as a session resumed or copied
 * leaves them.
 */
function sessionWithHeldRecords(n: number, held: { at: number; parent: string; file: string }[]): string[] {
  const lines: string[] = [];
  let parent: string | null = null;
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 7000).toISOString();
  const call = (i: number, file: string, name: string, uuid: string, parentUuid: string | null) =>
    JSON.stringify({ type: 'assistant', parentUuid, uuid, sessionId: 's', cwd: '/w', timestamp: at(i), message: { id: `m${uuid}`, role: 'assistant', content: [{ type: 'tool_use', id: `t${uuid}`, name, input: name === 'Edit' ? { file_path: `/w/src/${file}`, old_string: 'a', new_string: 'b' } : { file_path: `/w/src/${file}` } }] } });
  for (let i = 0; i < n; i++) {
    for (const h of held.filter((x) => x.at === i)) lines.push(call(i, h.file, 'Edit', `held-${h.file}`, h.parent));
    const uuid = `r${i}`;
    lines.push(call(i, `f${(i * 7) % 9}.ts`, i % 3 ? 'Read' : 'Edit', uuid, parent));
    parent = uuid;
  }
  return lines;
}

/** What a hot-file rule reads of a ledger's files (the trace's stand-ins hide the paths). */
const shape = (l: Ledger) => ({ tool_calls: l.tool_calls, files: l.files.map((f) => [f.reads, f.edits, f.writes, f.last_op, f.last_call].join(' ')).sort() });

const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces as { sha256: string; agent: string }[];
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')).transcripts as { sha256: string; repo: string; path: string; commit: string; why: string }[];

describe('hot files on the real-transcript corpus (traces)', () => {
  it('has a trace for each of at least 20 transcripts, each with its public origin', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(20);
    // Every Claude Code transcript of the manifest; and (stop 55) the Codex rollouts of the agents manifest traced beside them.
    const rollouts = new Map((JSON.parse(readFileSync(AGENTS_MANIFEST, 'utf8')).transcripts as { sha256: string; agent: string; repo: string; path: string; commit: string }[]).map((m) => [m.sha256, m]));
    const codex = traces.filter((t) => t.agent === 'codex');
    expect(traces.filter((t) => t.agent !== 'codex').map((t) => t.sha256).sort()).toEqual(manifest.map((m) => m.sha256).sort());
    for (const m of manifest) expect(m.repo && m.path && /^[0-9a-f]{40}$/.test(m.commit) && m.why).toBeTruthy();
    for (const t of codex) expect(rollouts.get(t.sha256)).toMatchObject({ agent: 'codex', repo: expect.any(String), commit: expect.stringMatching(/^[0-9a-f]{40}$/) });
    // No path and no text: file stand-ins only.
    expect(readFileSync(TRACES, 'utf8')).not.toMatch(/\/home\/|\/Users\/|[A-Z]:\\\\/);
  });

  it('stands in for two files of the same well-known name as two files, each scoring as the real one', () => {
    // Two README.md (or package.json) in different folders are two files: one stand-in for both
    // merges their operations and changes what every rule ranks.
    const real = ['docs/README.md', 'database/README.md', 'src/a/package.json', 'src/b/package.json', 'server/.env', 'X:/app/.config', 'src/.eslintrc'];
    const stand = real.map((p, i) => opaquePath(p, i) as string);
    expect(new Set(stand).size).toBe(real.length);
    expect(stand.map(fileTypeScore)).toEqual(real.map(fileTypeScore));
    expect(stand.map(projectScore)).toEqual(real.map(projectScore));
  });

  it('a trace gives the ledgers a read of the first half and of the whole transcript give, records still waiting for their parent taken at each end', () => {
    // One record (an Edit of late.ts) waits at the cut for a parent that comes in the second half, one
    // (an Edit of never.ts) for a parent that never comes: readLedger takes each at the end of what it
    // read; the trace took them only when the parent came, or never.
    const lines = sessionWithHeldRecords(40, [
      { at: 8, parent: 'r30', file: 'late.ts' },
      { at: 12, parent: 'gone', file: 'never.ts' },
    ]);
    const dir = tempDir();
    const path = join(dir, 't.jsonl');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const trace = traceOf({ read, build }, path, 'claude');
    const { first, full } = ledgersOfTrace(trace, emptyLedger);
    // Read as the hook and the trace read it: the session's folder as the repository's root (stop 56:
    // a path left absolute is outside the repository, and the score ranks no such file).
    const realFirst = readLedger(firstHalf(path, join(dir, 'half.jsonl')), { agent: 'claude', repoRoot: '/w' });
    const realFull = readLedger(path, { agent: 'claude', repoRoot: '/w' });
    expect(realFirst.files.map((f) => f.path)).toContain('src/late.ts');
    expect(shape(first)).toEqual(shape(realFirst));
    expect(shape(full)).toEqual(shape(realFull));
    expect(hitRates(first, full)).toEqual(hitRates(realFirst, realFull));
  });

  it("seed 004's score, recency by tool calls, finds more of the second half's files than Claude Code's rule with confidence at 5 and 10, and no simple rule finds more with confidence", () => {
    // 341 transcripts (307 scored at the midpoint): against "most recently touched" and "most often
    // touched" the means are within a point of the score's either way (-0.3 to +0.4 points, intervals
    // about ±0.8 at 5 and ±0.4 at 10): a mean lead there is noise, so the test holds what is shown.
    const rows = traces.map((t) => {
      const { first, full } = ledgersOfTrace(t, emptyLedger);
      return { id: t.sha256, ...hitRates(first, full) };
    });
    const { scored } = hitTable(rows, RULES) as { scored: number };
    expect(scored).toBeGreaterThanOrEqual(10);
    for (const k of [5, 10]) expect({ k, verdict: pairedComparison(rowsOf(rows, 'hit'), 'ours', 'claude', k).verdict }).toEqual({ k, verdict: 'better' });
    for (const rule of RULES.filter((r) => r !== 'ours')) for (const k of [5, 10]) expect({ rule, k, verdict: pairedComparison(rowsOf(rows, 'hit'), 'ours', rule, k).verdict }).not.toEqual({ rule, k, verdict: 'worse' });
  });

  it("by issue 25's own measure (the share of the second half's files found in the first half's top k), the score finds more than Claude Code's rule with confidence at 5 and 10, and no simple rule finds more with confidence", () => {
    const rows = traces.map((t) => {
      const { first, full } = ledgersOfTrace(t, emptyLedger);
      return { id: t.sha256, ...hitRates(first, full) };
    });
    for (const k of [5, 10]) expect({ k, verdict: pairedComparison(rowsOf(rows, 'recall'), 'ours', 'claude', k).verdict }).toEqual({ k, verdict: 'better' });
    for (const measure of ['recall', 'recall_known'])
      for (const rule of RULES.filter((r) => r !== 'ours')) for (const k of [5, 10]) expect({ measure, rule, k, verdict: pairedComparison(rowsOf(rows, measure), 'ours', rule, k).verdict }).not.toEqual({ measure, rule, k, verdict: 'worse' });
  });
});
