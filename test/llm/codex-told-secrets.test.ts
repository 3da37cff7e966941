// A Codex rollout carries the user's words in its own fields (response_item messages, event_msg
// user_message, function_call_output): a password told in German, a key's first half and an
// Authorization header of another scheme planted there reach no model request.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeMessagesApi, toolUseReply, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { makeRepo, ROOT, tempDir } from '../helpers/repo.js';

const PW = ['Qv7#m', 'Lr2xZ', 'k9&Tp'].join('');
const TOKEN = ['a8Kf3', 'Lq9Zm', 'R2vX7', 'nB4cT', 'y6Hw1', 'Pe5Js'].join('');
const KEY_LINE = 'MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi6Z1YvGg0kXkG0Lm3vQ2tkfx5s';
const HEADER = ['-----BEGIN RSA', 'PRIVATE KEY-----'].join(' ');

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('a Codex rollout\'s own fields', () => {
  it('notes update with a model: the request holds none of the planted secrets', async () => {
    const lines = readFileSync(join(ROOT, 'test/fixtures/transcripts/codex.jsonl'), 'utf8').trimEnd().split('\n');
    const at = (s: number) => `2026-03-02T09:0${5 + Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}.000Z`;
    const told = `Merk dir: das Passwort für die Staging-Datenbank lautet ${PW}`;
    lines.push(
      JSON.stringify({ timestamp: at(1), type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: told }] } }),
      JSON.stringify({ timestamp: at(1), type: 'event_msg', payload: { type: 'user_message', message: told, images: [] } }),
      JSON.stringify({ timestamp: at(2), type: 'response_item', payload: { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'head -2 deploy/id_rsa; cat .env'] }), call_id: 'call_a45' } }),
      JSON.stringify({ timestamp: at(3), type: 'response_item', payload: { type: 'function_call_output', call_id: 'call_a45', output: JSON.stringify({ output: `${HEADER}\n${KEY_LINE}\nAPI_AUTH="Authorization: Token ${TOKEN}"\n`, metadata: { exit_code: 0 } }) } }),
    );
    const transcript = join(tempDir('gm-codex-'), 'rollout-2026-03-02T09-00-00-019a7c1e-5b2d-7e30-9f41-2c8d6a1b3e57.jsonl');
    writeFileSync(transcript, `${lines.join('\n')}\n`);
    api = await startFakeMessagesApi(() => toolUseReply([{ name: 'update_section', input: { section: 'Current State', content: 'from the model' } }]));
    const repo = makeRepo();
    writeFileSync(join(repo.dir, '.openclaw_memory.toml'), '[llm]\nprovider = "anthropic"\n');
    const r = await repo.run(['notes', 'update', '--transcript', transcript, '--json'], { env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url } });
    expect(r.code, r.stderr).toBe(0);
    expect(api.requests.length).toBeGreaterThan(0);
    const sent = api.requests.map((q) => q.raw).join('\n');
    expect(sent).toContain('Staging-Datenbank'); // the planted text did reach the request, redacted
    const shown = (v: string) => (sent.includes(v) ? sent.slice(Math.max(0, sent.indexOf(v) - 60), sent.indexOf(v) + v.length) : '');
    expect([PW, TOKEN, KEY_LINE.slice(0, 24)].map(shown).join(' | '), 'the request around each planted secret').toBe(' |  | ');
  });
});
