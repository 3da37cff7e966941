import { existsSync, lstatSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MCP_SCRIPT } from '../../src/agents/config/mcp-servers.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { fixture } from './fixtures.js';

const CASES = [
  { agent: 'claude', file: '.claude/settings.json', before: 'claude/settings.before.json', after: 'claude/settings.after.json', instructions: 'CLAUDE.md' },
  { agent: 'codex', file: '.codex/hooks.json', before: 'codex/hooks.before.json', after: 'codex/hooks.after.json', instructions: 'AGENTS.md' },
  { agent: 'gemini', file: '.gemini/settings.json', before: 'gemini/settings.before.json', after: 'gemini/settings.after.json', instructions: 'GEMINI.md' },
  { agent: 'cursor', file: '.cursor/hooks.json', before: 'cursor/hooks.before.json', after: 'cursor/hooks.after.json', instructions: 'AGENTS.md' },
  { agent: 'aider', file: '.aider.conf.yml', before: 'aider/aider.conf.before.yml', after: 'aider/aider.conf.after.yml', instructions: '.openclaw_memory/AIDER.md' },
] as const;

const AGENT_FILES = ['.claude/settings.json', '.codex/hooks.json', '.codex/config.toml', '.gemini/settings.json', '.cursor/hooks.json', '.cursor/mcp.json', '.aider.conf.yml', '.mcp.json', 'AGENTS.md', 'CLAUDE.md', 'GEMINI.md', '.openclaw_memory/AIDER.md'];

/** Every agent file's bytes, null where absent. */
function snapshot(repo: TestRepo): Record<string, string | null> {
  return Object.fromEntries(AGENT_FILES.map((f) => [f, existsSync(join(repo.dir, f)) ? repo.read(f) : null]));
}

async function ok(repo: TestRepo, args: string[]) {
  const r = await repo.run(args);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r;
}

describe('init --agent merges into existing configuration; uninstall --agent takes out only our entries', () => {
  for (const c of CASES) {
    it(`${c.agent}: ${c.file} before → after → before`, async () => {
      const repo = makeRepo();
      repo.write(c.file, fixture(c.before));
      await ok(repo, ['init', '--no-hooks', '--agent', c.agent]);
      expect(repo.read(c.file)).toBe(fixture(c.after));
      if (c.instructions) expect(repo.read(c.instructions)).toContain('<!-- >>> git-memory >>> -->');

      const first = snapshot(repo);
      await ok(repo, ['init', '--no-hooks', '--agent', c.agent]);
      expect(snapshot(repo)).toEqual(first);

      await ok(repo, ['uninstall', '--agent', c.agent]);
      expect(repo.read(c.file)).toBe(fixture(c.before));
      if (c.instructions) expect(existsSync(join(repo.dir, c.instructions))).toBe(false);
    });
  }
});

