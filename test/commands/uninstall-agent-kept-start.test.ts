import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, tempDir } from '../helpers/repo.js';

// `init --agent` keeps each served agent's start in the state dir (hook/agent/kept-start.ts), with the
// scripts the agents' start and turn-end hooks run; `uninstall --agent` must take them away with the wiring.
describe('uninstall --agent and the kept starts', () => {
  it("removes the agent's kept start, and the start and turn-end scripts once no agent runs them", async () => {
    const repo = makeRepo();
    // The kept start names the git-memory the hook command would run: one must be on PATH.
    const bin = tempDir('gm-bin-');
    writeFileSync(join(bin, 'git-memory'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(bin, 'git-memory'), 0o755);
    const env = { PATH: `${bin}:${repo.env.PATH}` };
    expect((await repo.run(['init', '--agent', 'claude,codex'], { env })).code).toBe(0);
    const state = (f: string) => existsSync(join(repo.dir, '.git', 'git-memory', f));
    const shared = ['session-start.sh', 'turn-end.sh', 'keep-start-after-commit'];
    expect(['kept-start-claude.sh', 'kept-start-codex.sh', ...shared].filter((f) => !state(f))).toEqual([]);

    expect((await repo.run(['uninstall', '--agent', 'claude'], { env })).code).toBe(0);
    expect(state('kept-start-claude.sh')).toBe(false);
    // Codex's start still runs them.
    expect(['kept-start-codex.sh', ...shared].filter((f) => !state(f))).toEqual([]);

    expect((await repo.run(['uninstall', '--agent', 'codex'], { env })).code).toBe(0);
    expect(['kept-start-codex.sh', ...shared].filter(state)).toEqual([]);
  });
});
