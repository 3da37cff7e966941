// Issue 26 item 2: what is actually sent to a model holds no secret. Every credential of the
// scanner's corpus (test/safety/corpus.json: each kind the scanner knows) is planted in every place a
// Claude Code transcript carries text — the user's prompt, a tool call's input, a tool result, a tool
// error, the assistant's text, a reply streamed in two records with the secret split between them,
// and a compaction summary — and the request bytes the fake Messages API received (or the stdin
// `claude -p` got) are searched for any 16 characters of any of them.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/memory/config.js';
import { updateNotes } from '../../src/notes/update.js';
import { redactOutgoing } from '../../src/safety/outgoing.js';
import { credentials, type Credential } from '../safety/corpus.js';
import { recordingClaude } from '../helpers/fake-claude.js';
import { startFakeMessagesApi, textReply, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { makeRepo, tempDir } from '../helpers/repo.js';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const SESSION = 'b1e2c3d4-0000-4000-8000-000000000026';
const PLACES = ['prompt', 'tool input', 'tool result', 'tool error', 'assistant text', 'streamed halves', 'compaction summary'] as const;

let n = 0;
const rec = (type: 'user' | 'assistant', message: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ parentUuid: null, isSidechain: false, userType: 'external', cwd: '/home/jane/acme', sessionId: SESSION, version: '2.1.39', type, uuid: `x${++n}`, timestamp: new Date(Date.UTC(2026, 11, 4, 9) + n * 1000).toISOString(), message, ...extra });
const assistant = (id: string, content: unknown[]) => rec('assistant', { model: 'claude-opus-4-6', id, type: 'message', role: 'assistant', content, stop_reason: null, usage: { input_tokens: 4, output_tokens: 10 } });

/** The records that carry `c` in `place`. */
function planted(c: Credential, place: (typeof PLACES)[number]): string[] {
  const i = ++n;
  switch (place) {
    case 'prompt':
      return [rec('user', { role: 'user', content: `Use this for the deploy:\n${c.text}` })];
    case 'tool input':
      return [assistant(`msg_in${i}`, [{ type: 'tool_use', id: `toolu_in${i}`, name: 'Bash', input: { command: `cat > .env <<'EOF'\n${c.text}\nEOF` } }])];
    case 'tool result':
      return [rec('user', { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_r${i}`, content: c.text, is_error: false }] })];
    case 'tool error':
      return [rec('user', { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_e${i}`, content: `Error: rejected credential\n${c.text}`, is_error: true }] })];
    case 'assistant text':
      return [assistant(`msg_t${i}`, [{ type: 'text', text: `The config holds:\n${c.text}` }])];
    case 'streamed halves': {
      const cut = c.start + Math.floor(c.secret.length / 2);
      return [assistant(`msg_s${i}`, [{ type: 'text', text: c.text.slice(0, cut) }]), assistant(`msg_s${i}`, [{ type: 'text', text: c.text.slice(cut) }])];
    }
    case 'compaction summary':
      return [rec('user', { role: 'user', content: `This session is being continued from a previous conversation.\nKey facts: ${c.text}` }, { isCompactSummary: true })];
  }
}

