import { describe, expect, it } from 'vitest';
import {
  fileTypeScore, frequencyScore, operationScore, projectScore, recencyScore, recentlyReadFiles, scoreHotFiles, selectHotFiles, sessionRecencyScore, type HotFile,
} from '../../src/compact/hot-files.js';
import { emptyLedger, type Ledger } from '../../src/transcripts/ledger.js';
import { sessionLedger } from './ledger-fixture.js';

const NOW = new Date(Date.UTC(2026, 10, 22, 14, 50));

describe("seed 004's factor tables", () => {
  it('recency: 100 within an hour, 90 within 6, 75 within 24, then decays to at least 10', () => {
    expect([0.5, 1, 3, 6, 12, 24].map(recencyScore)).toEqual([100, 100, 90, 90, 75, 75]);
    expect(recencyScore(34)).toBeCloseTo(75 * Math.exp(-1), 6);
    expect(recencyScore(1000)).toBe(10);
  });
  it('frequency: 5 a operation up to 80, plus 10 a recent operation up to 20', () => {
    expect(frequencyScore({ reads: 2, edits: 1, writes: 0, recent_ops: 0 })).toBe(15);
    expect(frequencyScore({ reads: 20, edits: 0, writes: 0, recent_ops: 5 })).toBe(100);
  });
  it('operation: write and edit 10, read 3, last-operation bonus 15 for a change, capped at 100', () => {
    expect(operationScore({ reads: 1, edits: 1, writes: 0, last_op: 'edit' })).toBe(28);
    expect(operationScore({ reads: 0, edits: 0, writes: 1, last_op: 'write' })).toBe(25);
    expect(operationScore({ reads: 2, edits: 0, writes: 0, last_op: 'read' })).toBe(6);
    expect(operationScore({ reads: 0, edits: 20, writes: 0, last_op: 'edit' })).toBe(100);
  });
  it('file type and project relevance', () => {
    expect(['a.ts', 'a.tsx', 'a.py', 'a.go', 'a.json', 'a.toml', 'a.md', 'a.css', 'Makefile', '.env'].map(fileTypeScore)).toEqual([100, 95, 90, 80, 70, 60, 40, 45, 30, 50]);
    expect(projectScore('src/components/x.tsx')).toBe(100);
    expect(projectScore('test/a.test.ts')).toBe(60);
    expect(projectScore('package.json')).toBe(75);
    expect(projectScore('docs/x.md')).toBe(50);
  });
});

describe('scoreHotFiles', () => {
  const sizes: Record<string, number | null> = { 'docs/api.md': null };
  const sizeOf = (p: string) => (p in sizes ? sizes[p]! : 4000);

  it('ranks edited code above read docs, skips files that are gone, adds git-only changes, explains each factor', () => {
    const ranked = scoreHotFiles(sessionLedger(), [
      { path: 'src/billing/invoice.ts', kind: 'uncommitted', at: NOW.toISOString() },
      { path: 'src/auth/logout.ts', kind: 'uncommitted', at: NOW.toISOString() },
    ], { now: NOW, sizeOf });
    const paths = ranked.map((f) => f.path);
    expect(paths[0]).toBe('src/auth/logout.ts');
    expect(paths).not.toContain('docs/api.md');
    expect(paths.indexOf('src/auth/session-store.ts')).toBeLessThan(paths.indexOf('README.md'));
    const logout = ranked[0]!;
    expect(logout.reasons).toContain('uncommitted changes');
    const f = logout.factors;
    expect(logout.score).toBe(Math.round(f.recency * 0.35 + f.frequency * 0.25 + f.operation * 0.2 + f.file_type * 0.15 + f.project * 0.05));
    const git = ranked.find((x) => x.path === 'src/billing/invoice.ts')!;
    expect(git).toMatchObject({ source: 'git', tokens: 1000 });
  });
});

