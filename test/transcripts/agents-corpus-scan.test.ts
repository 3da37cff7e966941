// The secret scan scripts/agents-corpus.mjs runs on every published transcript before it is kept
// (never committed, but kept on disk and read by the bench): a credential's shape skips the file;
// Codex's encrypted reasoning (long base64) and ordinary text do not.
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { secretIn, versionOf } from '../../scripts/agents-corpus.mjs';

const fake = (prefix: string, n: number) => prefix + 'aB3'.repeat(Math.ceil(n / 3)).slice(0, n);

describe('agents corpus: the secret scan', () => {
  it('flags key shapes wherever they stand in a transcript line', () => {
    for (const s of [fake('sk-proj-', 40), fake('ghp_', 36), fake('github_pat_', 40), `AKIA${'ABCDEFGHIJKLMNOP'}`, fake('AIza', 35), fake('glpat-', 20), fake('xoxb-', 20), '-----BEGIN RSA PRIVATE KEY-----', 'api_key = "' + fake('', 30).replace(/a/g, '7') + '"'])
      expect(secretIn(`{"type":"function_call_output","output":"export X=${s.replace(/"/g, '\\"')}"}`), s).not.toBeNull();
  });

  it('does not flag encrypted reasoning, ids or prose', () => {
    const blob = Buffer.from('x'.repeat(3000).split('').map((_, i) => String.fromCharCode(33 + ((i * 7919) % 90))).join('')).toString('base64');
    expect(secretIn(`{"type":"reasoning","encrypted_content":"gAAAAA${blob}"}`)).toBeNull();
    expect(secretIn('{"call_id":"call_x2aa1e1PJ7ghByY5zmHGIVss","text":"the token is refreshed every hour; see task-sk-refresh"}')).toBeNull();
  });

  it('reads the Codex version a rollout names', () => {
    expect(versionOf('codex', '{"type":"session_meta","payload":{"id":"x","cli_version":"0.98.0"}}')).toBe('0.98.0');
    expect(versionOf('gemini', '{"sessionId":"x"}')).toBe('');
  });
});
