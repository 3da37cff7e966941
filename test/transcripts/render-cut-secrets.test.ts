// The renderer cuts a call's long input values at 200 characters, a tool's output at 300 and a text
// at 2,000: a secret the cut goes through is left as a piece no rule can tell apart from a word
// (`sk-ant-admin01-hKUZTFom_1X-y47b6V…`). Stop 51's attack (bench/attack.mjs --only=secrets-more)
// found one in a request to the model, from a Gemini CLI 0.61 transcript. Text is redacted first.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTranscript } from '../../src/transcripts/index.js';
import { tempDir } from '../helpers/repo.js';

// Random, never valid anywhere; built from pieces so no scanner of this repository sees a token.
const KEY = ['sk-ant-', 'admin01-', 'hKUZTFom_1X-y47b6VeMsu7p2', 'Qw9Zt7Ab3xZk4LmN8pR2sT6vW1yC5dF', 'H0jK3nP7qS9uX2zB4eG6iL8oR1tV5wY7aD9fJ0mQ3', 'AA'].join('');
const rec = (n: number, type: string, message: Record<string, unknown>) =>
  JSON.stringify({ parentUuid: null, isSidechain: false, userType: 'external', cwd: '/home/jane/acme', sessionId: 's1', version: '2.1.39', type, uuid: `u${n}`, timestamp: new Date(Date.UTC(2026, 11, 4, 9) + n * 1000).toISOString(), message });

describe('renderTranscript cuts what it has redacted', () => {
  it('a secret across a cut of a call input, a tool result or a text leaves no piece', () => {
    const pad = (n: number) => 'x'.repeat(n);
    const lines = [
      rec(1, 'user', { role: 'user', content: 'Rotate the admin key' }),
      rec(2, 'assistant', { model: 'm', id: 'a2', type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'Bash', input: { command: `echo ${pad(170)} ${KEY}` } }] }),
      rec(3, 'user', { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't2', content: `${pad(270)} ${KEY}`, is_error: false }] }),
      rec(4, 'assistant', { model: 'm', id: 'a4', type: 'message', role: 'assistant', content: [{ type: 'text', text: `${pad(1970)} ${KEY}` }] }),
    ];
    const path = join(tempDir('gm-render-cut-'), 's1.jsonl');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const text = renderTranscript(path, { agent: 'claude', from: 0, maxChars: 20_000 });
    for (const piece of ['hKUZTFom', 'y47b6VeM', 'Qw9Zt7Ab', 'H0jK3nP7']) expect(text).not.toContain(piece);
    expect(text).toContain('[REDACTED:anthropic-api-key]');
  });
});
