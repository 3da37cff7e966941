import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLedger } from '../../src/transcripts/read.js';

// Claude Code 2.1.x runs commands through more tools than Bash: PowerShell (Windows; its input is
// Bash's, `{command, description}`, as a published note quoting a real 2.1 transcript says) and
// Monitor (a command watched in the background, `{command, description, timeout_ms, persistent}`).
// Records in the shape 2.1.x writes (uuid chain, sessionId, version, gitBranch, toolUseResult).

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true, maxRetries: 5 })));

const CWD = 'C:\\Users\\dev\\proj';
let n = 0;
function rec(type: 'user' | 'assistant', parent: string | null, message: unknown, extra: Record<string, unknown> = {}): [string, string] {
  const uuid = `0000000${++n}-aaaa-4bbb-8ccc-dddddddddddd`;
  const line = JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd: CWD, sessionId: 'b1f0c7e2-1d2a-4c3b-9e8f-0a1b2c3d4e5f', version: '2.1.112', gitBranch: 'main', type, message, uuid, timestamp: `2026-11-30T10:00:${String(n).padStart(2, '0')}.000Z`, ...extra });
  return [uuid, line];
}

function transcript(): string {
  const lines: string[] = [];
  let at: string | null = null;
  const push = ([uuid, line]: [string, string]) => {
    lines.push(line);
    at = uuid;
  };
  push(rec('user', at, { role: 'user', content: 'Run the tests and commit' }, { promptId: 'p1', permissionMode: 'default' }));
  const call = (id: string, name: string, input: Record<string, unknown>, result: string, isError = false, detail?: unknown) => {
    push(rec('assistant', at, { model: 'claude-opus-4-7', id: `msg_${id}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id, name, input }], stop_reason: 'tool_use', usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } }, { requestId: `req_${id}` }));
    push(rec('user', at, { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: result, is_error: isError }] }, { toolUseResult: detail ?? { stdout: result, stderr: '', interrupted: false } }));
  };
  call('toolu_ps1', 'PowerShell', { command: 'npm test', description: 'Run the tests' }, 'Exit code 1\nFAIL src/a.test.ts', true);
  call('toolu_ps2', 'PowerShell', { command: 'git add -A; git commit -m "Fix the parser"', description: 'Commit' }, '[main 1a2b3c4] Fix the parser');
  call('toolu_mon', 'Monitor', { command: 'gh pr checks 45 --watch', description: 'CI watch', timeout_ms: 600000, persistent: false }, 'Monitor started (task bmon0001, timeout 600000ms).', false, { taskId: 'bmon0001', timeoutMs: 600000 });
  call('toolu_bash', 'Bash', { command: 'git status', description: 'Status' }, 'nothing to commit');
  return `${lines.join('\n')}\n`;
}

describe('Claude Code 2.1: commands run through PowerShell and Monitor', () => {
  it('are commands of the session, as Bash ones are, and a failed one is marked failed', () => {
    const d = mkdtempSync(join(tmpdir(), 'gm-shell-tools-'));
    dirs.push(d);
    const file = join(d, 'b1f0c7e2-1d2a-4c3b-9e8f-0a1b2c3d4e5f.jsonl');
    writeFileSync(file, transcript());
    const l = readLedger(file, { agent: 'claude' });
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([
      ['npm test', true],
      ['git add -A; git commit -m "Fix the parser"', false],
      ['gh pr checks 45 --watch', false],
      ['git status', false],
    ]);
    expect(l.errors).toMatchObject([{ tool: 'PowerShell', message: expect.stringContaining('FAIL src/a.test.ts') }]);
  });
});
