// One wrong config value does not take the rest of the config, or the primer, down with it: the key
// gets its default, the agent is told inside the primer, and commands say so on stderr.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/memory/config.js';
import { payload } from '../agents/fixtures.js';
import { makeMemoryRepo } from '../helpers/repo.js';

const BAD = '[primer]\nmax_tokens = "lots"\ndays = 5\n\n[commit]\nmessage = "mem: {summary}"\n';

describe('a wrong config value', () => {
  it('parsed leniently: the bad key has its default, the others keep their values, the warning names key, line and default', () => {
    const { config, warnings, defaulted } = parseConfig(BAD, '.openclaw_memory.toml', 'r', { lenient: true });
    expect(config.primer.max_tokens).toBe(1000);
    expect(config.primer.days).toBe(5);
    expect(config.commit.message).toBe("mem: {summary}");
    expect(defaulted).toEqual(['primer.max_tokens']);
    expect(warnings).toEqual(['.openclaw_memory.toml:2: primer.max_tokens must be an integer, found "lots": the default (1000) is used']);
    // Strictly (init, doctor, lint) it is still an error.
    expect(() => parseConfig(BAD, '.openclaw_memory.toml', 'r')).toThrow(/primer\.max_tokens must be an integer/);
  });

  it('SessionStart still prints the primer, with one line saying which key has its default; the session is recorded', async () => {
    const repo = await makeMemoryRepo();
    repo.write('.openclaw_memory.toml', BAD);
    const r = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir }) });
    expect(r.code).toBe(0);
    const context = JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string;
    expect(context).toContain('# Project memory');
    const notes = context.split('\n').filter((l) => l.includes('.openclaw_memory.toml'));
    expect(notes).toEqual(['> git-memory: .openclaw_memory.toml has a wrong value for primer.max_tokens: its default is used (`git memory doctor` says more).']);
    expect(r.stderr).toContain('primer.max_tokens must be an integer, found "lots": the default (1000) is used');
  });

  it('SessionStart with a config that is not TOML at all prints the primer on defaults and says so', async () => {
    const repo = await makeMemoryRepo();
    repo.write('.openclaw_memory.toml', '[primer\nmax_tokens = 800\n');
    const r = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir }) });
    expect(r.code).toBe(0);
    const context = JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string;
    expect(context).toContain('# Project memory');
    expect(context).toContain('> git-memory: .openclaw_memory.toml could not be read: every setting has its default');
  });

  it('a command goes on with the default and says so on stderr', async () => {
    const repo = await makeMemoryRepo();
    repo.write('.openclaw_memory.toml', BAD);
    const r = await repo.run(['primer']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('# Project memory');
    expect(r.stderr).toContain('.openclaw_memory.toml:2: primer.max_tokens must be an integer, found "lots": the default (1000) is used');
    const days = await repo.run(['config', 'primer.days']);
    expect(days.stdout.trim()).toBe('5');
  });
});
