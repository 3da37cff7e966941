// A session whose SessionEnd found nothing to record (no prompt answered, nothing logged, no commit)
// is closed all the same (agents56): it stayed recorded open, so `primer --for compact` (the
// subfolder/MCP path) took it for the session being compacted, and `end` typed in a terminal beside
// an agent whose shells name no session (Gemini CLI) ended it again.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, tempDir, type TestRepo } from '../../helpers/repo.js';
import { agentHookIn } from '../../helpers/agent-hook.js';
import { settled } from '../../helpers/settled.js';
import { openAgentSession } from '../../../src/git/agent-session.js';
import { findRepo } from '../../../src/git/repo.js';
import { prompt } from './claude-lines.js';

const payload = (repo: TestRepo, event: string, sessionId: string, transcript: string, extra: Record<string, string>) =>
  JSON.stringify({ session_id: sessionId, transcript_path: transcript, cwd: repo.dir, hook_event_name: event, ...extra });

async function startAndEnd(repo: TestRepo, agent: 'claude' | 'gemini', sessionId: string, transcript: string): Promise<void> {
  const start = await agentHookIn(repo, ['session-start', '--agent', agent], { stdin: payload(repo, 'SessionStart', sessionId, transcript, { source: 'startup' }) });
  expect(start.code, start.stderr).toBe(0);
  expect(openAgentSession(findRepo(repo.dir, repo.env).stateDir)?.sessionId).toBe(sessionId);
  const end = await agentHookIn(repo, ['session-end', '--agent', agent], { stdin: payload(repo, 'SessionEnd', sessionId, transcript, { reason: 'prompt_input_exit' }) });
  expect(end.code, end.stderr).toBe(0);
  await settled(repo);
}

describe('a session whose SessionEnd found no work (agents56)', () => {
  it('with no transcript and nothing logged (the hook itself finds nothing): closed, and `primer --for compact` says no session is open', async () => {
    const repo = await makeMemoryRepo();
    const before = repo.git('rev-parse', 'HEAD');
    await startAndEnd(repo, 'claude', 'quiet-1', join(tempDir('gm-tr-'), 'quiet-1.jsonl'));
    expect(repo.git('rev-parse', 'HEAD')).toBe(before);
    expect(openAgentSession(findRepo(repo.dir, repo.env).stateDir)).toBeNull();
    const r = repo.exec(['primer', '--for', 'compact']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('no agent session is open in this worktree');
    expect(r.stderr).not.toContain('cannot read the transcript');
  });

  it('with a transcript of a prompt never answered (its worker finds nothing to write): closed, nothing committed', async () => {
    const repo = await makeMemoryRepo();
    const before = repo.git('rev-parse', 'HEAD');
    const transcript = join(tempDir('gm-tr-'), 'quiet-2.jsonl');
    writeFileSync(transcript, prompt('quiet-2', repo.dir, 'hello?'));
    await startAndEnd(repo, 'claude', 'quiet-2', transcript);
    expect(repo.git('rev-parse', 'HEAD')).toBe(before);
    expect(openAgentSession(findRepo(repo.dir, repo.env).stateDir)).toBeNull();
  });
});
