import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTranscript } from '../../src/transcripts/index.js';
import { ROOT, tempDir } from '../helpers/repo.js';
import { REPO, TRANSCRIPTS } from './fixtures.js';

describe('renderTranscript', () => {
  it('Claude Code: human messages, assistant text, calls with short inputs, errors; no thinking, meta or wrappers', () => {
    const text = renderTranscript(join(TRANSCRIPTS, 'claude.jsonl'), { agent: 'claude', from: 0, maxChars: 20_000, repoRoot: REPO });
    const lines = text.split('\n');
    expect(lines[0]).toBe('[user] Add a logout endpoint that revokes the refresh token.');
    expect(text).toContain("[assistant] I'll look at the auth module first.");
    expect(text).toContain('[tool call] Read {"file_path":"/home/jane/acme/src/auth/session.ts"}');
    expect(text).toContain('[tool error] Exit code 1');
    expect(text).toContain('[sub-agent tool call] Write');
    expect(text).toContain('[compacted]');
    expect(text).toContain('[compaction summary] This session is being continued');
    expect(text).not.toMatch(/Caveat|command-name|local-command-stdout|Let me look at the auth module first|c2ln/);
    // The tool result's body is shortened, the torn last line left out.
    expect(text.trimEnd().split('\n').at(-1)).toBe('[tool call] Bash {"command":"npm test","description":"Run all tests"}');
  });

  it('renders only the byte range asked for', () => {
    const path = join(TRANSCRIPTS, 'claude.jsonl');
    const bytes = readFileSync(path);
    const from = bytes.indexOf('"uuid":"u35"');
    const start = bytes.lastIndexOf(0x0a, from) + 1;
    const text = renderTranscript(path, { agent: 'claude', from: start, maxChars: 20_000 });
    expect(text.split('\n')[0]).toBe('[user] Use a sliding window, not a fixed one');
    expect(text).not.toContain('logout endpoint');
    expect(renderTranscript(path, { agent: 'claude', from: 0, to: start, maxChars: 20_000 })).not.toContain('sliding window');
  });

  it('Claude Code: a record written again with the same uuid is rendered once', () => {
    const lines = readFileSync(join(TRANSCRIPTS, 'claude.jsonl'), 'utf8').split('\n').slice(0, -1);
    const dir = tempDir();
    const once = join(dir, 'once.jsonl');
    const twice = join(dir, 'twice.jsonl');
    writeFileSync(once, `${lines.join('\n')}\n`);
    writeFileSync(twice, `${[...lines.flatMap((l) => [l, l]), ...lines].join('\n')}\n`);
    const render = (path: string) => renderTranscript(path, { agent: 'claude', from: 0, maxChars: 50_000, repoRoot: REPO });
    expect(render(twice)).toBe(render(once));
    expect(render(once).match(/\[compacted\]/g)).toHaveLength(1);
  });

  it('Codex and Gemini CLI', () => {
    const codex = renderTranscript(join(TRANSCRIPTS, 'codex.jsonl'), { agent: 'codex', from: 0, maxChars: 20_000 });
    expect(codex.split('\n')[0]).toBe('[user] Fix the flaky refresh-token test');
    expect(codex).toContain('[tool error] FAIL test/auth/refresh.test.ts');
    expect(codex).toContain('[tool call] apply_patch *** Begin Patch');
    expect(codex).toContain('[compaction summary] The user asked to fix the flaky refresh-token test');
    expect(codex).not.toMatch(/environment_context|gAAAAAB/);
    const gemini = renderTranscript(join(TRANSCRIPTS, 'gemini.json'), { agent: 'gemini', from: 0, maxChars: 20_000 });
    expect(gemini.split('\n')[0]).toBe('[user] Document the billing webhooks');
    expect(gemini).toContain('[tool error] Failed to edit, 0 occurrences found');
    expect(gemini).toContain('[tool call] write_file {"file_path":"/home/jane/acme/docs/billing.md"');
    // JSON lines: each message once, as last written.
    const lines = renderTranscript(join(TRANSCRIPTS, 'gemini.jsonl'), { agent: 'gemini', from: 0, maxChars: 20_000 });
    expect(lines).toBe(gemini);
  });

  it('Codex 0.171 (the prompt only a response item of role user): each prompt, without the AGENTS.md and primer blocks; an older rollout\'s prompt written twice, once', () => {
    const text = renderTranscript(join(ROOT, 'test/fixtures/agents/codex-0.171.0/rollout-resumed.jsonl'), { agent: 'codex', from: 0, maxChars: 20_000 });
    expect(text.split('\n').filter((l) => l.startsWith('[user]'))).toEqual(['[user] Create hello.txt and commit it', '[user] What did you commit?']);
    expect(text).not.toMatch(/AGENTS\.md instructions|environment_context|Project memory/);
    const older = renderTranscript(join(ROOT, 'test/fixtures/agents/codex/rollout.jsonl'), { agent: 'codex', from: 0, maxChars: 20_000 });
    expect(older.split('\n').filter((l) => l.startsWith('[user]'))).toEqual(['[user] Fix the flaky refresh-token test']);
  });

  it('stays within maxChars, keeping the opening and the latest, and redacts secrets', () => {
    const dir = tempDir();
    const path = join(dir, 't.jsonl');
    const token = `ghp_${'a1B2c3D4e5F6g7H8i9J0'.repeat(2).slice(0, 36)}`;
    const lines = Array.from({ length: 400 }, (_, i) =>
      JSON.stringify({ type: 'user', uuid: `u${i}`, parentUuid: i ? `u${i - 1}` : null, timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: `message ${i} ${'x'.repeat(80)}` } }),
    );
    lines.push(JSON.stringify({ type: 'user', uuid: 'last', parentUuid: 'u399', message: { role: 'user', content: `my token is ${token}` } }));
    writeFileSync(path, `${lines.join('\n')}\n`);
    const text = renderTranscript(path, { agent: 'claude', from: 0, maxChars: 4000 });
    expect(text.length).toBeLessThanOrEqual(4000);
    expect(text).toContain('[user] message 0 ');
    expect(text).toMatch(/\[… \d+ earlier entries left out …\]/);
    expect(text).toContain('[user] my token is [REDACTED:');
    expect(text).not.toContain(token);
  });
});
