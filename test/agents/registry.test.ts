import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ADAPTERS, AGENT_LIST, AGENT_NAMES, AGENTS, detectAgent, HOOK_AGENT_NAMES, parseAgents } from '../../src/agents/registry.js';
import { agentName } from '../../src/commands/end.js';
import { agentHook } from '../../src/hook/agent/hook.js';
import { BIN, tempDir, testEnv } from '../helpers/repo.js';

describe('agent registry', () => {
  it('every agent has a name, a title and environment detection; names are unique', () => {
    for (const a of AGENTS) {
      expect(a.name).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(a.title.trim()).not.toBe('');
      expect(typeof a.detect).toBe('function');
      expect(a.detect({})).toBeNull();
      expect(ADAPTERS[a.name]).toBe(a);
    }
    expect(new Set(AGENT_NAMES).size).toBe(AGENTS.length);
    expect(AGENT_NAMES).toEqual(['claude', 'codex', 'gemini', 'cursor', 'aider']);
    expect(parseAgents(['all'])).toEqual(AGENT_NAMES);
  });

  it('detects the agent from the variables it sets; a hint loses to them', () => {
    expect(detectAgent({})).toBeNull();
    expect(detectAgent({ CLAUDECODE: '1' })).toBe('claude');
    expect(detectAgent({ GEMINI_CLI: '1' })).toBe('gemini');
    expect(detectAgent({ CODEX_SANDBOX: 'seatbelt' })).toBe('codex');
    expect(detectAgent({ CODEX_HOME: '/h/.codex' })).toBe('codex');
    // CODEX_HOME can be exported in a shell profile: the agent that sets its own variable wins.
    expect(detectAgent({ CODEX_HOME: '/h/.codex', GEMINI_CLI: '1' })).toBe('gemini');
    expect(detectAgent({ CLAUDECODE: '1', GEMINI_CLI: '1' })).toBe('claude');
    expect(agentName(undefined, { CODEX_SANDBOX: 'seatbelt' })).toBe('codex');
    expect(agentName(undefined, {})).toBe('agent');
  });

  it('the usage strings list every agent', async () => {
    expect(AGENT_LIST.split(', ')).toEqual(AGENT_NAMES);
    expect(() => parseAgents(['nope'])).toThrow(expect.objectContaining({ hint: `--agent takes ${AGENT_LIST} or all` }));
    // The agent hook names the agents that have hooks: every one but Aider.
    expect(HOOK_AGENT_NAMES).toEqual(AGENTS.filter((a) => a.name !== 'aider').map((a) => a.name));
    let err = '';
    await agentHook(['session-start'], { cwd: tempDir(), env: {}, readStdin: async () => Buffer.alloc(0), out: () => {}, err: (t) => void (err += t), startWorker: () => {} });
    expect(err).toContain(`--agent ${HOOK_AGENT_NAMES.join('|')} <`);
    for (const command of ['init', 'uninstall']) {
      const help = spawnSync(process.execPath, [BIN, command, '--help'], { encoding: 'utf8', env: testEnv() }).stdout.replace(/\s+/g, ' ');
      expect(help).toContain(AGENT_LIST);
    }
  });
});
