// Issue 26 item 1: init offers the choice of model (and says what is sent and what it may cost);
// init, doctor, notes and the status line say which model is in use and what it has cost so far.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordUsage } from '../../src/llm/usage.js';
import { withProvider } from '../../src/memory/config-edit.js';
import { makeRepo } from '../helpers/repo.js';

const statusInput = (dir: string) => JSON.stringify({ hook_event_name: 'Status', session_id: 'abc', model: { id: 'claude-opus-4-6', display_name: 'Opus' }, workspace: { current_dir: dir, project_dir: dir } });

describe('the choice of model', () => {
  it('init without --model: no model, says what one would be sent and cost, and how to choose; writes no provider', async () => {
    const repo = makeRepo();
    const r = await repo.run(['init', '--no-hooks']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('model: none chosen, so nothing is sent anywhere');
    expect(r.stdout).toContain('secrets are redacted from what is sent');
    expect(r.stdout).toMatch(/\$1 per million input tokens/);
    expect(r.stdout).toContain('git memory init --model anthropic|claude-cli|none');
    expect(repo.read('.openclaw_memory.toml')).not.toContain('provider');
    const j = JSON.parse((await repo.run(['init', '--no-hooks', '--json'])).stdout);
    expect(j.model).toMatchObject({ provider: null, setting: 'unset', chosen: false });
  });

  it('init --model writes [llm] provider, keeps the rest of the file, and says the model and its cost so far', async () => {
    const repo = makeRepo();
    repo.write('.openclaw_memory.toml', '# mine\n[llm]\nprovider = "auto"   # old default\nmodel = "claude-haiku-4-5"\n');
    const r = await repo.run(['init', '--no-hooks', '--model', 'anthropic', '--json'], { env: { ANTHROPIC_API_KEY: 'k' } });
    expect(r.code, r.stderr).toBe(0);
    expect(repo.read('.openclaw_memory.toml')).toBe('# mine\n[llm]\nprovider = "anthropic"   # old default\nmodel = "claude-haiku-4-5"\n');
    const d = JSON.parse(r.stdout);
    expect(d.files[0]).toEqual({ path: '.openclaw_memory.toml', result: 'updated' });
    expect(d.model).toMatchObject({ provider: 'anthropic', setting: 'anthropic', chosen: true, total: { calls: 0 } });
    recordUsage(join(repo.dir, '.git/git-memory'), 's1', 'notes', { usage: { input: 1000, output: 100, cache_read: 0, cache_write: 0 }, cost: 0.0015, provider: 'anthropic' });
    const again = await repo.run(['init', '--no-hooks', '--model', 'none']);
    expect(again.stdout).toContain('model: none (no model: [llm] provider = "none"): nothing is sent anywhere; 1 call so far, $0.0015');
    const bad = await repo.run(['init', '--model', 'gpt']);
    expect(bad.code).toBe(2);
  });

  it('withProvider adds the key under [llm], or a new section', () => {
    expect(withProvider('[llm]\nmodel = "x"\n', 'none')).toBe('[llm]\nprovider = "none"\nmodel = "x"\n');
    expect(withProvider('[project]\nname = "a"\n', 'claude-cli')).toContain('[project]\nname = "a"\n\n[llm]\n');
    expect(withProvider('[project]\nname = "a"\n', 'claude-cli')).toMatch(/\nprovider = "claude-cli"\n$/);
  });

  it('doctor: says no model was chosen and how to choose; names "auto" as the old default', async () => {
    const repo = makeRepo();
    await repo.run(['init', '--no-hooks']);
    const none = JSON.parse((await repo.run(['doctor', '--json'])).stdout);
    expect(none.checks.find((c: { id: string }) => c.id === 'model')).toMatchObject({ level: 'info', message: 'model: none chosen, nothing is sent anywhere', fix: expect.stringContaining('--model') });
    repo.write('.openclaw_memory.toml', '[llm]\nprovider = "auto"\n');
    const auto = JSON.parse((await repo.run(['doctor', '--json'])).stdout);
    expect(auto.checks.find((c: { id: string }) => c.id === 'model').message).toMatch(/"auto" was the default.*now means no model/);
    repo.write('.openclaw_memory.toml', '[llm]\nprovider = "anthropic"\n');
    recordUsage(join(repo.dir, '.git/git-memory'), 's1', 'notes', { usage: { input: 10, output: 1, cache_read: 0, cache_write: 0 }, cost: 0.25, provider: 'anthropic' });
    const chosen = JSON.parse((await repo.run(['doctor', '--json'], { env: { ANTHROPIC_API_KEY: 'k' } })).stdout);
    expect(chosen.checks.find((c: { id: string }) => c.id === 'model')).toMatchObject({ level: 'ok', message: 'model: anthropic ([llm] provider = "anthropic", key from ANTHROPIC_API_KEY); 1 call so far, $0.25' });
  });

  it('the status line shows a chosen model and its cost, and nothing when none was chosen', async () => {
    const repo = makeRepo();
    const plain = repo.exec(['statusline'], { stdin: statusInput(repo.dir) });
    expect(plain.stdout).not.toContain('notes by');
    repo.write('.openclaw_memory.toml', '[llm]\nprovider = "claude-cli"\n');
    recordUsage(join(repo.dir, '.git/git-memory'), 's1', 'notes', { usage: { input: 10, output: 1, cache_read: 0, cache_write: 0 }, cost: 0.031, provider: 'claude-cli' });
    const line = repo.exec(['statusline'], { stdin: statusInput(repo.dir) });
    expect(line.stdout).toContain('notes by claude-cli $0.03');
    const j = JSON.parse(repo.exec(['statusline', '--json'], { stdin: statusInput(repo.dir) }).stdout);
    expect(j.llm).toEqual({ provider: 'claude-cli', cost: 0.031 });
    expect(readFileSync(join(repo.dir, '.git/git-memory/llm-usage-total.json'), 'utf8')).toContain('"claude-cli"');
  });
});