describe('inside one session (issue 25 §5)', () => {
  const at = '2026-11-22T14:40:00Z'; // every touch within the hour before NOW
  const file = (path: string, o: Partial<Ledger['files'][number]>): Ledger['files'][number] => ({ path, reads: 0, edits: 0, writes: 0, first: at, last: at, last_op: 'read', by_subagent: false, last_call: 0, ...o });
  const ledger = (files: Ledger['files'], calls: number): Ledger => ({ ...emptyLedger('claude'), files, tool_calls: calls });
  const opts = { now: NOW, sizeOf: () => 4000 };

  it('recency separates files touched within the same hour, by the tool calls since', () => {
    const l = ledger([file('src/a.ts', { reads: 1, last_call: 2 }), file('src/b.ts', { reads: 1, last_call: 58 })], 60);
    const [first, second] = scoreHotFiles(l, [], opts);
    expect(first!.path).toBe('src/b.ts');
    expect(first!.factors.recency).toBeGreaterThan(second!.factors.recency);
    expect(sessionRecencyScore(0)).toBe(100);
    expect(sessionRecencyScore(20)).toBe(50);
    expect(sessionRecencyScore(1000)).toBe(10);
  });

  it('a file read and edited many times outranks one written once, touched as recently', () => {
    const l = ledger([file('src/worked.ts', { reads: 1, edits: 2, last_op: 'edit', last_call: 9 }), file('src/new.ts', { writes: 1, last_op: 'write', last_call: 9 })], 10);
    const [worked, written] = scoreHotFiles(l, [], opts);
    expect([worked!.path, written!.path]).toEqual(['src/worked.ts', 'src/new.ts']);
    expect(worked!.factors.operation).toBeGreaterThan(written!.factors.operation);
  });

  it('the file the session edits outranks files git changed lately that the session never touched', () => {
    const l = ledger([file('src/routes/todos.js', { reads: 1, edits: 1, last_op: 'edit', last_call: 4 })], 30);
    const ranked = scoreHotFiles(l, [
      { path: 'src/server.js', kind: 'committed', at, commits: 6 },
      { path: 'src/db.js', kind: 'uncommitted', at },
    ], opts);
    expect(ranked[0]!.path).toBe('src/routes/todos.js');
  });

  it('a file the session changed, however many tool calls ago, outranks a file only git changed (issue 25 §5)', () => {
    // 300 calls since the session's edit: its recency is at the floor (10); git's uncommitted file
    // of the same kind was never touched by the session and must not rank above it.
    const l = ledger([file('src/billing/rounding.ts', { reads: 1, edits: 1, last_op: 'edit', last_call: 0 })], 301);
    const ranked = scoreHotFiles(l, [{ path: 'src/billing/tax.ts', kind: 'uncommitted', at }], opts);
    expect(ranked.map((f) => f.path)).toEqual(['src/billing/rounding.ts', 'src/billing/tax.ts']);
    expect(ranked[1]!.factors.recency).toBeLessThan(ranked[0]!.factors.recency);
  });

  it('at an equal score, the file the session touched more often ranks first, then the latest (issue 25 §5, ranks 6–10)', () => {
    // Read once by the last call, and read three times six calls before: both score 48.
    const l = ledger([file('docs/once.md', { reads: 1, last_call: 39 }), file('docs/thrice.md', { reads: 3, last_call: 34 })], 40);
    const ranked = scoreHotFiles(l, [], opts);
    expect(ranked.map((f) => f.score)).toEqual([48, 48]);
    expect(ranked.map((f) => f.path)).toEqual(['docs/thrice.md', 'docs/once.md']);
    // Touched as often (both long ago, at the recency floor): the latest first, as before.
    const even = scoreHotFiles(ledger([file('docs/a.md', { reads: 1, last_call: 0 }), file('docs/b.md', { reads: 1, last_call: 1 })], 400), [], opts);
    expect(even[0]!.score).toBe(even[1]!.score);
    expect(even.map((f) => f.path)).toEqual(['docs/b.md', 'docs/a.md']);
  });

  it('scores source files of languages the seed does not name as code, not as an unknown type', () => {
    expect(['lib/a.ex', 'test/a_test.exs', 'a.swift', 'a.kt', 'run.sh'].map(fileTypeScore).every((s) => s >= 75)).toBe(true);
    expect(fileTypeScore('lib/a.ex')).toBeGreaterThan(fileTypeScore('hooks.json'));
  });
});

describe('selectHotFiles', () => {
  const hf = (path: string, score: number, tokens: number): HotFile => ({ path, score, tokens, factors: { recency: 0, frequency: 0, operation: 0, file_type: 0, project: 0 }, reasons: [], source: 'ledger' });

  it('keeps at most 20 files and fills the remainder with the best fit', () => {
    const many = Array.from({ length: 25 }, (_, i) => hf(`f${i}.ts`, 100 - i, 10));
    expect(selectHotFiles(many).files).toHaveLength(20);
    const sel = selectHotFiles([hf('a.ts', 90, 8000), hf('b.ts', 89, 8000), hf('c.ts', 88, 8000), hf('d.ts', 87, 8000), hf('e.ts', 86, 5000), hf('f.ts', 85, 700), hf('g.ts', 84, 600)]);
    expect(sel.files.map((f) => f.path)).toEqual(['a.ts', 'b.ts', 'c.ts', 'd.ts', 'f.ts']);
    expect(sel.total_tokens).toBe(32_700);
    expect(sel.skipped.map((s) => s.path)).toEqual(['e.ts', 'g.ts']);
  });

  it('keeps a file over 8,192 tokens, counted at 8,192 and saying its size: the file the session edits in a large codebase is not left out', () => {
    // history51 on vitejs/vite: packages/vite/src/node/config.ts (22,664 tokens), edited by the session, was skipped for
    // size and its place went to a file of a recent commit the session never opened.
    const sel = selectHotFiles([hf('packages/vite/src/node/config.ts', 63, 22_664), hf('a.ts', 60, 8000), hf('b.ts', 59, 8000), hf('c.ts', 58, 8000), hf('d.ts', 57, 8000), hf('g.ts', 56, 500)]);
    expect(sel.files.map((f) => f.path)).toEqual(['packages/vite/src/node/config.ts', 'a.ts', 'b.ts', 'c.ts', 'g.ts']);
    expect(sel.files[0]!.reasons).toEqual(['large: 22664 tokens, its first 8192 counted']);
    expect(sel.files[0]!.tokens).toBe(22_664);
    expect(sel.total_tokens).toBe(8192 + 3 * 8000 + 500);
    expect(sel.skipped).toEqual([{ path: 'd.ts', reason: '8000 tokens: over what is left of the 32768-token budget' }]);
  });
});

describe("Claude Code's rule", () => {
  it('is the files most recently read', () => {
    expect(recentlyReadFiles(sessionLedger(), 3)).toEqual(['src/auth/logout.ts', 'src/auth/session-store.ts', 'src/auth/login.ts']);
  });
});
