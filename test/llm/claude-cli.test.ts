import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/memory/config.js';
import { chooseProvider, openLlm } from '../../src/llm/index.js';
import { tempDir } from '../helpers/repo.js';

/** A stand-in `claude` on PATH: records its arguments, stdin and marker variable, prints `reply`. */
function fakeClaude(reply: unknown, exit = 0): { path: string; dir: string } {
  const dir = tempDir();
  const script = join(dir, 'claude');
  writeFileSync(
    script,
    `#!/bin/sh\necho "$@" > "${dir}/args"\npwd > "${dir}/cwd"\necho "$GIT_MEMORY_INTERNAL" > "${dir}/internal"\ncat > "${dir}/stdin"\ncat <<'JSON'\n${JSON.stringify(reply)}\nJSON\nexit ${exit}\n`,
  );
  chmodSync(script, 0o755);
  return { path: `${dir}:/usr/bin:/bin`, dir };
}

const cfg = () => parseConfig('', 'test.toml', 'repo').config.llm;
const usage = { input_tokens: 300, output_tokens: 40, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };

describe('claude-cli provider', () => {
  it('is used only when chosen: claude on PATH alone (unset or "auto") is no choice', async () => {
    const { path } = fakeClaude({ type: 'result', result: 'hi', usage });
    expect((await chooseProvider(cfg(), { PATH: path })).provider).toBeNull();
    expect((await chooseProvider({ ...cfg(), provider: 'auto' }, { PATH: path, ANTHROPIC_API_KEY: 'k' })).provider).toBeNull();
    expect((await chooseProvider({ ...cfg(), provider: 'claude-cli' }, { PATH: path, ANTHROPIC_API_KEY: 'k' })).provider).toBe('claude-cli');
  });

  it('runs claude -p --model haiku, reads tool calls from its JSON, marks the child internal and redacts its input', async () => {
    const reply = { type: 'result', is_error: false, result: '{"tool_calls":[{"name":"update_section","input":{"section":"Worklog","content":"- done"}}]}', usage };
    const { path, dir } = fakeClaude(reply);
    const llm = await openLlm({ ...cfg(), provider: 'claude-cli' }, { PATH: path });
    const key = ['AKIA', 'Z7QK3W9N2R5T8YVX'].join('');
    const r = await llm!.complete({
      purpose: 'notes',
      system: 'Keep notes.',
      messages: [{ role: 'user', content: `key ${key}` }],
      tools: [{ name: 'update_section', description: 'Replace a section', input_schema: { type: 'object', properties: {} } }],
    });
    expect(readFileSync(join(dir, 'args'), 'utf8').trim()).toBe('-p --model haiku --output-format json');
    expect(readFileSync(join(dir, 'internal'), 'utf8').trim()).toBe('1');
    const stdin = readFileSync(join(dir, 'stdin'), 'utf8');
    expect(stdin).toContain('update_section');
    expect(stdin).not.toContain(key);
    expect(r.tool_calls).toEqual([{ id: expect.any(String), name: 'update_section', input: { section: 'Worklog', content: '- done' } }]);
    expect(r.usage).toEqual({ input: 300, output: 40, cache_read: 0, cache_write: 0 });
    expect(r.cost).toBeCloseTo((300 * 1 + 40 * 5) / 1e6, 9);
  });

  it("runs in a private folder of the user's own, not in the machine's shared temporary folder", async () => {
    // Claude Code runs a project's hooks and its .mcp.json servers (print mode asks nothing) from the
    // folder it runs in, and reads CLAUDE.md from every folder above: any user of the machine can put
    // those in /tmp, where main ran it.
    const { path, dir } = fakeClaude({ type: 'result', is_error: false, result: 'ok', usage });
    const home = tempDir();
    const llm = await openLlm({ ...cfg(), provider: 'claude-cli' }, { PATH: path, HOME: home });
    await llm!.complete({ purpose: 'notes', system: 's', messages: [{ role: 'user', content: 'x' }] });
    const cwd = readFileSync(join(dir, 'cwd'), 'utf8').trim();
    expect(cwd).not.toBe(tmpdir());
    expect(cwd).toBe(join(home, '.cache', 'git-memory', 'claude-p'));
    expect(statSync(cwd).mode & 0o777).toBe(0o700);
    // A home where no folder can be made: a private folder of the run's own, removed after it.
    const file = join(tempDir(), 'not-a-dir');
    writeFileSync(file, '');
    const llm2 = await openLlm({ ...cfg(), provider: 'claude-cli' }, { PATH: path, HOME: file });
    await llm2!.complete({ purpose: 'notes', system: 's', messages: [{ role: 'user', content: 'x' }] });
    const cwd2 = readFileSync(join(dir, 'cwd'), 'utf8').trim();
    expect(cwd2).not.toBe(tmpdir());
    expect(cwd2.startsWith(join(tmpdir(), 'git-memory-claude-'))).toBe(true);
    expect(existsSync(cwd2)).toBe(false);
  });

  it('a failing claude is an LlmError', async () => {
    const { path } = fakeClaude({ type: 'result', is_error: true, result: 'not logged in' }, 1);
    const llm = await openLlm({ ...cfg(), provider: 'claude-cli' }, { PATH: path });
    await expect(llm!.complete({ purpose: 'notes', system: 's', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ name: 'LlmError', kind: 'other' });
  });
});