describe('init --agent all --mcp in a repository without agent files', () => {
  it('writes every agent\'s file in its own shape, idempotently, and uninstall removes them all', async () => {
    const repo = makeRepo();
    const r = await ok(repo, ['init', '--no-hooks', '--agent', 'all', '--mcp']);
    expect(r.stdout).toMatch(/created\s+\.claude\/settings\.json \(claude\)/);

    const claude = JSON.parse(repo.read('.claude/settings.json'));
    expect(claude.hooks.SessionStart[0].hooks[0]).toEqual({ type: 'command', command: 'command -v git-memory >/dev/null 2>&1 || exit 0; g=$(git rev-parse --git-path git-memory/session-start.sh --show-toplevel --git-path config --git-path logs/HEAD HEAD --symbolic-full-name HEAD 2>/dev/null) && s=${g%%\n*} && test -f "$s" && exec sh "$s" claude "$g"; git-memory hook agent session-start --agent claude', timeout: 10 });
    // SessionEnd: the command returns at once, the hook and its worker's job going on beside the agent in one node.
    expect(claude.hooks.SessionEnd[0].hooks[0].command).toBe('command -v git-memory >/dev/null 2>&1 || exit 0; exec 3<&0; git-memory hook agent session-end --agent claude --detached <&3 >/dev/null 2>&1 & exit 0');
    // Guarded (command -v git-memory … || a stub server): test/agents/mcp-guard.test.ts.
    expect(JSON.parse(repo.read('.mcp.json'))).toEqual({ mcpServers: { 'git-memory': { type: 'stdio', command: 'sh', args: ['-c', MCP_SCRIPT], env: {} } } });

    const codex = JSON.parse(repo.read('.codex/hooks.json'));
    expect(Object.keys(codex.hooks)).toEqual(['SessionStart', 'Stop', 'SessionEnd', 'PreCompact', 'PostCompact']);
    expect(repo.read('.codex/config.toml')).toContain(`[mcp_servers.git-memory]\ncommand = "sh"\nargs = ["-c", ${JSON.stringify(MCP_SCRIPT)}]`);

    const gemini = JSON.parse(repo.read('.gemini/settings.json'));
    expect(gemini.hooks.SessionStart[0].hooks[0].timeout).toBe(10_000); // milliseconds
    expect(gemini.hooks.SessionEnd[0].hooks[0].command).toBe('command -v git-memory >/dev/null 2>&1 || exit 0; exec 3<&0; git-memory hook agent session-end --agent gemini --detached <&3 >/dev/null 2>&1 & exit 0');
    expect(gemini.mcpServers['git-memory']).toEqual({ command: 'sh', args: ['-c', MCP_SCRIPT] });

    const cursor = JSON.parse(repo.read('.cursor/hooks.json'));
    expect(cursor).toEqual({
      version: 1,
      hooks: { sessionStart: [{ command: 'command -v git-memory >/dev/null 2>&1 || exit 0; git-memory hook agent session-start --agent cursor' }], stop: [{ command: 'command -v git-memory >/dev/null 2>&1 || exit 0; git-memory hook agent stop --agent cursor' }] },
    });
    expect(JSON.parse(repo.read('.cursor/mcp.json')).mcpServers['git-memory']).toEqual({ command: 'sh', args: ['-c', MCP_SCRIPT] });

    expect(repo.read('.aider.conf.yml')).toBe('read:\n  - .openclaw_memory/PRIMER.md\n  - .openclaw_memory/AIDER.md\n');
    expect(existsSync(join(repo.dir, '.openclaw_memory/PRIMER.md'))).toBe(true); // Aider reads it from the first session

    for (const f of ['AGENTS.md', 'CLAUDE.md', 'GEMINI.md']) {
      const text = repo.read(f);
      expect(text.startsWith('<!-- >>> git-memory >>> -->')).toBe(true);
      expect(text).toContain('git memory log');
      expect(text).toContain('git memory search');
      expect(text).toContain('git memory end --summary');
      expect(text).toContain('"next_steps"');
    }

    const first = snapshot(repo);
    const again = await ok(repo, ['init', '--no-hooks', '--agent', 'all', '--mcp']);
    expect(again.stdout).not.toMatch(/created|updated\s+\./);
    expect(snapshot(repo)).toEqual(first);

    await ok(repo, ['uninstall', '--agent', 'all']);
    expect(Object.values(snapshot(repo)).every((v) => v === null)).toBe(true);
    for (const d of ['.claude', '.codex', '.gemini', '.cursor']) expect(existsSync(join(repo.dir, d))).toBe(false);
  });
});

