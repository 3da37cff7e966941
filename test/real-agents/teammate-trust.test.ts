// Items 9 and 10 in the real agents: a teammate without git-memory runs the committed hooks and the
// committed MCP server entry without an error (the entry answers for itself: a server that connects,
// with no tools); an untrusted Codex project runs none of them, and doctor says so and what to do.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BINS, scratch, type Scratch } from './drive.js';

let s: Scratch | null = null;
afterEach(async () => {
  await s?.close();
  s = null;
});

const doctorCheck = (sc: Scratch, id: string) => JSON.parse(sc.gm('doctor', '--json')).checks.find((c: { id: string }) => c.id === id);

describe('the committed hooks, for a teammate and in an untrusted project', () => {
  test.runIf(!!BINS.claude)('Claude Code without git-memory on PATH: every hook of ours exits 0 and says nothing, the MCP server connects (item 10)', async () => {
    s = await scratch('claude');
    rmSync(join(s.root, 'bin', 'git-memory'));
    const r = await s.run('Write a.txt', [{ tools: [{ name: 'Write', input: { file_path: join(s.repo, 'a.txt'), content: 'a\n' } }] }, { text: 'ok' }]);
    expect(r.code, r.stderr).toBe(0);
    const responses = r.stdout.split('\n').filter((l) => l.includes('"subtype":"hook_response"')).map((l) => JSON.parse(l));
    expect(responses.length).toBeGreaterThan(0);
    for (const h of responses) expect({ hook: h.hook_name, exit: h.exit_code, stderr: h.stderr, stdout: h.stdout }).toEqual({ hook: h.hook_name, exit: 0, stderr: '', stdout: '' });
    expect(r.stderr).not.toMatch(/not found|hook error/i);
    // The committed .mcp.json server is not listed as failed (unguarded `git-memory mcp` was).
    const init = JSON.parse(r.stdout.split('\n').find((l) => l.includes('"subtype":"init"'))!);
    expect(init.mcp_servers).toEqual([{ name: 'git-memory', status: 'connected', source: 'project' }]);
  });

  test.runIf(!!BINS.gemini)('Gemini CLI without git-memory on PATH: no hook error, no MCP issue (item 10)', async () => {
    s = await scratch('gemini');
    rmSync(join(s.root, 'bin', 'git-memory'));
    const r = await s.run('Say hi', [{ text: 'hi' }]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/not found|exit code 127|Hook .* failed/i);
    // Nor an MCP error from the committed server entry (unguarded, "MCP issues detected. Run /mcp list").
    expect(r.stderr).not.toMatch(/MCP issues detected/);
  });

  test.runIf(!!BINS.codex)('Codex CLI without git-memory on PATH: no hook runs into an error, and the MCP server starts (item 10)', async () => {
    s = await scratch('codex');
    rmSync(join(s.root, 'bin', 'git-memory'));
    // Codex logs a server that fails to start at warn level (its TUI shows "MCP client for `git-memory`
    // failed to start"); `codex exec` prints its log to stderr.
    const r = await s.run('Say hi', [{ text: 'hi' }], { env: { RUST_LOG: 'warn,codex_mcp=info,rmcp=info' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/MCP startup failed|failed to start/i);
    expect(r.stderr).toMatch(/Service initialized as client/);
    expect(r.stdout).not.toMatch(/git-memory: not found|exit (status|code) 127/i);
  });

  test.runIf(!!BINS.codex)('Codex in an untrusted project runs no hook; doctor tells, with what to do; once trusted it tells they ran (item 9)', async () => {
    s = await scratch('codex');
    const config = join(s.home, '.codex', 'config.toml');
    const trusted = readFileSync(config, 'utf8');
    writeFileSync(config, trusted.replace(/\[projects\.[^\n]*\ntrust_level = "trusted"\n/, ''));
    let r = await s.run('Say hi', [{ text: 'hi' }], { untrusted: true });
    expect(r.code, r.stderr).toBe(0);
    expect(s.calls().filter((c) => /hook agent/.test(c.args))).toEqual([]);
    const before = doctorCheck(s, 'agent-hooks:codex');
    expect(before.level).toBe('info');
    expect(before.message).toMatch(/Codex CLI hooks have not run/);
    expect(before.fix).toMatch(/trust the project and review the hooks/);
    writeFileSync(config, trusted);
    r = await s.run('Say hi again', [{ text: 'hi' }]);
    expect(r.code, r.stderr).toBe(0);
    expect(doctorCheck(s, 'agent-hooks:codex').level).toBe('ok');
  });
});
