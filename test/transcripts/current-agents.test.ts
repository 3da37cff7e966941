import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/repo.js';
import { readLedger } from '../../src/transcripts/read.js';
import { firstUserPrompt } from '../../src/transcripts/first-prompt.js';

// Transcripts the real CLIs wrote (test/fixtures/agents/README.md says how).
const AGENTS = join(ROOT, 'test/fixtures/agents');
const CLAUDE = join(AGENTS, 'claude-2.1.328/tasks-continue.jsonl');
/** The same two runs through the pinned Claude Code 2.1.332 (its user lines gain rowSource and sentAtMs). */
const CLAUDE_332 = join(AGENTS, 'claude-2.1.332/tasks-continue.jsonl');
const CODEX = join(AGENTS, 'codex-0.171.0/rollout-resumed.jsonl');
const GEMINI = join(AGENTS, 'gemini-0.61.0/chat.jsonl');
const REPO = '/tmp/agent-capture/repo';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true, maxRetries: 5 })));
function scratch(name: string, text: string): string {
  const d = mkdtempSync(join(tmpdir(), 'gm-agents-'));
  dirs.push(d);
  writeFileSync(join(d, name), text);
  return join(d, name);
}

describe('Claude Code 2.1.328 and 2.1.332: the task list from TaskCreate / TaskUpdate / TaskList', () => {
  it.each([['2.1.328', CLAUDE], ['2.1.332', CLAUDE_332]])('reports the tasks as the agent left them; the failed calls (bad input, TodoWrite, an unknown task) change nothing (Claude Code %s)', (_version, file) => {
    const l = readLedger(file, { repoRoot: REPO });
    expect(l.todos).toEqual([
      { content: 'Write hello.txt', status: 'completed' },
      { content: 'Commit hello.txt', status: 'pending' },
      { content: 'Broken task', status: 'pending' },
    ]);
    expect(l.user_messages.map((m) => m.text)).toEqual(['Create hello.txt and commit it, tracking tasks', 'Now what is left?']);
  });

  it('follows each call that succeeded, in order: created, updated, deleted', () => {
    const lines = readFileSync(CLAUDE, 'utf8').split('\n').filter(Boolean);
    // Cut after the first TaskUpdate's result: task 1 in progress, task 2 pending.
    const cut = lines.findIndex((l) => l.includes('"statusChange":{"from":"pending","to":"in_progress"}'));
    const l = readLedger(scratch('t.jsonl', `${lines.slice(0, cut + 1).join('\n')}\n`), { repoRoot: REPO });
    expect(l.todos).toEqual([
      { content: 'Write hello.txt', status: 'in_progress' },
      { content: 'Commit hello.txt', status: 'pending' },
    ]);
    const u = (uuid: string, parent: string, message: unknown, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ type: message && (message as { role: string }).role === 'assistant' ? 'assistant' : 'user', uuid, parentUuid: parent, sessionId: 's', timestamp: '2026-12-04T10:00:00Z', message, ...extra });
    const text = [
      u('a1', '', { role: 'assistant', id: 'm1', content: [{ type: 'tool_use', id: 't1', name: 'TaskCreate', input: { subject: 'One', description: 'd' } }] }),
      u('r1', 'a1', { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'Task #7 created successfully: One' }] }),
      u('a2', 'r1', { role: 'assistant', id: 'm2', content: [{ type: 'tool_use', id: 't2', name: 'TaskCreate', input: { subject: 'Two', description: 'd' } }] }),
      u('r2', 'a2', { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't2', content: 'Task #8 created successfully: Two' }] }, { toolUseResult: { task: { id: '8', subject: 'Two' } } }),
      u('a3', 'r2', { role: 'assistant', id: 'm3', content: [{ type: 'tool_use', id: 't3', name: 'TaskUpdate', input: { taskId: '7', status: 'deleted' } }] }),
      u('r3', 'a3', { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't3', content: 'Updated task #7 deleted' }] }, { toolUseResult: { success: true, taskId: '7' } }),
    ].join('\n');
    expect(readLedger(scratch('u.jsonl', `${text}\n`), { agent: 'claude' }).todos).toEqual([{ content: 'Two', status: 'pending' }]);
  });

  it('a TodoWrite (older versions) counts only when its result says it succeeded', () => {
    const u = (uuid: string, parent: string, role: string, content: unknown) =>
      JSON.stringify({ type: role, uuid, parentUuid: parent, sessionId: 's', timestamp: '2026-12-04T10:00:00Z', message: { role, id: `m${uuid}`, content } });
    const todo = (id: string, content: string) => ({ type: 'tool_use', id, name: 'TodoWrite', input: { todos: [{ content, status: 'pending', activeForm: content }] } });
    const text = [
      u('a1', '', 'assistant', [todo('t1', 'Kept')]),
      u('r1', 'a1', 'user', [{ type: 'tool_result', tool_use_id: 't1', content: 'Todos have been modified successfully' }]),
      u('a2', 'r1', 'assistant', [todo('t2', 'Refused')]),
      u('r2', 'a2', 'user', [{ type: 'tool_result', tool_use_id: 't2', is_error: true, content: '<tool_use_error>Error: No such tool available: TodoWrite.</tool_use_error>' }]),
    ].join('\n');
    expect(readLedger(scratch('v.jsonl', `${text}\n`), { agent: 'claude' }).todos).toEqual([{ content: 'Kept', status: 'pending' }]);
  });
});

