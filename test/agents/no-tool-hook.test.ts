// Issue 24 §3: no node process beside every tool call. init writes no per-tool-call hook for any
// agent (the notes' thresholds are applied at each turn's end: Stop, Gemini CLI's AfterAgent), and
// takes out the one an older version wrote, leaving the user's own hooks alone.
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

const FILES = { claude: '.claude/settings.json', codex: '.codex/hooks.json', gemini: '.gemini/settings.json' } as const;
const PER_TOOL = { claude: 'PostToolUse', codex: 'PostToolUse', gemini: 'AfterTool' } as const;

describe('no hook per tool call', () => {
  for (const [agent, file] of Object.entries(FILES) as [keyof typeof FILES, string][]) {
    it(`${agent}: init writes none, a turn-end hook keeps the notes, and an older version's is taken out`, async () => {
      const repo = makeRepo();
      const event = PER_TOOL[agent];
      // An older version's per-tool-call hook, beside a hook of the user's on the same event.
      const old = { hooks: { [event]: [{ hooks: [{ type: 'command', command: `git-memory hook agent tool-use --agent ${agent}` }] }, { hooks: [{ type: 'command', command: 'echo mine' }] }] } };
      repo.write(file, `${JSON.stringify(old, null, 2)}\n`);
      const r = await repo.run(['init', '--no-hooks', '--agent', agent]);
      expect(r.code, r.stderr).toBe(0);
      const hooks = JSON.parse(repo.read(file)).hooks;
      expect(JSON.stringify(hooks)).not.toContain('hook agent tool-use');
      expect(hooks[event]).toEqual([{ hooks: [{ type: 'command', command: 'echo mine' }] }]);
      const turnEnd = agent === 'gemini' ? hooks.AfterAgent : hooks.Stop;
      expect(JSON.stringify(turnEnd)).toContain(`git-memory hook agent stop --agent ${agent}`);
    });
  }
});