describe('instruction files', () => {
  it('a section appended to a user\'s CLAUDE.md comes out byte for byte; a refreshed one is not duplicated', async () => {
    const repo = makeRepo();
    const mine = '# Notes for Claude\n\n- Use pnpm, not npm.\n';
    repo.write('CLAUDE.md', mine);
    await ok(repo, ['init', '--no-hooks', '--agent', 'claude']);
    const text = repo.read('CLAUDE.md');
    expect(text.startsWith(mine)).toBe(true);
    expect(text.match(/>>> git-memory >>>/g)).toHaveLength(1);
    await ok(repo, ['uninstall', '--agent', 'claude']);
    expect(repo.read('CLAUDE.md')).toBe(mine);
  });

  it('a shared AGENTS.md keeps the section while another wired agent reads it', async () => {
    const repo = makeRepo();
    await ok(repo, ['init', '--no-hooks', '--agent', 'codex,cursor']);
    await ok(repo, ['uninstall', '--agent', 'codex']);
    expect(repo.read('AGENTS.md')).toContain('>>> git-memory >>>');
    expect(existsSync(join(repo.dir, '.codex'))).toBe(false);
    await ok(repo, ['uninstall', '--agent', 'cursor']);
    expect(existsSync(join(repo.dir, 'AGENTS.md'))).toBe(false);
  });

  it('CLAUDE.md symlinked to AGENTS.md stays a symlink and gets one section', async () => {
    const repo = makeRepo();
    repo.write('AGENTS.md', '# Agents\n');
    symlinkSync('AGENTS.md', join(repo.dir, 'CLAUDE.md'));
    await ok(repo, ['init', '--no-hooks', '--agent', 'claude,codex']);
    expect(lstatSync(join(repo.dir, 'CLAUDE.md')).isSymbolicLink()).toBe(true);
    expect(repo.read('AGENTS.md').match(/>>> git-memory >>>/g)).toHaveLength(1);
  });
});

describe('what init --agent refuses', () => {
  it('an unparseable settings file: exit 1 naming file and line, no agent file written', async () => {
    const repo = makeRepo();
    const broken = '{\n  "permissions": {\n    "allow": [\n}\n';
    repo.write('.claude/settings.json', broken);
    const r = await repo.run(['init', '--no-hooks', '--agent', 'claude']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\.claude\/settings\.json:\d+: cannot parse/);
    expect(repo.read('.claude/settings.json')).toBe(broken);
    expect(existsSync(join(repo.dir, 'CLAUDE.md'))).toBe(false);
  });

  it('an unknown agent or --mcp alone: exit 2, nothing written', async () => {
    const repo = makeRepo();
    const r = await repo.run(['init', '--agent', 'vim']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown agent "vim"/);
    expect((await repo.run(['init', '--mcp'])).code).toBe(2);
    expect(existsSync(join(repo.dir, '.openclaw_memory.toml'))).toBe(false);
  });

  it('Aider: a single `read:` value becomes a list, and back', async () => {
    const repo = makeRepo();
    repo.write('.aider.conf.yml', 'read: CONVENTIONS.md # style\n');
    await ok(repo, ['init', '--no-hooks', '--agent', 'aider']);
    expect(repo.read('.aider.conf.yml')).toBe('read: [CONVENTIONS.md, .openclaw_memory/PRIMER.md, .openclaw_memory/AIDER.md] # style\n');
    await ok(repo, ['uninstall', '--agent', 'aider']);
    // Given back exactly: the single value stays a single value.
    expect(readFileSync(join(repo.dir, '.aider.conf.yml'), 'utf8')).toBe('read: CONVENTIONS.md # style\n');
  });

  it('Aider: a teammate\'s fresh clone (the committed .aider.conf.yml names the gitignored primer) gets PRIMER.md from a plain init, and is told how sessions are recorded', async () => {
    const repo = makeRepo();
    const wired = await ok(repo, ['init', '--no-hooks', '--agent', 'aider', '--json']);
    expect(JSON.stringify(JSON.parse(wired.stdout))).toMatch(/git memory end/);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'Set up git-memory');
    expect(repo.git('ls-files')).not.toContain('PRIMER.md');
    // A fresh clone has everything committed and no primer.
    rmSync(join(repo.dir, '.openclaw_memory/PRIMER.md'));
    await ok(repo, ['init', '--no-hooks']);
    expect(repo.read('.openclaw_memory/PRIMER.md')).toContain('# Project memory');
  });

  it('Aider: init says once, in text and in --json alike, what Aider gets and what the user must do to record a session', async () => {
    const text = (await ok(makeRepo(), ['init', '--no-hooks', '--agent', 'aider'])).stdout;
    const notes: string[] = JSON.parse((await ok(makeRepo(), ['init', '--no-hooks', '--agent', 'aider', '--json'])).stdout).agents.notes;
    const aider = notes.filter((n) => /Aider/.test(n));
    expect(aider).toHaveLength(1);
    expect(aider[0]).toContain('Aider has no hooks: it reads .openclaw_memory/PRIMER.md when it starts');
    expect(aider[0]).toContain("git memory end --summary '{\"request\":\"…\"}'");
    // The text is that note, said once.
    expect(text).toContain(`note: ${aider[0]}`);
    expect(text.split(aider[0]).length - 1).toBe(1);
    expect(text.split('Aider has no hooks').length - 1).toBe(1);
    expect(text.split('records an Aider session').length - 1).toBe(1);
  });

  it('Aider: `read: []` is given back as it was, alone in its file (kept, not deleted) or beside other keys', async () => {
    for (const before of ['read: []\n', 'model: sonnet\nread: [] # none yet\nauto-commits: false\n']) {
      const repo = makeRepo();
      repo.write('.aider.conf.yml', before);
      await ok(repo, ['init', '--no-hooks', '--agent', 'aider']);
      expect(repo.read('.aider.conf.yml')).toContain('[.openclaw_memory/PRIMER.md, .openclaw_memory/AIDER.md]');
      await ok(repo, ['uninstall', '--agent', 'aider']);
      expect(existsSync(join(repo.dir, '.aider.conf.yml'))).toBe(true);
      expect(readFileSync(join(repo.dir, '.aider.conf.yml'), 'utf8')).toBe(before);
    }
    // A file init created is removed again.
    const repo = makeRepo();
    await ok(repo, ['init', '--no-hooks', '--agent', 'aider']);
    await ok(repo, ['uninstall', '--agent', 'aider']);
    expect(existsSync(join(repo.dir, '.aider.conf.yml'))).toBe(false);
  });
});