/** A transcript with every credential in every place. */
function transcriptWithEverySecret(): string {
  const lines = [rec('user', { role: 'user', content: 'Set up the deployment credentials.' })];
  for (const c of credentials) for (const p of PLACES) lines.push(...planted(c, p));
  const path = join(tempDir('gm-secrets-'), `${SESSION}.jsonl`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** Pieces of `secret` long enough to tell: 16 characters, every 8, of each line (a key's lines are sent apart). */
function pieces(secret: string): string[] {
  const out: string[] = [];
  for (const line of secret.split('\n')) {
    const t = line.trim();
    if (t.startsWith('-----')) continue; // the header itself is not the key
    for (let i = 0; i + 16 <= t.length; i += 8) out.push(t.slice(i, i + 16));
    if (t.length >= 12 && t.length < 16) out.push(t);
  }
  return out;
}

/** What of each credential is in `sent`, as `provider (rule): piece`. */
function leaks(sent: string): string[] {
  const found: string[] = [];
  // JSON escapes: a piece is searched for as the JSON string body it would be sent as.
  for (const c of credentials) for (const p of pieces(c.secret)) if (sent.includes(p) || sent.includes(JSON.stringify(p).slice(1, -1))) found.push(`${c.provider} (${c.rule}): ${p}`);
  return [...new Set(found)];
}

const config = (provider: string) => {
  const c = parseConfig(`[llm]\nprovider = "${provider}"\nmax_input_tokens = 2000000\n`, 't.toml', 'r').config;
  return c;
};

/** A manual notes update of the planted transcript with this provider, in a fresh state directory. */
const notesWith = (transcript: string, provider: string, env: NodeJS.ProcessEnv) =>
  updateNotes({ stateDir: join(tempDir(), 'state'), sessionId: SESSION, transcript, agent: 'claude', repoRoot: '/home/jane/acme', config: config(provider), env, home: tempDir(), manual: true });

describe('no secret reaches the model, in any place a transcript carries one', () => {
  it('the anthropic provider: the request bytes the Messages API received', async () => {
    api = await startFakeMessagesApi(() => textReply('done'));
    const transcript = transcriptWithEverySecret();
    const r = await notesWith(transcript, 'anthropic', { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url, PATH: '' });
    expect(r.source).toBe('model');
    expect(api.requests.length).toBeGreaterThan(0);
    const sent = api.requests.map((q) => q.raw).join('\n');
    // Every place made it into the request (the test would prove nothing otherwise).
    for (const label of ['[user] Use this for the deploy', '[tool call] Bash', '[tool result]', '[tool error] Error: rejected credential', '[assistant] The config holds', '[compaction summary]']) expect(sent).toContain(label);
    expect(leaks(sent)).toEqual([]);
  }, 120_000);

  it('the claude-cli provider: the prompt piped to claude -p', async () => {
    const claude = recordingClaude();
    const transcript = transcriptWithEverySecret();
    const r = await notesWith(transcript, 'claude-cli', { PATH: `${claude.dir}:/usr/bin:/bin` });
    expect(r.source).toBe('model');
    expect(claude.calls()).toBe(1);
    const sent = claude.stdin();
    expect(sent).toContain('[tool result]');
    expect(leaks(sent)).toEqual([]);
  }, 120_000);

  it('compact: the request bytes', async () => {
    api = await startFakeMessagesApi(() => textReply('<summary>nothing</summary>'));
    const repo = makeRepo();
    repo.write('.openclaw_memory.toml', '[llm]\nprovider = "anthropic"\nmax_input_tokens = 2000000\n');
    const transcript = transcriptWithEverySecret();
    appendFileSync(transcript, '');
    const r = await repo.run(['compact', '--json', '--transcript', transcript], { env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url } });
    expect(r.code, r.stderr).toBe(0);
    expect(api.requests.length).toBeGreaterThan(0);
    const sent = api.requests.map((q) => q.raw).join('\n');
    expect(sent).toContain('[tool result]');
    expect(leaks(sent)).toEqual([]);
  }, 120_000);

  it('compact: the summary it prints and keeps, when the model gives no usable summary and the ledger stands in', async () => {
    api = await startFakeMessagesApi(() => textReply('# Session notes\n\n## Current State\nFixing the deploy.\n'));
    const repo = makeRepo();
    repo.write('.openclaw_memory.toml', '[llm]\nprovider = "anthropic"\nmax_input_tokens = 2000000\n');
    const transcript = transcriptWithEverySecret();
    const r = await repo.run(['compact', '--transcript', transcript], { env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/REDACTED/);
    expect(leaks(r.stdout + r.stderr)).toEqual([]);
    const kept = readFileSync(join(repo.dir, '.git', 'git-memory', 'sessions', SESSION, 'compact.json'), 'utf8');
    expect(JSON.parse(kept).source).toBe('ledger');
    expect(leaks(kept)).toEqual([]);
  }, 120_000);

  it("the issue's case: a private key read by the agent, rendered with its lines joined and cut, then sent", async () => {
    const key = credentials.find((c) => c.rule === 'private-key' && c.secret.length > 1000)!;
    const rendered = `[tool call] Read {"file_path":"/home/jane/.ssh/id_rsa"}\n[tool result] ${key.secret.replace(/\s+/g, ' ').slice(0, 299)}…\n[assistant] That is an RSA key.`;
    const out = await redactOutgoing(rendered);
    expect(out.text).toBe('[tool call] Read {"file_path":"/home/jane/.ssh/id_rsa"}\n[tool result] [REDACTED:private-key]\n[assistant] That is an RSA key.');
    // The key's second half alone, as `tail` shows it.
    const tail = key.secret.slice(-400);
    expect((await redactOutgoing(`[tool result] ${tail}`)).text).toBe('[tool result] [REDACTED:private-key]');
  });
});
