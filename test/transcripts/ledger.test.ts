import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectAgent, readLedger } from '../../src/transcripts/index.js';
import type { Ledger } from '../../src/transcripts/ledger.js';
import { FIXTURES as AGENT_FIXTURES } from '../agents/fixtures.js';
import { tempDir } from '../helpers/repo.js';
import { REPO, TRANSCRIPTS } from './fixtures.js';
const expected = (name: string): Ledger => JSON.parse(readFileSync(join(TRANSCRIPTS, `${name}.ledger.json`), 'utf8'));

describe('readLedger: exact ledgers of each agent\'s transcript', () => {
  it('Claude Code: the whole ledger', () => {
    expect(readLedger(join(TRANSCRIPTS, 'claude.jsonl'), { repoRoot: REPO })).toEqual(expected('claude'));
  });

  it('Claude Code: the rules, one by one', () => {
    const l = readLedger(join(TRANSCRIPTS, 'claude.jsonl'), { repoRoot: REPO });
    // Streamed lines of one response count once, with their largest usage: 13 main + 3 sub-agent responses.
    expect(l.usage).toEqual({ input: 27, output: 2410, cache_read: 489_000, cache_write: 118_850 });
    // The last main-chain response (msg_M: 1 + 300 + 22100 + 70), not the sub-agent's larger ones.
    expect(l.context_tokens).toBe(22_471);
    // Only the human's messages: no meta caveat, /clear wrapper, command output, sub-agent prompt,
    // tool results, compaction summary or interruption marker.
    expect(l.user_messages.map((m) => m.text)).toEqual([
      'Add a logout endpoint that revokes the refresh token.\nKeep the session cookie handling as it is.',
      'Now add rate limiting to the login route',
      'Use a sliding window, not a fixed one',
    ]);
    // The result of `npm test -- test/auth` is written before its call; parent order pairs them.
    expect(l.commands[0]).toEqual({ command: 'npm test -- test/auth', at: '2026-02-12T10:00:12.000Z', failed: true, by_subagent: false });
    expect(l.errors[0]!.tool).toBe('Bash');
    expect(l.errors[0]!.followed_by).toBe("The logout test fails because revokeRefreshToken is missing. I'll add it.");
    // Sub-agent calls count for files and commands, marked.
    expect(l.files.find((f) => f.path === 'test/auth/logout.test.ts')).toMatchObject({ writes: 1, by_subagent: true });
    expect(l.commands.find((c) => c.command === 'npx vitest run test/auth')?.by_subagent).toBe(true);
    // Inside the repository relative, outside absolute.
    expect(l.files.map((f) => f.path)).toEqual(['src/auth/session.ts', 'test/auth/logout.test.ts', 'src/routes.ts', '/etc/hosts.allow', 'src/middleware/rate-limit.ts', 'notebooks/load.ipynb']);
    expect(l.compactions).toEqual([expect.objectContaining({ trigger: 'auto', pre_tokens: 170_251, summary: expect.stringMatching(/^This session is being continued/) })]);
    expect(l.todos.at(-1)).toEqual({ content: 'Sliding-window rate limit on login', status: 'in_progress' });
    // The torn last line (the result of `npm test`) is skipped: the command has no outcome yet.
    expect(l.commands.at(-1)).toMatchObject({ command: 'npm test', failed: false });
    expect(l.last_turn_had_tool_calls).toBe(true);
    expect(l.tool_calls).toBe(14);
  });

  it('Codex: apply_patch headers, shell commands and their exit codes, update_plan, token_count', () => {
    const l = readLedger(join(TRANSCRIPTS, 'codex.jsonl'), { repoRoot: REPO });
    expect(l).toEqual(expected('codex'));
    expect(l.files.map((f) => [f.path, f.reads, f.edits, f.writes])).toEqual([
      ['test/auth/refresh.test.ts', 1, 1, 0],
      ['test/helpers/clock.ts', 0, 0, 1],
      // Its Delete File failed ("apply_patch verification failed"): looked at, not changed.
      ['test/helpers/sleep.ts', 1, 0, 0],
    ]);
    expect(l.commands.map((c) => c.failed)).toEqual([false, true, false, false]);
    // Running totals: the last token_count, input without the cached part.
    expect(l.usage).toEqual({ input: 18_000, output: 2600, cache_read: 52_000, cache_write: 0 });
    expect(l.context_tokens).toBe(17_400);
    expect(l.user_messages.map((m) => m.text)).toEqual(['Fix the flaky refresh-token test', 'Also delete the old sleep helper']);
    expect(l.errors.map((e) => e.followed_by)).toEqual(["The test sleeps on a real clock; I'll use fake timers.", 'shell_command git rm test/helpers/sleep.js']);
  });

  it('Gemini CLI: tool calls with their results in one document', () => {
    const l = readLedger(join(TRANSCRIPTS, 'gemini.json'), { repoRoot: REPO });
    expect(l).toEqual(expected('gemini'));
    expect(l.commands).toEqual([{ command: 'npm run docs:check', at: '2026-03-04T10:00:21.000Z', failed: true, by_subagent: false }]);
    expect(l.errors.map((e) => [e.tool, e.message])).toEqual([
      ['run_shell_command', 'Error: docs/billing.md not found'],
      ['replace', 'Failed to edit, 0 occurrences found for old_string in README.md.'],
    ]);
    expect(l.todos).toEqual([
      { content: 'Write docs/billing.md', status: 'in_progress' },
      { content: 'Link it from the README', status: 'pending' },
    ]);
    expect(l.last_turn_had_tool_calls).toBe(false);
  });

  it('Gemini CLI JSON lines (0.58 on): messages rewritten as they progress count once, as last written', () => {
    const lines = readLedger(join(TRANSCRIPTS, 'gemini.jsonl'), { repoRoot: REPO });
    // The same messages as gemini.json, each gemini message first written with its calls still running,
    // then a checkpoint repeating the history, a rewind marker and a torn line; plus the context
    // Gemini CLI injects first, which is read (the session starts with it) but is not the human's.
    expect(lines).toEqual({ ...expected('gemini'), started: '2026-03-04T10:00:01.000Z' });
  });

  it('detects the agent from the content', () => {
    expect(detectAgent(join(TRANSCRIPTS, 'claude.jsonl'))).toBe('claude');
    expect(detectAgent(join(TRANSCRIPTS, 'codex.jsonl'))).toBe('codex');
    expect(detectAgent(join(TRANSCRIPTS, 'gemini.json'))).toBe('gemini');
    expect(detectAgent(join(TRANSCRIPTS, 'gemini.jsonl'))).toBe('gemini');
    expect(detectAgent(join(AGENT_FIXTURES, 'claude/transcript.jsonl'))).toBe('claude');
    expect(detectAgent(join(AGENT_FIXTURES, 'codex/rollout.jsonl'))).toBe('codex');
    expect(detectAgent(join(AGENT_FIXTURES, 'gemini/chat.json'))).toBe('gemini');
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.md'), '# not a transcript\n');
    expect(detectAgent(join(dir, 'notes.md'))).toBeNull();
    expect(detectAgent(join(dir, 'missing.jsonl'))).toBeNull();
    expect(() => readLedger(join(dir, 'notes.md'))).toThrow(/not a Claude Code, Codex or Gemini CLI transcript/);
  });

  it('skips torn and unknown lines, never fails on them', () => {
    const dir = tempDir();
    const path = join(dir, 't.jsonl');
    const good = (uuid: string, parent: string | null, content: string) =>
      JSON.stringify({ type: 'user', uuid, parentUuid: parent, sessionId: 's', timestamp: `2026-01-01T00:00:0${uuid}Z`, message: { role: 'user', content } });
    writeFileSync(path, [good('1', null, 'first'), 'not json at all', '{"type":"brand-new-record","uuid":"x"}', good('2', '1', 'second'), '{"type":"user","mess'].join('\n'));
    const l = readLedger(path, { agent: 'claude' });
    expect(l.user_messages.map((m) => m.text)).toEqual(['first', 'second']);
  });

  it('a sub-agent record read before its parent waits for it; an orphan is taken at the end', () => {
    const dir = tempDir();
    const path = join(dir, 't.jsonl');
    const rec = (uuid: string, parent: string | null, text: string) =>
      JSON.stringify({ type: 'user', uuid, parentUuid: parent, sessionId: 's', timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: text } });
    writeFileSync(path, `${[rec('c', 'b', 'third'), rec('a', null, 'first'), rec('b', 'a', 'second'), rec('z', 'gone', 'orphan')].join('\n')}\n`);
    expect(readLedger(path, { agent: 'claude' }).user_messages.map((m) => m.text)).toEqual(['first', 'second', 'third', 'orphan']);
  });

  it('Claude Code: a record written again with the same uuid is taken once, as first written (user, system and assistant lines alike)', () => {
    const dir = tempDir();
    const lines = readFileSync(join(TRANSCRIPTS, 'claude.jsonl'), 'utf8').split('\n').slice(0, -1); // the torn last line left out
    const clean = join(dir, 'clean.jsonl');
    writeFileSync(clean, `${lines.join('\n')}\n`);
    const once = readLedger(clean, { agent: 'claude', repoRoot: REPO });
    expect([once.user_messages.length, once.turns.length, once.compactions.length]).toEqual([3, 3, 1]);
    // Every line written twice in a row, then the whole file once more (as a resume may replay it).
    const twice = join(dir, 'twice.jsonl');
    writeFileSync(twice, `${[...lines.flatMap((l) => [l, l]), ...lines].join('\n')}\n`);
    expect(readLedger(twice, { agent: 'claude', repoRoot: REPO })).toEqual(once);
    // A compaction's boundary repeated alone is still one compaction.
    const boundary = lines.find((l) => l.includes('"compact_boundary"'))!;
    const again = join(dir, 'boundary.jsonl');
    writeFileSync(again, `${lines.flatMap((l) => (l === boundary ? [l, l] : [l])).join('\n')}\n`);
    expect(readLedger(again, { agent: 'claude', repoRoot: REPO }).compactions).toEqual(once.compactions);
    // The first occurrence wins: a later line with the same uuid but other content is not taken,
    // nor is a copy of a record still waiting for its parent.
    const rec = (uuid: string, parent: string | null, text: string) =>
      JSON.stringify({ type: 'user', uuid, parentUuid: parent, sessionId: 's', timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: text } });
    const path = join(dir, 't.jsonl');
    writeFileSync(path, `${[rec('b', 'a', 'second'), rec('b', 'a', 'second'), rec('a', null, 'first'), rec('a', null, 'first, edited'), rec('b', 'a', 'second')].join('\n')}\n`);
    expect(readLedger(path, { agent: 'claude' }).user_messages.map((m) => m.text)).toEqual(['first', 'second']);
  });
});

