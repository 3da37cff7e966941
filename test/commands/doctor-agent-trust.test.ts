// Issue 24 item 9: an untrusted Codex CLI project or Gemini CLI folder runs no hook at all, and
// git-memory never hears of it. `init --agent` says what the user (and CI) must do; `doctor` tells
// whether each wired agent's hooks have run here, from the note its SessionStart hook leaves.
import { describe, expect, it } from 'vitest';
import { makeRepo, type TestRepo } from '../helpers/repo.js';

interface Check {
  id: string;
  level: string;
  message: string;
  fix?: string;
}

async function checks(repo: TestRepo): Promise<Check[]> {
  const r = await repo.run(['doctor', '--json']);
  return JSON.parse(r.stdout).checks;
}

describe('trust: what init --agent and doctor say', () => {
  it('init --agent codex says how to trust the project and review its hooks, and what CI passes', async () => {
    const repo = makeRepo();
    const r = await repo.run(['init', '--no-hooks', '--agent', 'codex']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/trust the project and review the hooks with \/hooks/);
    expect(r.stdout).toContain('--dangerously-bypass-hook-trust');
  });

  it('init --agent gemini says how to trust the folder, and what CI sets', async () => {
    const repo = makeRepo();
    const r = await repo.run(['init', '--no-hooks', '--agent', 'gemini']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('trustedFolders.json');
    expect(r.stdout).toContain('GEMINI_CLI_TRUST_WORKSPACE=true');
  });

  it('doctor tells that the hooks of a wired agent have not run, with what to do, until its SessionStart hook runs', async () => {
    const repo = makeRepo();
    await repo.run(['init', '--no-hooks', '--agent', 'codex', '--agent', 'claude']);
    let c = await checks(repo);
    const codex = c.find((x) => x.id === 'agent-hooks:codex');
    expect(codex).toMatchObject({ level: 'info', message: expect.stringMatching(/Codex CLI hooks have not run/) });
    expect(codex!.fix).toContain('--dangerously-bypass-hook-trust');
    expect(c.find((x) => x.id === 'agent-hooks:claude')?.level).toBe('info');
    // Codex runs the SessionStart hook (the project trusted).
    const start = repo.exec(['hook', 'agent', 'session-start', '--agent', 'codex'], { stdin: JSON.stringify({ session_id: 's-1', cwd: repo.dir, hook_event_name: 'SessionStart', source: 'startup', model: 'm', permission_mode: 'default', transcript_path: null }) });
    expect(start.code, start.stderr).toBe(0);
    c = await checks(repo);
    expect(c.find((x) => x.id === 'agent-hooks:codex')).toMatchObject({ level: 'ok', message: expect.stringMatching(/^Codex CLI hooks ran here/) });
    expect(c.find((x) => x.id === 'agent-hooks:claude')?.level).toBe('info');
  });
});

describe('hook commands an older version wrote (issue 24 §3: the start command asks git once now)', () => {
  it('doctor says which agent runs an older command and that init --agent updates it; after init, nothing to say', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--no-hooks', '--agent', 'claude', '--agent', 'codex'])).code).toBe(0);
    expect((await checks(repo)).filter((x) => x.id.startsWith('agent-hooks-current:'))).toEqual([]);
    // The SessionStart command git-memory wrote before its one `git rev-parse` told the script the worktree.
    const file = `${repo.dir}/.claude/settings.json`;
    const { readFileSync, writeFileSync } = await import('node:fs');
    const settings = JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    settings.hooks.SessionStart[0].hooks[0].command = 'command -v git-memory >/dev/null 2>&1 || exit 0; g=$(git rev-parse --git-path git-memory/session-start.sh 2>/dev/null) && test -f "$g" && exec sh "$g" claude; git-memory hook agent session-start --agent claude';
    writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
    const old = (await checks(repo)).filter((x) => x.id.startsWith('agent-hooks-current:'));
    expect(old).toEqual([{ id: 'agent-hooks-current:claude', level: 'info', message: expect.stringContaining('.claude/settings.json'), fix: expect.stringContaining('git memory init --agent claude') }]);
    expect((await repo.run(['init', '--no-hooks', '--agent', 'claude'])).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).hooks.SessionStart[0].hooks[0].command).toContain('exec sh "$s" claude "$g"');
    expect((await checks(repo)).filter((x) => x.id.startsWith('agent-hooks-current:'))).toEqual([]);
  });
});
