// Claude Code 2.1.337 (the pin since stop 55) writes the same scripted run as 2.1.332 with new keys:
// user lines gain turnPromptId, toolResultScreened, and on a tool call whose input failed its check
// toolInputInvalid and toolResultRemedy; a new `api-request-route` line names the provider and the
// kind of credential (never its value). What git-memory reads from it must not change
// (test/fixtures/agents/README.md says how both were captured).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/repo.js';
import { readLedger } from '../../src/transcripts/read.js';

const AGENTS = join(ROOT, 'test/fixtures/agents');
const OLD = join(AGENTS, 'claude-2.1.332/tasks-continue.jsonl');
const NEW = join(AGENTS, 'claude-2.1.337/tasks-continue.jsonl');
const REPO = '/tmp/agent-capture/repo';

/** The ledger without what differs between two runs of one script: the session's id and the clock. */
const stable = (file: string) =>
  JSON.parse(JSON.stringify(readLedger(file, { repoRoot: REPO }), (k, v) => (k === 'session_id' ? 'id' : typeof v === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(v) ? 'time' : v)));

describe('Claude Code 2.1.337: the transcript of the same scripted run', () => {
  it('has the new keys (so the capture is of the new version)', () => {
    const lines = readFileSync(NEW, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(lines.some((r) => r.type === 'api-request-route' && r.credential === 'key')).toBe(true);
    expect(lines.some((r) => r.type === 'user' && r.toolInputInvalid === true && r.toolResultRemedy?.kind === 'advice_to_claude')).toBe(true);
    expect(lines.some((r) => r.type === 'user' && typeof r.turnPromptId === 'string')).toBe(true);
  });

  it('reads to the ledger 2.1.332 gave: requests, turns, edits, commands, failed calls, the task list', () => {
    const l = stable(NEW);
    expect(l).toEqual(stable(OLD));
    expect(l.user_messages.map((m: { text: string }) => m.text)).toEqual(['Create hello.txt and commit it, tracking tasks', 'Now what is left?']);
    expect(l.todos).toEqual([
      { content: 'Write hello.txt', status: 'completed' },
      { content: 'Commit hello.txt', status: 'pending' },
      { content: 'Broken task', status: 'pending' },
    ]);
  });
});
