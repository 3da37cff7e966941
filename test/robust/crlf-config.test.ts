// TOML files with CRLF line ends, as a Windows checkout has them (Git for Windows sets
// core.autocrlf): CRLF is a TOML newline, but @iarna/toml refuses the CR that ends a comment line,
// so every command failed on the config `init` writes (it has comments) and on a Codex config.toml.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/memory/config.js';
import { payload, fixture } from '../agents/fixtures.js';
import { makeMemoryRepo, makeRepo } from '../helpers/repo.js';

const CONFIG = '.openclaw_memory.toml';
const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

describe('a config with CRLF line ends', () => {
  it('parses as the same config with LF ends, comments and all', () => {
    const text = '# the project\n[primer]\ndays = 5 # a week is too much\nmax_tokens = 800\n\n[commit]\n# how memory commits are named\nmessage = "mem: {summary}"\n';
    expect(parseConfig(crlf(text), CONFIG, 'r')).toEqual(parseConfig(text, CONFIG, 'r'));
  });

  it("init's own config, checked out with CRLF: commands read its values, SessionStart does not fall back to the defaults", async () => {
    const repo = await makeMemoryRepo();
    repo.write(CONFIG, crlf(repo.read(CONFIG).replace(/^days = 3/m, 'days = 5')));
    const days = await repo.run(['config', 'primer.days']);
    expect(days.stderr).toBe('');
    expect(days.code).toBe(0);
    expect(days.stdout.trim()).toBe('5');
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Work on a Windows checkout' })]);
    expect(end.code, end.stderr).toBe(0);
    const start = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir }) });
    expect(start.code).toBe(0);
    expect(start.stderr).not.toContain(CONFIG);
    expect(JSON.parse(start.stdout).hookSpecificOutput.additionalContext).not.toContain('could not be read');
  });
});

describe('a Codex config.toml with CRLF line ends', () => {
  it('init --agent codex --mcp reads it, keeps its bytes and adds the server', async () => {
    const repo = makeRepo();
    const mine = crlf(fixture('codex/config.before.toml'));
    repo.write('.codex/config.toml', mine);
    const r = await repo.run(['init', '--no-hooks', '--agent', 'codex', '--mcp']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const text = repo.read('.codex/config.toml');
    expect(text.startsWith(mine)).toBe(true);
    expect(text).toContain('[mcp_servers.git-memory]');
  });
});
