import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

describe('plain uninstall with agents wired up', () => {
  it('says which agent wiring it kept and how to remove it; after --agent it has nothing to say', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--agent', 'claude,codex', '--mcp'])).code).toBe(0);
    const settings = repo.read('.claude/settings.json');
    const plain = await repo.run(['uninstall']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('Agent wiring is kept: claude (.claude/settings.json, .mcp.json); codex (.codex/hooks.json, .codex/config.toml); the git-memory section of CLAUDE.md, AGENTS.md.');
    expect(plain.stdout).toContain('Remove it with `git memory uninstall --agent claude codex`.');
    expect(repo.read('.claude/settings.json')).toBe(settings);
    const json = JSON.parse((await repo.run(['uninstall', '--json'])).stdout);
    expect(json.kept.agents.map((a: { agent: string }) => a.agent)).toEqual(['claude', 'codex']);
    const notWired = await repo.run(['uninstall', '--agent', 'gemini']);
    expect(notWired.stdout).toBe('no git-memory entries found for gemini: nothing to remove\n');
    expect((await repo.run(['uninstall', '--agent', 'claude', 'codex'])).code).toBe(0);
    const after = await repo.run(['uninstall']);
    expect(after.stdout).not.toContain('Agent wiring');
  });
});
