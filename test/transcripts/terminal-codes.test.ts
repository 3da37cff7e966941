// PowerShell 7 colours its errors even when no terminal reads them, and Codex keeps the codes in a
// command's output. In noise55's audit a real Codex Desktop 0.108 session on Windows
// (akhileswar18/behaviour_lab at de82051, .codex/sessions/2026/03/05/
// rollout-2026-03-05T22-50-24-019cc1e9-6537-70a3-a8cd-d2957e043dd4.jsonl, gpt-5.3-codex) failed
// twice, and each ledger error read "\x1b[31;1mResourceUnavailable: \x1b[0m \x1b[31;1m\x1b[36;1mLine
// |…": the codes took most of its 200 characters and the cause ("Program 'rg.exe' failed to run:
// … Access is denied.") never reached the notes. The records below are of that shape (fields as
// that Codex wrote them; PowerShell's error layout), the paths made up.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutTerminalCodes } from '../../src/transcripts/build.js';
import { readLedger } from '../../src/transcripts/read.js';
import { notesFromLedger } from '../../src/notes/offline.js';
import { tempDir } from '../helpers/repo.js';

const E = '\x1b';
const OUTPUT = `Exit code: 1\nWall time: 1.2 seconds\nOutput:\n${E}[31;1mResourceUnavailable: ${E}[0m\r\n${E}[31;1m${E}[36;1mLine |${E}[0m\r\n${E}[31;1m${E}[36;1m${E}[36;1m   2 | ${E}[0m ${E}[36;1mrg --files -g "package.json" -g "pyproject.toml"${E}[0m\r\n${E}[31;1m${E}[36;1m${E}[36;1m${E}[0m${E}[36;1m${E}[0m${E}[36;1m     | ${E}[31;1m ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~${E}[0m\r\n${E}[31;1m${E}[36;1m${E}[36;1m${E}[0m${E}[36;1m${E}[0m${E}[36;1m${E}[31;1m${E}[31;1m${E}[36;1m     | ${E}[31;1mProgram 'rg.exe' failed to run: An error occurred trying to start process 'C:\\Program Files\\WindowsApps\\OpenAI.Codex\\app\\resources\\rg.exe'. Access is denied.${E}[0m\r\n`;

function rollout(): string {
  const id = '019cc1e9-0000-70a3-a8cd-000000000055';
  const path = join(tempDir('gm-terminal-codes-'), `rollout-2026-03-05T22-50-24-${id}.jsonl`);
  const records = [
    { timestamp: '2026-03-06T06:50:24.480Z', type: 'session_meta', payload: { id, timestamp: '2026-03-06T06:50:24.480Z', cwd: 'C:\\Users\\jane\\snake', originator: 'Codex Desktop', cli_version: '0.108.0-alpha.12', source: 'vscode', model_provider: 'openai', git: {} } },
    { timestamp: '2026-03-06T06:50:24.600Z', type: 'turn_context', payload: { turn_id: 't1', cwd: 'C:\\Users\\jane\\snake', approval_policy: 'never', sandbox_policy: { type: 'danger-full-access' }, model: 'gpt-5.3-codex' } },
    { timestamp: '2026-03-06T06:50:25.000Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Build a classic Snake game in this repo.' }] } },
    { timestamp: '2026-03-06T06:50:25.000Z', type: 'event_msg', payload: { type: 'user_message', message: 'Build a classic Snake game in this repo.', images: [] } },
    { timestamp: '2026-03-06T06:51:14.722Z', type: 'response_item', payload: { type: 'function_call', name: 'shell_command', arguments: JSON.stringify({ command: 'rg --files -g "package.json" -g "pyproject.toml"', workdir: 'C:\\Users\\jane\\snake' }), call_id: 'call_1' } },
    { timestamp: '2026-03-06T06:51:18.331Z', type: 'response_item', payload: { type: 'function_call_output', call_id: 'call_1', output: OUTPUT } },
    { timestamp: '2026-03-06T06:51:20.000Z', type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: '`rg` is not executable here, so I am switching to Get-ChildItem.' }] } },
  ];
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

describe('a tool\'s error without the terminal\'s colour codes', () => {
  it('Codex on Windows: the ledger\'s error and the notes say the cause, not escape codes', () => {
    const ledger = readLedger(rollout(), { agent: 'codex', repoRoot: 'C:\\Users\\jane\\snake' });
    expect(ledger.errors).toHaveLength(1);
    const { message } = ledger.errors[0]!;
    expect(message).not.toContain(E);
    expect(message).toMatch(/^ResourceUnavailable: Line \| 2 \| rg --files -g "package\.json" -g "pyproject\.toml" \| ~+ \| Program 'rg\.exe' failed to run/);
    const notes = notesFromLedger(ledger);
    expect(notes).toContain("Program 'rg.exe' failed to run");
    expect(notes).not.toMatch(/\x1b|\[3\d;1m/);
  });

  it('drops CSI and OSC sequences and a sequence torn by a cut, and nothing else', () => {
    expect(withoutTerminalCodes(`${E}[1;31mFAIL${E}[0m src/a.test.ts ${E}]8;;https://x.test${E}\\link${E}]8;;${E}\\ done ${E}[3`)).toBe('FAIL src/a.test.ts link done ');
    for (const t of ['[31m is text', 'a [0m b', 'Exit code 1', '']) expect(withoutTerminalCodes(t)).toBe(t);
  });
});
