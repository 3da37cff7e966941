import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseEvent, parseHookInput } from '../../../src/hook/agent/input.js';
import { capContext, MAX_CONTEXT_CHARS, sessionStartOutput } from '../../../src/hook/agent/output.js';
import { firstUserPrompt } from '../../../src/transcripts/first-prompt.js';
import { tempDir } from '../../helpers/repo.js';
import { FIXTURES, fixture } from '../../agents/fixtures.js';

describe('firstUserPrompt', () => {
  it('Claude Code: skips meta, command wrappers and tool results; joins lines', () => {
    expect(firstUserPrompt(join(FIXTURES, 'claude/transcript.jsonl'))).toBe('Add a logout endpoint that revokes the refresh token');
  });
  it('Codex: skips the environment context', () => {
    expect(firstUserPrompt(join(FIXTURES, 'codex/rollout.jsonl'))).toBe('Fix the flaky refresh-token test');
  });
  it('Gemini CLI: one JSON document with messages', () => {
    expect(firstUserPrompt(join(FIXTURES, 'gemini/chat.json'))).toBe('Document the billing webhooks');
  });
  it('missing, empty or promptless transcripts give null; long prompts are shortened', () => {
    const dir = tempDir();
    expect(firstUserPrompt(undefined)).toBeNull();
    expect(firstUserPrompt(join(dir, 'nope.jsonl'))).toBeNull();
    writeFileSync(join(dir, 'torn.jsonl'), '{"type":"user","message":{"role":"user","content":"cut her');
    expect(firstUserPrompt(join(dir, 'torn.jsonl'))).toBeNull();
    writeFileSync(join(dir, 'long.jsonl'), `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'word '.repeat(100) } })}\n`);
    const long = firstUserPrompt(join(dir, 'long.jsonl'))!;
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('hook input and output', () => {
  it('reads each agent\'s payload fields', () => {
    const claude = parseHookInput(Buffer.from(fixture('claude/session-start.json')));
    expect(claude).toMatchObject({ sessionId: '00893aaf-19fa-41d2-8238-13269b9b3ca0', source: 'startup', event: 'SessionStart' });
    expect(claude.cwd).toBeUndefined(); // the author's directory does not exist here
    const cursor = parseHookInput(Buffer.from(fixture('cursor/stop.json')));
    expect(cursor.sessionId).toBe('c0ffee00-1234-4abc-9def-001122334455');
    expect(parseHookInput(Buffer.from(''))).toEqual({});
    expect(() => parseHookInput(Buffer.from('[1]'))).toThrow(/JSON object/);
  });

  it('normalises event spellings', () => {
    for (const e of ['SessionStart', 'sessionStart', 'session-start', 'session_start']) expect(normaliseEvent(e)).toBe('session-start');
    expect(normaliseEvent('SessionEnd')).toBe('session-end');
    expect(normaliseEvent('Stop')).toBe('stop');
    expect(normaliseEvent('PreToolUse')).toBeNull();
  });

  it('caps context at 10,000 characters on a line boundary, saying so', () => {
    const text = Array.from({ length: 400 }, (_, i) => `- item ${i} ${'x'.repeat(30)}`).join('\n');
    const capped = capContext(text);
    expect(capped.length).toBeLessThanOrEqual(MAX_CONTEXT_CHARS);
    expect(capped).toMatch(/cut to fit/);
    expect(capped.split('\n').filter((l) => l.startsWith('- item')).every((l) => l.endsWith('x'.repeat(30)))).toBe(true);
    expect(capContext('short')).toBe('short');
    const out = JSON.parse(sessionStartOutput('claude', text));
    expect(out.hookSpecificOutput.additionalContext.length).toBeLessThanOrEqual(MAX_CONTEXT_CHARS);
  });
});