describe('secrets', () => {
  it('are redacted from every text the ledger keeps', () => {
    const dir = tempDir();
    const path = join(dir, 't.jsonl');
    const token = `ghp_${'a1B2c3D4e5F6g7H8i9J0'.repeat(2).slice(0, 36)}`;
    const recs = [
      { type: 'user', uuid: 'u1', parentUuid: null, timestamp: '2026-01-01T00:00:01Z', message: { role: 'user', content: `use ${token} for the API` } },
      { type: 'assistant', uuid: 'a1', parentUuid: 'u1', timestamp: '2026-01-01T00:00:02Z', message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: `GITHUB_TOKEN=${token} gh api user` } }] } },
      { type: 'user', uuid: 'u2', parentUuid: 'a1', timestamp: '2026-01-01T00:00:03Z', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', is_error: true, content: `bad credentials ${token}` }] } },
      { type: 'assistant', uuid: 'a2', parentUuid: 'u2', timestamp: '2026-01-01T00:00:04Z', message: { id: 'm2', role: 'assistant', content: [{ type: 'text', text: `The token ${token} is revoked.` }] } },
    ];
    writeFileSync(path, `${recs.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const l = readLedger(path, { agent: 'claude' });
    const text = JSON.stringify(l);
    expect(text).not.toContain(token);
    expect(l.commands[0]!.command).toMatch(/^GITHUB_TOKEN=\[REDACTED:[\w-]+\] gh api user$/);
    expect(l.user_messages[0]!.text).toMatch(/^use \[REDACTED:[\w-]+\] for the API$/);
    expect(l.errors[0]!.message).toContain('[REDACTED:');
    expect(l.errors[0]!.followed_by).toContain('[REDACTED:');
  });
});