describe('Codex CLI 0.171.0: the prompt is a response item of role user', () => {
  it('reads both turns of a resumed session, without the AGENTS.md and primer blocks; the unsupported update_plan is not the list', () => {
    const l = readLedger(CODEX, { repoRoot: REPO });
    expect(l.user_messages.map((m) => m.text)).toEqual(['Create hello.txt and commit it', 'What did you commit?']);
    expect(l.turns.map((t) => t.request)).toEqual(['Create hello.txt and commit it', 'What did you commit?']);
    expect(l.turns[0]!.edited).toEqual(['hello.txt']);
    expect(l.todos).toEqual([]);
    expect(firstUserPrompt(CODEX)).toBe('Create hello.txt and commit it');
  });

  it('the older shape (event_msg user_message and the same text as a response item) counts each prompt once', () => {
    const l = readLedger(join(AGENTS, 'codex/rollout.jsonl'), { agent: 'codex' });
    expect(l.user_messages.map((m) => m.text)).toEqual(['Fix the flaky refresh-token test']);
  });
});

describe('Gemini CLI 0.61.0: the prompt after git-memory\'s own <hook_context>', () => {
  it('is read, without the hook context', () => {
    const l = readLedger(GEMINI, { repoRoot: REPO });
    expect(l.user_messages.map((m) => m.text)).toEqual(['Create hello.txt and commit it']);
    expect(firstUserPrompt(GEMINI)).toBe('Create hello.txt and commit it');
    expect(l.files.map((f) => [f.path, f.writes])).toEqual([['hello.txt', 1]]);
  });

  it('a user message that is only a hook context, or another wrapper, is no prompt', () => {
    const head = JSON.stringify({ sessionId: 'g1', projectHash: 'h', startTime: '2026-12-04T10:00:00Z', lastUpdated: '2026-12-04T10:00:00Z', kind: 'main' });
    const msg = (id: string, text: string) => JSON.stringify({ id, timestamp: '2026-12-04T10:00:01Z', type: 'user', content: [{ text }] });
    const text = [head, msg('1', '<hook_context># Project memory</hook_context>'), msg('2', '<session_context>x</session_context>'), msg('3', 'Real prompt')].join('\n');
    expect(readLedger(scratch('g.jsonl', `${text}\n`), { agent: 'gemini' }).user_messages.map((m) => m.text)).toEqual(['Real prompt']);
  });
});

describe('Gemini CLI 0.61.0: `--resume latest` goes on in the session\'s chat file', () => {
  it('the resumed turn\'s prompt follows our hook context again, and is read', () => {
    const l = readLedger(join(AGENTS, 'gemini-0.61.0/resume.jsonl'), { repoRoot: REPO });
    expect(l.user_messages.map((m) => m.text)).toEqual(['Commit a.txt', 'What did you commit?']);
    expect(l.turns.map((t) => t.reply)).toEqual(['Committed a.txt.', 'You committed a.txt.']);
  });
});
