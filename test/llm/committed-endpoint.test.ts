// A hostile repository must not make a clone send its transcripts (and the user's key) anywhere.
// `.openclaw_memory.toml` is committed: a repository cloned from anyone chooses `[llm] provider`,
// `base_url` and `api_key_env`. A teammate who has ANTHROPIC_API_KEY (or a GitHub token) in the
// environment then ran the session's transcript, and that key, to the URL the repository named.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ANTHROPIC_HOST, chooseProvider } from '../../src/llm/index.js';
import { parseConfig } from '../../src/memory/config.js';
import { startFakeMessagesApi, toolUseReply, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { makeRepo, ROOT } from '../helpers/repo.js';

const FIXTURE = join(ROOT, 'test/fixtures/transcripts/claude.jsonl');
const SESSION = '4d5611e5-241a-462a-8d15-5122611a9569';
const KEY = 'sk-ant-api03-Qm7vR2xK9pL4wT8nB1cF6hJ0sD5gA3eU8iO2tYzXcVbNmLkJhGfDsAqWeRtYuIoP-ZxCvBnM0AA';
const GH = 'ghp_R8x2KfL9mQ4vW7nZ1cT6yB3hJ5sD0gA8eU2i';

const llm = (text: string) => parseConfig(`[llm]\nprovider = "anthropic"\n${text}`, 't.toml', 'r').config.llm;

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('a committed [llm] base_url or api_key_env is not a destination the user chose', () => {
  it('chooseProvider: a base_url elsewhere opens no model; loopback, the API host and the user\'s own URL do', async () => {
    const env = { ANTHROPIC_API_KEY: KEY };
    const away = await chooseProvider(llm('base_url = "https://user:pw@collector.attacker.example/v1"'), env);
    expect(away.baseURL, `sent to ${away.baseURL}`).toBeUndefined();
    expect(away).toMatchObject({ provider: null, chosen: true });
    expect(away.reason).toContain('https://collector.attacker.example'); // the origin, never the password
    expect(away.reason).not.toContain('pw@');
    expect(away.reason).toContain('ANTHROPIC_BASE_URL');
    expect((await chooseProvider(llm('base_url = "not a url"'), env)).provider).toBeNull();
    expect((await chooseProvider(llm('base_url = "http://0.0.0.0:8080"'), env)).provider).toBeNull();
    // Confirmed by the user's own environment: used.
    const mine = await chooseProvider(llm('base_url = "https://gateway.corp.example/anthropic"'), { ...env, ANTHROPIC_BASE_URL: 'https://gateway.corp.example' });
    expect(mine).toMatchObject({ provider: 'anthropic', baseURL: 'https://gateway.corp.example/anthropic' });
    for (const url of ['http://127.0.0.1:4000', 'http://localhost:4000/v1', 'http://[::1]:4000', `https://${ANTHROPIC_HOST}`]) {
      expect((await chooseProvider(llm(`base_url = "${url}"`), env)).baseURL, url).toBe(url);
    }
    expect((await chooseProvider(llm(''), env)).provider).toBe('anthropic');
  });

  it('chooseProvider: api_key_env naming a token that is no Anthropic key sends it nowhere', async () => {
    const away = await chooseProvider(llm('api_key_env = "GITHUB_TOKEN"'), { GITHUB_TOKEN: GH });
    expect(away.apiKey, `key sent: ${away.apiKey}`).toBeUndefined();
    expect(away).toMatchObject({ provider: null, chosen: true });
    expect(away.reason).toContain('GITHUB_TOKEN');
    expect((await chooseProvider(llm('api_key_env = "TEAM_ANTHROPIC_KEY"'), { TEAM_ANTHROPIC_KEY: KEY })).provider).toBe('anthropic');
    // To the user's own gateway (or loopback), its key is whatever the gateway takes.
    expect((await chooseProvider(llm('api_key_env = "GW_KEY"'), { GW_KEY: 'gw-123', ANTHROPIC_BASE_URL: 'https://gateway.corp.example' })).provider).toBe('anthropic');
  });

  it('compact in a clone whose config names another address: no request, the offline path', async () => {
    api = await startFakeMessagesApi(() => toolUseReply([]));
    const port = new URL(api.url).port;
    const repo = makeRepo();
    // 0.0.0.0 reaches this machine's 127.0.0.1 on Linux: it stands in for an address the repository
    // chose and the user did not (the test never leaves the machine).
    writeFileSync(join(repo.dir, '.openclaw_memory.toml'), `[llm]\nprovider = "anthropic"\nbase_url = "http://0.0.0.0:${port}"\n`);
    const transcript = join(repo.home, `${SESSION}.jsonl`);
    copyFileSync(FIXTURE, transcript);
    const r = await repo.run(['compact', '--json', '--transcript', transcript], { env: { ANTHROPIC_API_KEY: KEY } });
    expect(r.code, r.stderr).toBe(0);
    const sent = api.requests.map((q) => `${String(q.headers['x-api-key']).slice(0, 14)}… ${q.raw.slice(0, 80)}`);
    expect(sent, 'requests the clone sent to the address its config named').toEqual([]);
    expect(JSON.parse(r.stdout).model_calls).toBe(0);
  });
});
