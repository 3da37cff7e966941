import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { advanceLedger, readLedger } from '../../src/transcripts/index.js';
import type { Ledger } from '../../src/transcripts/ledger.js';
import { tempDir } from '../helpers/repo.js';
import { REPO, TRANSCRIPTS } from './fixtures.js';

const SID = '9b1e2c3d-4f5a-4b6c-8d7e-0f1a2b3c4d5e';
const DIR = join(TRANSCRIPTS, 'claude-subagents');
const MAIN = join(DIR, `${SID}.jsonl`);
const SUB = join(DIR, SID, 'subagents', 'agent-a7f3.jsonl');

const linesOf = (path: string) => readFileSync(path, 'utf8').split(/(?<=\n)/);

describe('Claude Code sub-agent transcripts (<session>/subagents/agent-*.jsonl)', () => {
  it('their calls count for files, commands and errors, marked as a sub-agent\'s', () => {
    const l = readLedger(MAIN, { repoRoot: REPO });
    expect(l).toEqual(JSON.parse(readFileSync(join(TRANSCRIPTS, 'claude-subagents.ledger.json'), 'utf8')) as Ledger);
    expect(l.tool_calls).toBe(6); // Task and Read in the session, four calls in the sub-agent
    expect(l.files.map((f) => [f.path, f.reads, f.edits, f.writes, f.by_subagent])).toEqual([
      ['src/reports/orders.ts', 2, 1, 0, true],
      ['migrations/0042_orders_created_at.sql', 0, 0, 1, true],
    ]);
    expect(l.commands).toEqual([{ command: 'npm run db:explain -- orders', at: '2026-02-14T11:00:30.000Z', failed: true, by_subagent: true }]);
    expect(l.errors[0]!.followed_by).toBe('Write migrations/0042_orders_created_at.sql');
    // The sub-agent's prompt is not the human's; its usage adds, its context does not count.
    expect(l.user_messages.map((m) => m.text)).toEqual(['Find and fix the slow query in the orders report']);
    expect(l.usage.output).toBe(120 + 60 + 40 + 80 + 50 + 90 + 70 + 30);
    expect(l.context_tokens).toBe(2 + 300 + 21_800 + 40);
    expect(l.turns[0]!.edited).toEqual(['src/reports/orders.ts', 'migrations/0042_orders_created_at.sql']);
  });

  it('read incrementally, line by line in either file, equals the whole read', () => {
    const dir = tempDir();
    const main = join(dir, `${SID}.jsonl`);
    const sub = join(dir, SID, 'subagents', 'agent-a7f3.jsonl');
    mkdirSync(join(dir, SID, 'subagents'), { recursive: true });
    writeFileSync(main, '');
    const mainLines = linesOf(MAIN);
    const subLines = linesOf(SUB);
    // The session writes its Task call, then the sub-agent works, then the session goes on.
    const steps: [string, string][] = [
      ...mainLines.slice(0, 3).map((l) => [main, l] as [string, string]),
      ...subLines.map((l) => [sub, l] as [string, string]),
      ...mainLines.slice(3).map((l) => [main, l] as [string, string]),
    ];
    for (const [path, line] of steps) {
      // Half a line first: a torn line in either file is left for later.
      appendFileSync(path, line.slice(0, line.length >> 1));
      expect(advanceLedger(dir, SID, main, { agent: 'claude', repoRoot: REPO }).ledger).toEqual(readLedger(main, { agent: 'claude', repoRoot: REPO }));
      appendFileSync(path, line.slice(line.length >> 1));
      expect(advanceLedger(dir, SID, main, { agent: 'claude', repoRoot: REPO }).ledger).toEqual(readLedger(main, { agent: 'claude', repoRoot: REPO }));
    }
    expect(advanceLedger(dir, SID, main, { agent: 'claude', repoRoot: REPO }).ledger).toEqual(readLedger(MAIN, { repoRoot: REPO }));
  });
});