describe('an empty JSON agent file counts as {}', () => {
  const JSON_FILES = ['.claude/settings.json', '.mcp.json', '.codex/hooks.json', '.gemini/settings.json', '.cursor/hooks.json', '.cursor/mcp.json'];
  for (const file of JSON_FILES) {
    it(`${file}: init --agent all --mcp writes into it, and uninstall --agent all takes it out again`, async () => {
      const repo = makeRepo();
      repo.write(file, '');
      const r = await ok(repo, ['init', '--no-hooks', '--agent', 'all', '--mcp']);
      expect(r.stdout).toMatch(new RegExp(`updated\\s+${file.replace(/\./g, '\\.')}`));
      const data = JSON.parse(repo.read(file)) as { hooks?: object; mcpServers?: object };
      expect(data.hooks ?? data.mcpServers).toBeTruthy();
      expect(existsSync(join(repo.dir, 'AGENTS.md'))).toBe(true);
      await ok(repo, ['uninstall', '--agent', 'all']);
      expect(existsSync(join(repo.dir, file))).toBe(false);
    });
  }

  it('empty files uninstall never added to stay, and do not stop it (it asks whether Claude Code is still wired)', async () => {
    const repo = makeRepo();
    await ok(repo, ['init', '--no-hooks', '--agent', 'codex']);
    repo.write('.claude/settings.json', '\n');
    repo.write('.cursor/hooks.json', '');
    await ok(repo, ['uninstall', '--agent', 'codex,cursor']);
    expect(existsSync(join(repo.dir, '.codex'))).toBe(false);
    expect(repo.read('.claude/settings.json')).toBe('\n');
    expect(repo.read('.cursor/hooks.json')).toBe('');
  });
});
