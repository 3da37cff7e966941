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
