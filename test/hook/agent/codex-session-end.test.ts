import { spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, makeMemoryRepo, tempDir, type TestRepo } from '../../helpers/repo.js';
import { FIXTURES, payload, workerDone } from '../../agents/fixtures.js';
import { agentHookIn } from '../../helpers/agent-hook.js';
import { heldShim } from '../../helpers/held-shim.js';
import { settled } from '../../helpers/settled.js';
import { journalTexts } from '../../helpers/journal-session.js';

// Codex 0.171 fires SessionEnd when its process ends (seen running it: reason "other", once per
// `codex exec` and per resume). A session is then one record and one commit, however many turns
// (each ending with a Stop) it has.


const ROLLOUT = join(FIXTURES, 'codex-0.171.0/rollout-resumed.jsonl');
const SESSION = '01a2435a-0c68-7fe1-8eb8-a44bb55f9542';
/** The hook's code in this process (helpers/agent-hook.ts): its workers are real `git-memory` processes. */
const hook = (repo: TestRepo, event: string, extra: Record<string, unknown> = {}) =>
  agentHookIn(repo, [event, '--agent', 'codex'], {
    stdin: payload(event === 'session-start' ? 'codex/session-start.json' : 'codex/stop.json', { cwd: repo.dir, session_id: SESSION, transcript_path: ROLLOUT, hook_event_name: event === 'session-end' ? 'SessionEnd' : event === 'stop' ? 'Stop' : 'SessionStart', ...extra }),
  });
/** A memory repository after `init --agent codex` (not committed): built once for the file, copied per test. */
const codexRepo = fixture(async () => {
  const repo = await makeMemoryRepo({ until: 'file' });
  expect((await repo.run(['init', '--agent', 'codex'])).code).toBe(0);
  return repo;
});
const memoryCommits = (repo: TestRepo) => repo.git('log', '--format=%s').split('\n').filter((s) => s.startsWith('memory:'));

/**
 * After a SessionEnd run in the background by its command: the record's commit. settled() alone can
 * look at /proc in the instant the background `git-memory` execs node, and miss it; so the commit is
 * waited for too (bounded), then every process.
 */
async function backgroundEndDone(repo: TestRepo): Promise<void> {
  for (const end = Date.now() + 40_000; !memoryCommits(repo).length && Date.now() < end; ) await new Promise((r) => setTimeout(r, 100));
  await workerDone(repo, /^memory: /);
}

/** A session of three turns: its Stops commit nothing, its SessionEnd makes the one memory commit. */
async function threeTurnsThenEnd(repo: TestRepo): Promise<void> {
  expect((await hook(repo, 'session-start', { source: 'startup' })).code).toBe(0);
  for (let turn = 0; turn < 3; turn++) expect((await hook(repo, 'stop')).code).toBe(0);
  await settled(repo); // every process the hook started has ended
  expect(memoryCommits(repo)).toEqual([]);
  expect((await hook(repo, 'session-end', { reason: 'other' })).code).toBe(0);
  await workerDone(repo, /^memory: /);
  expect(memoryCommits(repo)).toHaveLength(1);
}

/**
 * The hook commands `init` wrote, run as Codex runs them (sh -c, the payload on stdin; Codex waits
 * for the command and its output streams), with a `git-memory` on PATH that logs each node start, and
 * holds it back while `hold` exists. Returns the node starts the command made.
 */
