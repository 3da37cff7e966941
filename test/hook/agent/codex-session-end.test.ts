import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, tempDir, type TestRepo } from '../../helpers/repo.js';
import { FIXTURES, payload, workerDone } from '../../agents/fixtures.js';
import { settled } from '../../helpers/settled.js';

// Codex 0.171 fires SessionEnd when its process ends (seen running it: reason "other", once per
// `codex exec` and per resume). A session is then one record and one commit, however many turns
// (each ending with a Stop) it has.

function journal(repo: TestRepo): string[] {
  const dir = join(repo.dir, '.openclaw_memory', 'journal');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => readFileSync(join(dir, f), 'utf8'));
}

const ROLLOUT = join(FIXTURES, 'codex-0.171.0/rollout-resumed.jsonl');
const SESSION = '01a2435a-0c68-7fe1-8eb8-a44bb55f9542';
const hook = (repo: TestRepo, event: string, extra: Record<string, unknown> = {}) =>
  repo.exec(['hook', 'agent', event, '--agent', 'codex'], {
    stdin: payload(event === 'session-start' ? 'codex/session-start.json' : 'codex/stop.json', { cwd: repo.dir, session_id: SESSION, transcript_path: ROLLOUT, hook_event_name: event === 'session-end' ? 'SessionEnd' : event === 'stop' ? 'Stop' : 'SessionStart', ...extra }),
  });
const memoryCommits = (repo: TestRepo) => repo.git('log', '--format=%s').split('\n').filter((s) => s.startsWith('memory:'));

/** A session of three turns: its Stops commit nothing, its SessionEnd makes the one memory commit. */
async function threeTurnsThenEnd(repo: TestRepo): Promise<void> {
  expect(hook(repo, 'session-start', { source: 'startup' }).code).toBe(0);
  for (let turn = 0; turn < 3; turn++) expect(hook(repo, 'stop').code).toBe(0);
  await settled(repo); // every process the hook started has ended
  expect(memoryCommits(repo)).toEqual([]);
  expect(hook(repo, 'session-end', { reason: 'other' }).code).toBe(0);
  await workerDone(repo, /^memory: /);
  expect(memoryCommits(repo)).toHaveLength(1);
}

describe('Codex SessionEnd: one record and one commit per session', () => {
  it('wires SessionEnd; after one has fired, Stops only pause and the session is recorded at its end, once', async () => {
    const repo = await makeMemoryRepo();
    expect((await repo.run(['init', '--agent', 'codex'])).code).toBe(0);
    expect(JSON.parse(repo.read('.codex/hooks.json')).hooks.SessionEnd[0].hooks[0].command).toMatch(/hook agent session-end --agent codex/);
    // Within Codex's own cap for SessionEnd (3 s; more is clamped, with a warning at every start).
    expect(JSON.parse(repo.read('.codex/hooks.json')).hooks.SessionEnd[0].hooks[0].timeout).toBeLessThanOrEqual(3);
    // An earlier session's end, with nothing to record: Codex fires SessionEnd here.
    expect(hook(repo, 'session-end', { session_id: 'earlier', transcript_path: null }).code).toBe(0);
    await threeTurnsThenEnd(repo);
    const sessions = journal(repo);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toContain('Create hello.txt and commit it');
    // A second SessionEnd for the same end (or nothing new) writes nothing more.
    expect(hook(repo, 'session-end', { reason: 'other' }).code).toBe(0);
    await settled(repo); // every process the hook started has ended
    expect(memoryCommits(repo)).toHaveLength(1);
  });

  // Issue 24: before any SessionEnd was seen in the worktree, the first Codex session was recorded at
  // every Stop (one memory commit per turn). A rollout written by 0.171 says SessionEnd will fire.
  it('the first session, before any SessionEnd was seen: a 0.171 rollout waits for SessionEnd, so it too is one record and one commit', async () => {
    const repo = await makeMemoryRepo();
    expect((await repo.run(['init', '--agent', 'codex'])).code).toBe(0);
    await threeTurnsThenEnd(repo);
    expect(journal(repo)).toHaveLength(1);
  });

  it('a Codex whose rollout does not say 0.171 or later: each Stop records, as before', async () => {
    const repo = await makeMemoryRepo();
    expect((await repo.run(['init', '--agent', 'codex'])).code).toBe(0);
    const older = join(FIXTURES, 'codex/rollout.jsonl');
    expect(hook(repo, 'session-start', { source: 'startup', transcript_path: older }).code).toBe(0);
    expect(hook(repo, 'stop', { transcript_path: older }).code).toBe(0);
    await workerDone(repo, /^memory: /);
    expect(memoryCommits(repo)).toHaveLength(1);
  });

  it('a first session whose SessionEnd never came (hook not reviewed, process killed): the next session records it, and its own Stops record again', async () => {
    const repo = await makeMemoryRepo();
    expect((await repo.run(['init', '--agent', 'codex'])).code).toBe(0);
    expect(hook(repo, 'session-start', { source: 'startup' }).code).toBe(0);
    expect(hook(repo, 'stop').code).toBe(0);
    await settled(repo); // every process the hook started has ended
    expect(memoryCommits(repo)).toEqual([]);
    // The next session (its own rollout) finds the first one waited in vain.
    const next = join(tempDir('gm-rollout-'), 'rollout-next.jsonl');
    copyFileSync(ROLLOUT, next);
    const second = { session_id: 'second-session', transcript_path: next };
    expect(hook(repo, 'session-start', { source: 'startup', ...second }).code).toBe(0);
    expect(hook(repo, 'stop', second).code).toBe(0);
    await settled(repo); // the workers the hooks started have ended
    expect(memoryCommits(repo).length).toBeGreaterThanOrEqual(2);
    expect(existsSync(join(repo.dir, '.git', 'git-memory', 'lock'))).toBe(false);
    expect(journal(repo)).toHaveLength(2);
  });
});
