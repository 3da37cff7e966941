import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../src/memory/config.js';
import { LlmError } from '../../src/llm/types.js';
import { openLlm, readUsage, recordUsage } from '../../src/llm/index.js';
import { errorReply, startFakeMessagesApi, textReply, toolUseReply, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { tempDir } from '../helpers/repo.js';

const defaults = (): Config['llm'] => parseConfig('', 'test.toml', 'repo').config.llm;
let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function anthropic(llm: Partial<Config['llm']> = {}, handler?: Parameters<typeof startFakeMessagesApi>[0]) {
  api = await startFakeMessagesApi(handler);
  const model = await openLlm({ ...defaults(), provider: 'anthropic', ...llm }, { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url });
  if (!model) throw new Error('no model');
  return model;
}

const request = { purpose: 'notes', system: 'You keep notes.', messages: [{ role: 'user' as const, content: 'Hello' }] };

describe('anthropic provider against the fake Messages API', () => {
  it('sends the model, a cached system prefix and the capped max_tokens, and reads a text reply with its cost', async () => {
    const llm = await anthropic({ max_output_tokens: 1000 }, () => textReply('Noted.', { input_tokens: 1_000_000, output_tokens: 200_000, cache_read_input_tokens: 1_000_000, cache_creation_input_tokens: 0 }));
    const r = await llm.complete({ ...request, max_tokens: 5000 });
    expect(r.text).toBe('Noted.');
    expect(r.stop_reason).toBe('end_turn');
    expect(r.usage).toEqual({ input: 1_000_000, output: 200_000, cache_read: 1_000_000, cache_write: 0 });
    // Haiku 4.5: $1/M in, $5/M out, $0.10/M cache read.
    expect(r.cost).toBeCloseTo(1 + 1 + 0.1, 6);
    const body = api!.requests[0]!.body;
    expect(body.model).toBe('claude-haiku-4-5');
    expect(body.max_tokens).toBe(1000);
    expect(body.system).toEqual([{ type: 'text', text: 'You keep notes.', cache_control: { type: 'ephemeral' } }]);
    expect(api!.requests[0]!.headers.authorization ?? api!.requests[0]!.headers['x-api-key']).toMatch(/(^| )test$/);
  });

  it('returns tool calls and the assistant message to send back with tool results', async () => {
    const llm = await anthropic({}, () => toolUseReply([{ name: 'update_section', input: { section: 'Worklog', content: '- read files' } }], { text: 'Updating.' }));
    const r = await llm.complete({ ...request, tools: [{ name: 'update_section', description: 'd', input_schema: { type: 'object', properties: {} } }] });
    expect(r.stop_reason).toBe('tool_use');
    expect(r.tool_calls).toEqual([{ id: expect.stringMatching(/^toolu_/), name: 'update_section', input: { section: 'Worklog', content: '- read files' } }]);
    expect(r.message.role).toBe('assistant');
    expect(r.message.content).toEqual([{ type: 'text', text: 'Updating.' }, { type: 'tool_use', id: r.tool_calls[0]!.id, name: 'update_section', input: r.tool_calls[0]!.input }]);
    expect(api!.requests[0]!.body.tools).toHaveLength(1);
  });

  it('redacts secrets from every text block before the request leaves', async () => {
    const key = ['AKIA', 'Z7QK3W9N2R5T8YVX'].join('');
    const llm = await anthropic();
    await llm.complete({
      purpose: 'notes',
      system: `system mentions ${key}`,
      messages: [
        { role: 'user', content: [{ type: 'text', text: `export AWS_ACCESS_KEY_ID=${key}`, cache: true }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'x', input: { content: key } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: `echo ${key}` }] },
      ],
    });
    const raw = JSON.stringify(api!.requests[0]!.body);
    expect(raw).not.toContain(key);
    expect(raw.match(/\[REDACTED:/g)?.length).toBeGreaterThanOrEqual(4);
    // A cache breakpoint asked for on a message block is sent as cache_control.
    expect((api!.requests[0]!.body.messages as { content: { cache_control?: unknown }[] }[])[0]!.content[0]!.cache_control).toEqual({ type: 'ephemeral' });
  });

  it('turns 529 overloaded into LlmError "overloaded"', async () => {
    const llm = await anthropic({}, () => errorReply(529, 'overloaded_error', 'Overloaded'));
    await expect(llm.complete(request)).rejects.toMatchObject({ name: 'LlmError', kind: 'overloaded' });
  });

  it('turns 401 into "auth" and 429 into "rate_limit"', async () => {
    const llm = await anthropic({}, (_r, n) => (n === 0 ? errorReply(401, 'authentication_error') : errorReply(429, 'rate_limit_error')));
    await expect(llm.complete(request)).rejects.toMatchObject({ kind: 'auth' });
    await expect(llm.complete(request)).rejects.toMatchObject({ kind: 'rate_limit' });
  });

  it('times out at [llm] timeout_ms, retries included', async () => {
    const llm = await anthropic({ timeout_ms: 1000 }, () => ({ ...textReply('late'), delayMs: 5000 }));
    const started = Date.now();
    const e = await llm.complete(request).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmError);
    expect((e as LlmError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses a request over [llm] max_input_tokens without sending it', async () => {
    const llm = await anthropic({ max_input_tokens: 1000 });
    await expect(llm.complete({ ...request, messages: [{ role: 'user', content: 'x'.repeat(8000) }] })).rejects.toMatchObject({ kind: 'too_large' });
    expect(api!.requests).toHaveLength(0);
  });

  it('an unreachable API is a "connection" error', async () => {
    const closed = await startFakeMessagesApi();
    const url = closed.url;
    await closed.close();
    const llm = await openLlm({ ...defaults(), provider: 'anthropic', base_url: url, timeout_ms: 5000 }, { ANTHROPIC_API_KEY: 'test' });
    await expect(llm!.complete(request)).rejects.toMatchObject({ kind: 'connection' });
  });
});

describe('openLlm', () => {
  it('gives no model offline, with provider "none", unset or "auto", or without a key', async () => {
    const env = { ANTHROPIC_API_KEY: 'test', PATH: '' };
    expect(await openLlm(defaults(), env, { offline: true })).toBeNull();
    expect(await openLlm({ ...defaults(), provider: 'none' }, env)).toBeNull();
    expect(await openLlm(defaults(), { PATH: '' })).toBeNull();
    expect(await openLlm({ ...defaults(), provider: 'anthropic' }, { PATH: '' })).toBeNull();
    expect(await openLlm(defaults(), env)).toBeNull();
    expect(await openLlm({ ...defaults(), provider: 'auto' }, env)).toBeNull();
    expect((await openLlm({ ...defaults(), provider: 'anthropic' }, env))?.provider).toBe('anthropic');
  });

  it('takes the key from [llm] api_key_env and the base URL from [llm] base_url before ANTHROPIC_BASE_URL', async () => {
    api = await startFakeMessagesApi();
    const llm = await openLlm({ ...defaults(), provider: 'anthropic', api_key_env: 'MY_KEY', base_url: api.url }, { MY_KEY: 'k2', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
    await llm!.complete(request);
    expect(api.requests[0]!.headers.authorization ?? api.requests[0]!.headers['x-api-key']).toMatch(/(^| )k2$/);
  });
});

describe('usage per session', () => {
  it('adds calls, tokens and cost by purpose', () => {
    const dir = tempDir();
    expect(readUsage(dir, 's1')).toEqual({ calls: 0, usage: { input: 0, output: 0, cache_read: 0, cache_write: 0 }, cost: 0, by_purpose: {} });
    recordUsage(dir, 's1', 'notes', { usage: { input: 1000, output: 100, cache_read: 0, cache_write: 500 }, cost: 0.002125 });
    recordUsage(dir, 's1', 'notes', { usage: { input: 10, output: 10, cache_read: 500, cache_write: 0 }, cost: 0.00011 });
    recordUsage(dir, 's1', 'compact', { usage: { input: 1, output: 1, cache_read: 0, cache_write: 0 }, cost: 0.000006 });
    const u = readUsage(dir, 's1');
    expect(u.calls).toBe(3);
    expect(u.usage).toEqual({ input: 1011, output: 111, cache_read: 500, cache_write: 500 });
    expect(u.cost).toBeCloseTo(0.002241, 6);
    expect(u.by_purpose).toEqual({ notes: { calls: 2, cost: 0.002235 }, compact: { calls: 1, cost: 0.000006 } });
    expect(readUsage(dir, 'other').calls).toBe(0);
  });
});
