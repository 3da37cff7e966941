import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLedger } from '../../src/transcripts/read.js';
import { readInChunks } from './fixtures.js';

// A Codex 0.15x sub-agent's rollout (spawn_agent): its session_meta names the parent by
// parent_thread_id and source.subagent.thread_spawn (no forked_from_id), every record carries an
// `ordinal`, and `subagent_history_start_ordinal` says where the child's own history starts: the
// records before it are the parent's, inherited (the parent's session_meta, then a copy of its
// conversation with its token counts, or the copy alone). As published: a codex-cli 0.156.1 seat
// rollout's session_meta (parent_thread_id, thread_spawn {parent_thread_id, depth, agent_path},
// thread_source "subagent"), and rollout readers that skip `ordinal < subagent_history_start_ordinal`
// as copied history ("on the home machine 14 of 43 sub-agents" held such a copy). Records written for this test.

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true, maxRetries: 5 })));

const CWD = '/home/dev/app';
const T0 = Date.UTC(2026, 10, 20, 9, 0, 0);
const at = (ms: number) => new Date(T0 + ms).toISOString();
type Rec = Record<string, unknown>;

function rollout(withParentMeta: boolean): string {
  let n = 0;
  const r = (ms: number, type: string, payload: Rec) => JSON.stringify({ timestamp: at(ms), ordinal: n++, type, payload });
  const own = withParentMeta ? 7 : 6;
  const lines = [
    r(0, 'session_meta', {
      session_id: 'parent-1',
      id: 'child-1',
      parent_thread_id: 'parent-1',
      timestamp: at(-30),
      cwd: CWD,
      originator: 'codex_exec',
      cli_version: '0.172.0',
      source: { subagent: { thread_spawn: { parent_thread_id: 'parent-1', depth: 1, agent_path: '/root/tests', agent_nickname: 'Boyle', agent_role: null } } },
      thread_source: 'subagent',
      agent_path: '/root/tests',
      subagent_history_start_ordinal: own,
      model_provider: 'openai',
    }),
    // The inherited history, written in the same burst (the parent's turn started minutes before).
    ...(withParentMeta ? [r(2, 'session_meta', { session_id: 'parent-1', id: 'parent-1', timestamp: at(-600_000), cwd: CWD, originator: 'codex_exec', cli_version: '0.172.0', source: 'exec', thread_source: 'user' })] : []),
    r(3, 'event_msg', { type: 'task_started', turn_id: 'turn-p', started_at: Math.floor((T0 - 300_000) / 1000) }),
    r(4, 'response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Ship the release notes' }] }),
    r(5, 'response_item', { type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd: 'git log --oneline -5' }), call_id: 'call_p' }),
    r(6, 'response_item', { type: 'function_call_output', call_id: 'call_p', output: 'Chunk ID: 1\nWall time: 0.1 seconds\nProcess exited with code 0\nOutput:\nabc\n' }),
    r(7, 'event_msg', { type: 'token_count', info: { total_token_usage: { input_tokens: 50_000, cached_input_tokens: 40_000, output_tokens: 900 }, last_token_usage: { input_tokens: 9_000, cached_input_tokens: 8_000, output_tokens: 100 } } }),
    // The child's own history (ordinal `own` on).
    r(40, 'event_msg', { type: 'task_started', turn_id: 'turn-c' }),
    r(41, 'response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Run the unit tests and report failures' }] }),
    r(42, 'response_item', { type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd: 'npm test' }), call_id: 'call_c' }),
    r(900, 'response_item', { type: 'function_call_output', call_id: 'call_c', output: 'Chunk ID: 2\nWall time: 0.8 seconds\nProcess exited with code 1\nOutput:\n1 failing\n' }),
    r(901, 'event_msg', { type: 'token_count', info: { total_token_usage: { input_tokens: 62_000, cached_input_tokens: 49_000, output_tokens: 1_000 }, last_token_usage: { input_tokens: 12_000, cached_input_tokens: 9_000, output_tokens: 100 } } }),
  ];
  return `${lines.join('\n')}\n`;
}

describe('Codex 0.15x: a sub-agent rollout that inherits its parent’s history', () => {
  it.each([
    ['after the parent’s session_meta', true],
    ['as a bare copy', false],
  ])('counts only the child’s own turn (%s)', (_how, withParentMeta) => {
    const d = mkdtempSync(join(tmpdir(), 'gm-subagent-copy-'));
    dirs.push(d);
    const file = join(d, 'rollout-2026-11-20T09-00-00-child-1.jsonl');
    writeFileSync(file, rollout(withParentMeta));
    const l = readLedger(file, { agent: 'codex' });
    expect(l.session_id).toBe('child-1');
    expect(l.user_messages.map((m) => m.text)).toEqual(['Run the unit tests and report failures']);
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([['npm test', true]]);
    // What the child's total added to the inherited one.
    expect(l.usage).toEqual({ input: 12_000 - 9_000, cache_read: 9_000, output: 100, cache_write: 0 });
    // Read a line at a time across hook runs: the same at every step.
    expect(readInChunks(rollout(withParentMeta).split('\n').filter(Boolean), 'codex', CWD).commands).toEqual(l.commands);
  });
});
