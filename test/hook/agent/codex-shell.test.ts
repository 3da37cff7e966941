// Whose shell runs `git memory end` beside an open Codex session (agents56). Codex 0.171 names its
// session in its commands' environment (CODEX_THREAD_ID); an older Codex names none, but marks every
// command it runs all the same: its npm launcher exports CODEX_MANAGED_BY_NPM (or _BUN, _PNPM,
// _VITE_PLUS) to the Codex process, which its commands inherit, and its sandbox sets CODEX_SANDBOX
// (macOS) or CODEX_SANDBOX_NETWORK_DISABLED. Such a shell is Codex's: its `end` ends the open Codex
// session. CODEX_HOME is not such a mark: users export it in their shell profile, so a terminal that
// has it is still a terminal, whose `end` is its own (stop 55's rule).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, tempDir, type TestRepo } from '../../helpers/repo.js';
import { agentHookIn } from '../../helpers/agent-hook.js';
import { readSessionEnded } from '../../../src/git/session-ended.js';
import { openAgentSession } from '../../../src/git/agent-session.js';
import { findRepo } from '../../../src/git/repo.js';

async function openCodex(repo: TestRepo, sessionId: string): Promise<string> {
  const payload = { session_id: sessionId, transcript_path: join(tempDir('gm-rollouts-'), `rollout-${sessionId}.jsonl`), cwd: repo.dir, hook_event_name: 'SessionStart', source: 'startup' };
  const r = await agentHookIn(repo, ['session-start', '--agent', 'codex'], { stdin: JSON.stringify(payload) });
  expect(r.code, r.stderr).toBe(0);
  const stateDir = findRepo(repo.dir, repo.env).stateDir;
  expect(openAgentSession(stateDir)?.sessionId).toBe(sessionId);
  return stateDir;
}

function end(repo: TestRepo, env: Record<string, string>, request: string): string {
  const r = spawnSync(process.execPath, [BIN, 'end', '--summary', JSON.stringify({ request, completed: ['Renamed the flag'] })], { cwd: repo.dir, env: { ...repo.env, ...env }, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const file = repo.git('diff-tree', '--no-commit-id', '--name-only', '-r', 'HEAD').split('\n').find((f) => f.includes('/journal/')) ?? '';
  expect(file).not.toBe('');
  return repo.read(file);
}

describe('`git memory end` beside an open Codex session (agents56)', () => {
  for (const [what, env] of [
    ['its npm launcher\'s mark', { CODEX_MANAGED_BY_NPM: '1' }],
    ['its Linux sandbox\'s mark', { CODEX_SANDBOX_NETWORK_DISABLED: '1' }],
    ['its macOS sandbox\'s mark', { CODEX_SANDBOX: 'seatbelt' }],
  ] as const) {
    it(`from an older Codex's shell (no CODEX_THREAD_ID, ${what}): ends the open Codex session, recorded as Codex's`, async () => {
      const repo = await makeMemoryRepo();
      const stateDir = await openCodex(repo, 'codex-old-1');
      const text = end(repo, env, 'Rename the retry flag');
      expect(text).toMatch(/^agent: codex$/m);
      // The session is ended by it: its SessionEnd (or Stop) finds it recorded, not a terminal's work beside it.
      expect(readSessionEnded(stateDir, 'codex-old-1')).not.toBeNull();
    });
  }

  it('from a terminal whose profile exports CODEX_HOME: the terminal\'s own end, the Codex session left open for its own', async () => {
    const repo = await makeMemoryRepo();
    const stateDir = await openCodex(repo, 'codex-new-1');
    end(repo, { CODEX_HOME: join(tempDir('gm-codex-home-'), '.codex') }, 'Tidy the README by hand');
    expect(readSessionEnded(stateDir, 'codex-new-1')).toBeNull();
    expect(openAgentSession(stateDir)?.sessionId).toBe('codex-new-1');
  });
});
