import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLedger } from '../../src/transcripts/index.js';
import { tempDir } from '../helpers/repo.js';

// Gemini CLI 0.61's own tool schemas (its bundle: SHELL_PARAM_COMMAND "command", PARAM_DIR_PATH
// "dir_path"; READ_MANY_PARAM_INCLUDE "include", required): a shell command's folder is `dir_path`
// (`directory` before), and read_many_files names its files in `include` (`paths` before).
// Records in the chat-file shape 0.61 writes (test/fixtures/agents/gemini-0.61.0).

const REPO = '/work/repo';
const AT = (s: number) => `2026-12-05T10:00:${String(s).padStart(2, '0')}.000Z`;

function chat(): string {
  const head = JSON.stringify({ sessionId: 'g1', projectHash: 'h', startTime: AT(0), lastUpdated: AT(0), kind: 'main' });
  const call = (id: string, name: string, args: Record<string, unknown>, output: string) => ({
    id,
    name,
    args,
    result: [{ functionResponse: { id, name, response: { output } } }],
    status: 'success',
    timestamp: AT(3),
  });
  const lines = [
    head,
    JSON.stringify({ id: 'u1', timestamp: AT(1), type: 'user', content: [{ text: 'Look at the parser' }] }),
    JSON.stringify({
      id: 'm1',
      timestamp: AT(2),
      type: 'gemini',
      content: '',
      toolCalls: [
        call('read_many_files__1', 'read_many_files', { include: ['src/parser.ts', 'docs/**/*.md', 'README.md'], exclude: ['dist/**'] }, 'Read 3 files.'),
        call('run_shell_command__2', 'run_shell_command', { command: 'cat lexer.ts', description: 'Read the lexer', dir_path: 'src' }, 'Output: export {}'),
      ],
      tokens: { input: 10, output: 2, cached: 0, thoughts: 0, tool: 0, total: 12 },
      model: 'gemini-3.8-flash',
    }),
  ];
  return `${lines.join('\n')}\n`;
}

describe('Gemini CLI 0.61: the arguments its tools take today', () => {
  it('read_many_files `include` and run_shell_command `dir_path` give the files read', () => {
    const path = join(tempDir(), 'session-2026-12-05T10-00-g1.jsonl');
    writeFileSync(path, chat());
    const l = readLedger(path, { agent: 'gemini', repoRoot: REPO });
    expect(l.files.filter((f) => f.reads > 0).map((f) => f.path).sort()).toEqual(['README.md', 'src/lexer.ts', 'src/parser.ts']);
    expect(l.commands.map((c) => c.command)).toEqual(['cat lexer.ts']);
  });
});
