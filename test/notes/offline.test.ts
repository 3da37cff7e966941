import { describe, expect, it } from 'vitest';
import { notesFromLedger } from '../../src/notes/offline.js';
import { NOTE_SECTIONS, parseNotes } from '../../src/notes/template.js';
import { budgetReminder, notesSize } from '../../src/notes/budget.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';
import { authSessionLedger } from './ledger-fixture.js';
import { readLedger } from '../../src/transcripts/index.js';
import { ROOT } from '../helpers/repo.js';

const body = (notes: string, heading: string) => parseNotes(notes).sections.find((s) => s.heading === heading)!.body;

describe('notes from the ledger (no model)', () => {
  const notes = notesFromLedger(authSessionLedger());

  it('fills all 10 sections from a realistic ledger, under the template headings and descriptions', () => {
    const parsed = parseNotes(notes);
    expect(parsed.sections.map((s) => [s.heading, s.description])).toEqual(NOTE_SECTIONS.map((s) => [s.heading, s.description]));
    // Learnings stays empty without a model: the ledger holds no fact for next week (issue 25 §1).
    for (const s of parsed.sections) if (s.heading === 'Learnings') expect(s.body).toBe('');
    else expect(s.body, s.heading).not.toBe('');
  });

  it('says what a reader needs: title, task, state, files, workflow, errors, worklog', () => {
    expect(parseNotes(notes).title).toBe('Refactor the auth module to use JWT with refresh tokens…');
    expect(body(notes, 'Task specification')).toContain('keeping /api/auth/* compatible');
    const state = body(notes, 'Current State');
    expect(state).toContain('Last request: Now handle the token refresh race');
    expect(state).toContain('In progress: Add refresh token rotation with a mutex');
    expect(state).toContain('- Document the new /api/auth/refresh endpoint');
    expect(state).toContain('1 of 3 done');
    const files = body(notes, 'Files and Functions').split('\n');
    expect(files[0]).toBe('- `src/auth/index.ts` — edited 3×, read 2× (last: edit)');
    expect(files).toContain('- `test/auth.test.ts` — read 2× (last: read, also by a sub-agent)');
    const workflow = body(notes, 'Workflow');
    expect(workflow).toContain('1. `npm test -- --grep auth` — run 2×, failed 1×');
    expect(workflow.indexOf('npx tsc --noEmit')).toBeLessThan(workflow.indexOf('git diff --stat'));
    const errors = body(notes, 'Errors & Corrections');
    expect(errors).toContain("Cannot read properties of undefined (reading 'exp')");
    expect(errors).toContain('→ then: Edit src/auth/middleware.ts (export verifyToken)');
    expect(errors).toContain("The user corrected: \"No, don't poll with setTimeout");
    expect(errors).toContain('- `npm test -- --grep auth` failed 1×, then `npm test -- --grep auth` passed');
    expect(body(notes, 'Learnings')).toBe('');
    expect(body(notes, 'Codebase and System Documentation')).toContain('`src/auth/` — 3 files');
    expect(body(notes, 'Key results')).toContain('shared in-flight promise');
    const worklog = body(notes, 'Worklog').split('\n');
    expect(worklog).toHaveLength(3);
    expect(worklog[1]).toMatch(/^2\. No, don't poll .*; 4 tool calls; edited src\/auth\/refresh\.ts; → Replaced the polling/);
  });

  it('fills every section from real Claude Code and Codex transcripts', () => {
    for (const agent of ['claude', 'codex']) {
      const ledger = readLedger(`${ROOT}/test/fixtures/transcripts/${agent}.jsonl`, { repoRoot: '/home/jane/acme' });
      const out = notesFromLedger(ledger);
      for (const s of parseNotes(out).sections) expect(s.body === '', `${agent}: ${s.heading}`).toBe(s.heading === 'Learnings');
      expect(body(out, 'Errors & Corrections')).toMatch(/failed 1×, then `[^`]+` passed/);
    }
  });

  it('leaves a section the ledger has nothing for empty, with no filler', () => {
    const empty = notesFromLedger(emptyLedger('codex'));
    for (const s of parseNotes(empty).sections) expect(s.body).toBe('');
  });

  it('fills a custom template by heading and leaves its unknown sections empty', () => {
    const out = notesFromLedger(authSessionLedger(), '# Worklog\n_Steps_\n\n# Mood\n_How it went_\n');
    expect(body(out, 'Worklog')).toMatch(/^1\. Refactor/);
    expect(body(out, 'Mood')).toBe('');
  });

  it('stays within the budgets on a long session', () => {
    const big = authSessionLedger();
    big.turns = Array.from({ length: 400 }, (_, i) => ({ ...big.turns[0]!, request: `step ${i} `.repeat(30), reply: 'done '.repeat(60) }));
    big.commands = Array.from({ length: 300 }, (_, i) => ({ command: `npm run task-${i} -- --flag ${'x'.repeat(50)}`, at: '', failed: i % 7 === 0, by_subagent: false }));
    big.files = Array.from({ length: 500 }, (_, i) => ({ ...big.files[0]!, path: `src/mod${i % 20}/file-${i}.ts`, last_call: i }));
    const out = notesFromLedger(big);
    const size = notesSize(out);
    expect(size.total).toBeLessThanOrEqual(12_000);
    for (const s of size.sections) expect(s.tokens, s.heading).toBeLessThanOrEqual(2_000);
    expect(budgetReminder(out)).toBe('');
  });
});

describe('budget reminder', () => {
  it('asks to condense when a section or the whole file is over budget, keeping Current State and Errors & Corrections', () => {
    const parsed = parseNotes(notesFromLedger(authSessionLedger()));
    const withBig = (n: number) =>
      parsed.sections.map((s) => `# ${s.heading}\n${s.description}\n${s.heading === 'Worklog' ? 'x '.repeat(n) : s.body}`).join('\n\n');
    expect(budgetReminder(withBig(10))).toBe('');
    const section = budgetReminder(withBig(5000));
    expect(section).toContain('"Worklog": about');
    expect(section).toContain('Current State');
    expect(section).not.toContain('CRITICAL');
    const total = budgetReminder(withBig(30_000));
    expect(total).toContain('CRITICAL');
    expect(total).toContain('"Errors & Corrections"');
  });
});
