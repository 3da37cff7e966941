// Issue 26 item 1: no model is called until the user has chosen one. Every caller of the model
// (notes update, compact, dream; the agent hooks in test/hook/agent/notes-e2e.test.ts) runs here
// with an API key and a fake Messages API in the environment and a fake `claude` on PATH that
// records being run: with [llm] provider unset, or "auto" (the old default), neither is reached.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseProvider } from '../../src/llm/index.js';
import { parseConfig } from '../../src/memory/config.js';
import { serializeSession, type Session } from '../../src/memory/session.js';
import { startFakeMessagesApi, toolUseReply, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { recordingClaude } from '../helpers/fake-claude.js';
import { makeMemoryRepo, makeRepo, ROOT, type TestRepo } from '../helpers/repo.js';

const FIXTURE = join(ROOT, 'test/fixtures/transcripts/claude.jsonl');
const SESSION = '4d5611e5-241a-462a-8d15-5122611a9569';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** Both providers within reach: a key and base URL for the fake API, and the recording claude first on PATH. */
async function bait(repo: TestRepo) {
  api = await startFakeMessagesApi(() => toolUseReply([{ name: 'update_section', input: { section: 'Current State', content: 'from the model' } }]));
  const claude = recordingClaude();
  const env = { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url, PATH: `${claude.dir}:${repo.env.PATH}` };
  return { env, claude, api };
}

const CHOICES: [string, string][] = [
  ['unset', ''],
  ['"auto" (the old default)', '\n[llm]\nprovider = "auto"\n'],
];

function withConfig(repo: TestRepo, extra: string): void {
  if (!extra) return;
  const path = join(repo.dir, '.openclaw_memory.toml');
  writeFileSync(path, (existsSync(path) ? readFileSync(path, 'utf8') : '') + extra);
}

describe('no model is called until the user chose one', () => {
  it('chooseProvider: unset and "auto" choose nothing, whatever the environment holds', async () => {
    const claude = recordingClaude();
    const env = { ANTHROPIC_API_KEY: 'k', PATH: `${claude.dir}:/usr/bin:/bin` };
    const cfg = (text: string) => parseConfig(text, 't.toml', 'r').config.llm;
    expect(await chooseProvider(cfg(''), env)).toMatchObject({ provider: null, chosen: false });
    expect(await chooseProvider(cfg('[llm]\nprovider = "auto"'), env)).toMatchObject({ provider: null, chosen: false });
    expect(await chooseProvider(cfg('[llm]\nprovider = "none"'), env)).toMatchObject({ provider: null, chosen: true });
    expect(await chooseProvider(cfg('[llm]\nprovider = "anthropic"'), env)).toMatchObject({ provider: 'anthropic', chosen: true });
    expect(await chooseProvider(cfg('[llm]\nprovider = "claude-cli"'), env)).toMatchObject({ provider: 'claude-cli', chosen: true });
    expect(claude.calls()).toBe(0);
  });

  for (const [name, extra] of CHOICES) {
    describe(`provider ${name}`, () => {
      it('notes update: filled from the ledger; no request, no claude run', async () => {
        const repo = makeRepo();
        withConfig(repo, extra);
        const transcript = join(repo.home, `${SESSION}.jsonl`);
        copyFileSync(FIXTURE, transcript);
        const b = await bait(repo);
        const r = await repo.run(['notes', 'update', '--transcript', transcript, '--json'], { env: b.env });
        expect(r.code, r.stderr).toBe(0);
        const d = JSON.parse(r.stdout);
        expect(d).toMatchObject({ changed: true, via: 'ledger', provider: { name: null, chosen: false } });
        expect(d.provider.reason).toMatch(/no model chosen/);
        expect(b.api.requests).toHaveLength(0);
        expect(b.claude.calls()).toBe(0);
        const text = await repo.run(['notes'], { env: b.env });
        expect(text.stderr).toContain('# no model for updates: no model chosen');
        expect(text.stderr).toContain('git memory init --model');
      });

      it('compact: from the ledger; no request, no claude run', async () => {
        const repo = makeRepo();
        withConfig(repo, extra);
        const transcript = join(repo.home, `${SESSION}.jsonl`);
        copyFileSync(FIXTURE, transcript);
        const b = await bait(repo);
        const r = await repo.run(['compact', '--json', '--transcript', transcript], { env: b.env });
        expect(r.code, r.stderr).toBe(0);
        const d = JSON.parse(r.stdout);
        expect(d.source).not.toBe('model');
        expect(d.model_calls).toBe(0);
        expect(b.api.requests).toHaveLength(0);
        expect(b.claude.calls()).toBe(0);
      });

      it('dream: deterministic; no request, no claude run', async () => {
        const repo = await makeMemoryRepo({ now: '2026-11-12T09:00:00' });
        withConfig(repo, extra);
        for (let i = 0; i < 3; i++) {
          const date = `2026-11-0${i + 1}`;
          const s: Session = { id: `${date.replace(/-/g, '')}-1000-m${i}`, date, time: '10:00', agent: 'claude', request: `Session ${i}`, learned: [`Fact number ${i} about the cache`], decisions: [], completed: [], next_steps: [], notes: [], commits: [] };
          repo.write(`.openclaw_memory/journal/${date}/1000-claude-m${i}.md`, serializeSession(s, 'en'));
        }
        repo.git('add', '-A');
        repo.git('commit', '-q', '-m', 'memory: sessions');
        const b = await bait(repo);
        const r = await repo.run(['dream', '--force', '--json'], { env: b.env });
        expect(r.code, r.stderr).toBe(0);
        const d = JSON.parse(r.stdout);
        expect(d.source).toBe('deterministic');
        expect(d.model).toBeNull();
        expect(b.api.requests).toHaveLength(0);
        expect(b.claude.calls()).toBe(0);
      });
    });
  }

  it('a chosen provider is used, and its cost is recorded per call for the worktree', async () => {
    const repo = makeRepo();
    withConfig(repo, '\n[llm]\nprovider = "claude-cli"\n');
    const transcript = join(repo.home, `${SESSION}.jsonl`);
    copyFileSync(FIXTURE, transcript);
    const b = await bait(repo);
    const r = await repo.run(['notes', 'update', '--transcript', transcript, '--json'], { env: b.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ via: 'model', provider: { name: 'claude-cli', chosen: true } });
    expect(b.claude.calls()).toBe(1);
    expect(b.api.requests).toHaveLength(0);
    const total = JSON.parse(readFileSync(join(repo.dir, '.git/git-memory/llm-usage-total.json'), 'utf8'));
    expect(total).toMatchObject({ calls: 1, usage: { input: 10, output: 5 }, by_provider: { 'claude-cli': { calls: 1 } } });
    expect(total.cost).toBeCloseTo((10 * 1 + 5 * 5) / 1e6, 9);
  });
});