function asCodexRuns(repo: TestRepo) {
  const shim = heldShim();
  const hooks = (JSON.parse(repo.read('.codex/hooks.json')) as { hooks: Record<string, { hooks: { command: string }[] }[]> }).hooks;
  const { starts } = shim;
  const run = (event: 'SessionStart' | 'Stop' | 'SessionEnd', fields: Record<string, unknown>) => {
    const before = starts().length;
    const r = spawnSync('sh', ['-c', hooks[event][0].hooks[0].command], {
      cwd: repo.dir,
      env: { ...repo.env, PATH: `${shim.bin}:${repo.env.PATH}` },
      input: payload(event === 'SessionStart' ? 'codex/session-start.json' : 'codex/stop.json', { cwd: repo.dir, hook_event_name: event, ...fields }),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.error, 'the agent was kept waiting').toBeUndefined();
    expect(r.status, r.stderr).toBe(0);
    return { nodeStarts: starts().slice(before), stdout: r.stdout };
  };
  return Object.assign(run, { starts, hold: shim.hold, release: shim.release });
}

/** A rollout as Codex 0.171 has it at SessionStart (its session_meta line), and a turn's lines to append. */
function freshRollout(sessionId: string): { path: string; turn(text: string, context: number): void } {
  const path = join(tempDir('gm-rollout-'), `rollout-2026-12-05T05-00-00-${sessionId}.jsonl`);
  writeFileSync(path, `${readFileSync(ROLLOUT, 'utf8').split('\n')[0]}\n`);
  const line = (payload: object) => `${JSON.stringify({ timestamp: '2026-12-05T05:00:01.000Z', type: payload && 'role' in payload ? 'response_item' : 'event_msg', payload })}\n`;
  return {
    path,
    turn: (text, context) =>
      appendFileSync(
        path,
        line({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] }) +
          line({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.' }] }) +
          line({ type: 'token_count', info: { total_token_usage: { input_tokens: context, cached_input_tokens: 0, output_tokens: 20, reasoning_output_tokens: 0, total_tokens: context + 20 }, last_token_usage: { input_tokens: context - 20, cached_input_tokens: 0, output_tokens: 20, reasoning_output_tokens: 0, total_tokens: context }, model_context_window: 258400 } }),
      ),
  };
}

describe('Codex SessionEnd: one record and one commit per session', () => {
  it('wires SessionEnd; after one has fired, Stops only pause and the session is recorded at its end, once', async () => {
    const repo = await codexRepo();
    expect(JSON.parse(repo.read('.codex/hooks.json')).hooks.SessionEnd[0].hooks[0].command).toMatch(/hook agent session-end --agent codex/);
    // Within Codex's own cap for SessionEnd (3 s; more is clamped, with a warning at every start).
    expect(JSON.parse(repo.read('.codex/hooks.json')).hooks.SessionEnd[0].hooks[0].timeout).toBeLessThanOrEqual(3);
    // An earlier session's end, with nothing to record: Codex fires SessionEnd here.
    expect((await hook(repo, 'session-end', { session_id: 'earlier', transcript_path: null })).code).toBe(0);
    await threeTurnsThenEnd(repo);
    const sessions = journalTexts(repo);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toContain('Create hello.txt and commit it');
    // A second SessionEnd for the same end (or nothing new) writes nothing more.
    expect((await hook(repo, 'session-end', { reason: 'other' })).code).toBe(0);
    await settled(repo); // every process the hook started has ended
    expect(memoryCommits(repo)).toHaveLength(1);
  });

  // Issue 24: before any SessionEnd was seen in the worktree, the first Codex session was recorded at
  // every Stop (one memory commit per turn). A rollout written by 0.171 says SessionEnd will fire.
  it('the first session, before any SessionEnd was seen: a 0.171 rollout waits for SessionEnd, so it too is one record and one commit', async () => {
    const repo = await codexRepo();
    await threeTurnsThenEnd(repo);
    expect(journalTexts(repo)).toHaveLength(1);
  });

  it('a Codex whose rollout does not say 0.171 or later: each Stop records, as before', async () => {
    const repo = await codexRepo();
    const older = join(FIXTURES, 'codex/rollout.jsonl');
    expect((await hook(repo, 'session-start', { source: 'startup', transcript_path: older })).code).toBe(0);
    expect((await hook(repo, 'stop', { transcript_path: older })).code).toBe(0);
    await workerDone(repo, /^memory: /);
    expect(memoryCommits(repo)).toHaveLength(1);
  });

  it('a first session whose SessionEnd never came (hook not reviewed, process killed): the next session records it, and its own Stops record again', async () => {
    const repo = await codexRepo();
    expect((await hook(repo, 'session-start', { source: 'startup' })).code).toBe(0);
    expect((await hook(repo, 'stop')).code).toBe(0);
    await settled(repo); // every process the hook started has ended
    expect(memoryCommits(repo)).toEqual([]);
    // The next session (its own rollout) finds the first one waited in vain.
    const next = join(tempDir('gm-rollout-'), 'rollout-next.jsonl');
    copyFileSync(ROLLOUT, next);
    const second = { session_id: 'second-session', transcript_path: next };
    expect((await hook(repo, 'session-start', { source: 'startup', ...second })).code).toBe(0);
    expect((await hook(repo, 'stop', second)).code).toBe(0);
    await settled(repo); // the workers the hooks started have ended
    expect(memoryCommits(repo).length).toBeGreaterThanOrEqual(2);
    expect(existsSync(join(repo.dir, '.git', 'git-memory', 'lock'))).toBe(false);
    expect(journalTexts(repo)).toHaveLength(2);
  });

  // Issue 24 section 3: the first session in a repository ran node at its Stop (Codex waits for it)
  // only to find that the session waits for its SessionEnd; SessionStart, which runs node anyway,
  // now finds that from the rollout's head and leaves the turn-end gate, as for any later session.
  it('the first session, before any SessionEnd was seen: its Stop starts no node below the thresholds, and it is still one record', async () => {
    const repo = await codexRepo();
    const codex = asCodexRuns(repo);
    const rollout = freshRollout('first-session');
    const fields = { session_id: 'first-session', transcript_path: rollout.path };
    expect(codex('SessionStart', { ...fields, source: 'startup' }).nodeStarts).toHaveLength(1);
    rollout.turn('Create hello.txt and commit it', 3000);
    expect(codex('Stop', fields).nodeStarts).toEqual([]);
    rollout.turn('And a farewell', 9999);
    expect(codex('Stop', fields).nodeStarts).toEqual([]);
    await settled(repo);
    expect(memoryCommits(repo)).toEqual([]);
    codex('SessionEnd', { ...fields, reason: 'other' });
    await backgroundEndDone(repo);
    expect(memoryCommits(repo)).toHaveLength(1);
    expect(journalTexts(repo)[0]).toContain('Create hello.txt and commit it');
  });

  // Issue 24 section 3: Codex waits for its SessionEnd hook before it exits, and the hook's node
  // (~170 ms CPU, 0.4-1 s under load) only handed the session to a worker. The command now hands it
  // over in the background at once, and that one process writes the record itself.
  it('SessionEnd: Codex is not kept waiting for node, and one background process records the session, once', async () => {
    const repo = await codexRepo();
    const codex = asCodexRuns(repo);
    const rollout = freshRollout('ending-session');
    const fields = { session_id: 'ending-session', transcript_path: rollout.path };
    codex('SessionStart', { ...fields, source: 'startup' });
    rollout.turn('Create hello.txt and commit it', 3000);
    codex('Stop', fields);
    // node held back: the command has returned all the same.
    codex.hold();
    codex('SessionEnd', { ...fields, reason: 'other' });
    expect(memoryCommits(repo)).toEqual([]);
    codex.release();
    await backgroundEndDone(repo);
    expect(memoryCommits(repo)).toHaveLength(1);
    expect(journalTexts(repo)[0]).toContain('Create hello.txt and commit it');
    // One node process for the whole end: the hook ran the worker's job itself.
    expect(codex.starts().filter((a) => /session-end|agent-worker/.test(a))).toEqual(['hook agent session-end --agent codex --detached']);
    // From now on the worktree knows Codex fires SessionEnd; a second one for the same end writes nothing more.
    expect(existsSync(join(repo.dir, '.git', 'git-memory', 'session-end-seen-codex'))).toBe(true);
    codex('SessionEnd', { ...fields, reason: 'other' });
    await settled(repo);
    expect(memoryCommits(repo)).toHaveLength(1);
  });

  // The session's end ran from agent-worker.mjs, a graph of ESM chunks compiled afresh at every end
  // (370-550 ms CPU in all): it is now one CommonJS bundle loaded through the V8 code cache, as `end` is.
  it('the background SessionEnd loads the workers from one bundle through the code cache', async () => {
    const repo = await codexRepo();
    const cache = tempDir('gm-v8-');
    repo.env.XDG_CACHE_HOME = cache;
    const codex = asCodexRuns(repo);
    const rollout = freshRollout('cached-end');
    const fields = { session_id: 'cached-end', transcript_path: rollout.path };
    codex('SessionStart', { ...fields, source: 'startup' });
    rollout.turn('Create hello.txt and commit it', 3000);
    codex('SessionEnd', { ...fields, reason: 'other' });
    await backgroundEndDone(repo);
    expect(journalTexts(repo)[0]).toContain('Create hello.txt and commit it');
    const v8 = join(cache, 'git-memory', 'v8');
    expect(readdirSync(v8).filter((f) => f.startsWith('agent-worker-session-end-') && f.endsWith('.v8'))).toHaveLength(1);
  });
});
