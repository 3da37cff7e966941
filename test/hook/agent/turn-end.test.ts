// A session recorded by an earlier end (Codex's and Cursor's per-turn Stop, Claude Code's automatic
// SessionEnd) that goes on: its later turns and what it logs after are recorded as a follow-up of
// that session, in a new session file, never given to the next session; a Stop that finds nothing
// new writes nothing. Through the hooks' own code (helpers/agent-hook.ts: each hook as the binary runs
// it, in this process) and the detached workers they start (real processes of the built binary), in
// real repositories.
import { appendFileSync, copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureBy, makeRepo, ROOT, tempDir, type TestRepo } from '../../helpers/repo.js';
import { payload, workerDone } from '../../agents/fixtures.js';
import { agentHookIn } from '../../helpers/agent-hook.js';
import { settled } from '../../helpers/settled.js';
import { prompt, reply } from './claude-lines.js';

const TRANSCRIPTS = join(ROOT, 'test', 'fixtures', 'transcripts');

function journalFiles(repo: TestRepo): string[] {
  const dir = join(repo.dir, '.openclaw_memory', 'journal');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(dir, f))
    .sort();
}

/** A repository set up with `init --agent NAME`, the setup committed: built once a file per agent, copied per test. */
const agentRepo = fixtureBy(async (agent: string) => {
  const repo = makeRepo({ until: 'file' });
  expect((await repo.run(['init', '--agent', agent])).code).toBe(0);
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'setup');
  return repo;
});

/** The journal file that appeared since `before`, once the worker has committed it. */
async function newFile(repo: TestRepo, before: string[], subject: RegExp): Promise<string> {
  await workerDone(repo, subject);
  const files = journalFiles(repo);
  expect(files).toHaveLength(before.length + 1);
  return files.find((f) => !before.includes(f))!;
}

/** Nothing written: no journal file and no commit, once every process the hook started has ended. */
async function nothingWritten(repo: TestRepo, run: () => unknown): Promise<void> {
  const files = journalFiles(repo);
  const head = repo.git('rev-parse', 'HEAD');
  await run();
  await settled(repo);
  expect(journalFiles(repo)).toEqual(files);
  expect(repo.git('rev-parse', 'HEAD')).toBe(head);
}

const spoolText = (repo: TestRepo) => {
  const p = join(repo.dir, '.git', 'git-memory', 'spool.jsonl');
  return existsSync(p) ? readFileSync(p, 'utf8') : '';
};

describe('a session recorded at an earlier turn goes on: its later turns are a follow-up of it', () => {
  it('Codex: each Stop with a new turn or newly logged items records them; a Stop with nothing new writes nothing', async () => {
    const repo = await agentRepo('codex');
    const transcript = join(tempDir('gm-codex-'), 'rollout.jsonl');
    // The rollout as it is after the first turn: its second user message starts at line 26.
    writeFileSync(transcript, readFileSync(join(TRANSCRIPTS, 'codex.jsonl'), 'utf8').split('\n').slice(0, 25).join('\n') + '\n');
    const hook = async (event: string, file: string) =>
      expect(await agentHookIn(repo, [event, '--agent', 'codex'], { stdin: payload(file, { cwd: repo.dir, transcript_path: transcript }) })).toMatchObject({ code: 0, stdout: event === 'stop' ? '' : expect.any(String) });
    await hook('session-start', 'codex/session-start.json');

    await hook('stop', 'codex/stop.json');
    const first = await newFile(repo, [], /^memory: Fix the flaky refresh-token test/);
    const firstText = readFileSync(first, 'utf8');
    expect(firstText).not.toContain('sleep helper');

    // Turn 2: the rollout grows, and the agent logs a fact.
    copyFileSync(join(TRANSCRIPTS, 'codex.jsonl'), transcript);
    await repo.run(['log', 'turn two fact']);
    await hook('stop', 'codex/stop.json');
    const second = await newFile(repo, [first], /^memory: Also delete the old sleep helper/);
    const secondText = readFileSync(second, 'utf8');
    expect(secondText).toContain('turn two fact');
    expect(secondText).toContain('Also delete the old sleep helper');
    expect(secondText).toContain('agent: codex');
    // Write-once: the first turn's file is as it was; nothing is left for the next session.
    expect(readFileSync(first, 'utf8')).toBe(firstText);
    expect(spoolText(repo)).not.toContain('turn two fact');

    // A third Stop with no new turn and nothing logged: no file, no commit.
    await nothingWritten(repo, () => hook('stop', 'codex/stop.json'));

    // Logged items alone are new too: a follow-up with them, under the session's first request, and
    // nothing of the turns recorded already.
    await repo.run(['log', 'turn three fact']);
    await hook('stop', 'codex/stop.json');
    const third = readFileSync(await newFile(repo, [first, second], /^memory: Fix the flaky refresh-token test/), 'utf8');
    expect(third).toContain('turn three fact');
    expect(third).not.toContain('turn two fact');
    expect(third).not.toContain('sleep helper');
  });

  it('Codex: an explicit `end` in a later turn is not written again by the Stop; only what is logged after it is', async () => {
    const repo = await agentRepo('codex');
    const transcript = join(tempDir('gm-codex-'), 'rollout.jsonl');
    writeFileSync(transcript, readFileSync(join(TRANSCRIPTS, 'codex.jsonl'), 'utf8').split('\n').slice(0, 25).join('\n') + '\n');
    const stop = () => agentHookIn(repo, ['stop', '--agent', 'codex'], { stdin: payload('codex/stop.json', { cwd: repo.dir, transcript_path: transcript }) });
    await agentHookIn(repo, ['session-start', '--agent', 'codex'], { stdin: payload('codex/session-start.json', { cwd: repo.dir, transcript_path: transcript }) });
    await stop();
    const first = await newFile(repo, [], /^memory: Fix the flaky refresh-token test/);

    // Turn 2: the agent ends the session itself; the session is still the open one, so the end is its.
    copyFileSync(join(TRANSCRIPTS, 'codex.jsonl'), transcript);
    // From the agent's shell, which names its session (Codex 0.171's CODEX_THREAD_ID).
    const thread = (JSON.parse(payload('codex/session-start.json')) as { session_id: string }).session_id;
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'Delete the sleep helper', completed: ['Removed test/helpers/sleep.js'] })], { env: { CODEX_THREAD_ID: thread } });
    expect(r.code).toBe(0);
    const ended = journalFiles(repo);
    expect(ended).toHaveLength(2);
    await nothingWritten(repo, stop);

    await repo.run(['log', 'logged after the end']);
    await stop();
    const later = readFileSync(await newFile(repo, ended, /^memory: /), 'utf8');
    expect(later).toContain('logged after the end');
    expect(later).not.toContain('sleep helper');
    expect(readFileSync(first, 'utf8')).not.toContain('logged after the end');
  });

  it('Cursor: what is logged after the first stop goes to the same session at the next stop', async () => {
    const repo = await agentRepo('cursor');
    const stdin = payload('cursor/stop.json', { workspace_roots: [repo.dir] });
    await agentHookIn(repo, ['session-start', '--agent', 'cursor'], { stdin: payload('cursor/session-start.json', { workspace_roots: [repo.dir] }) });
    await repo.run(['log', 'turn one fact']);
    await agentHookIn(repo, ['stop', '--agent', 'cursor'], { stdin });
    const first = await newFile(repo, [], /^memory: Session c0ffee00/);
    const firstText = readFileSync(first, 'utf8');
    expect(firstText).toContain('turn one fact');

    await repo.run(['log', 'turn two fact']);
    await agentHookIn(repo, ['stop', '--agent', 'cursor'], { stdin });
    const second = await newFile(repo, [first], /^memory: Session c0ffee00/);
    expect(readFileSync(second, 'utf8')).toContain('turn two fact');
    expect(readFileSync(second, 'utf8')).not.toContain('turn one fact');
    expect(readFileSync(first, 'utf8')).toBe(firstText);
    expect(spoolText(repo)).toBe('');

    await nothingWritten(repo, () => agentHookIn(repo, ['stop', '--agent', 'cursor'], { stdin }));
  });
});

describe('Claude Code: a session the automatic end recorded, then resumed', () => {
  it('the resumed turns are recorded at the next SessionEnd, once', async () => {
    const repo = await agentRepo('claude');
    const sessionId = '4d5611e5-241a-462a-8d15-5122611a9569';
    const transcript = join(tempDir('gm-claude-'), `${sessionId}.jsonl`);
    // The fixture without its torn last line.
    const lines = readFileSync(join(TRANSCRIPTS, 'claude.jsonl'), 'utf8').split('\n').filter(Boolean);
    writeFileSync(transcript, lines.slice(0, -1).join('\n') + '\n');
    const hook = (event: string, file: string, extra: Record<string, unknown> = {}) =>
      agentHookIn(repo, [event, '--agent', 'claude'], { stdin: payload(file, { session_id: sessionId, cwd: repo.dir, transcript_path: transcript, ...extra }) });

    await hook('session-start', 'claude/session-start.json', { source: 'startup' });
    await hook('session-end', 'claude/session-end.json');
    const first = await newFile(repo, [], /^memory: /);
    const firstText = readFileSync(first, 'utf8');
    expect(firstText).not.toContain('failed login');

    // Resumed: a new prompt and its answer.
    appendFileSync(transcript, prompt(sessionId, repo.dir, 'Log every failed login attempt') + reply(sessionId, repo.dir, 30_000, 'Failed logins are logged now.'));
    await hook('session-start', 'claude/session-start.json', { source: 'resume' });
    await hook('session-end', 'claude/session-end.json');
    const second = await newFile(repo, [first], /^memory: Log every failed login attempt/);
    expect(readFileSync(second, 'utf8')).toContain('Log every failed login attempt');
    expect(readFileSync(second, 'utf8')).not.toContain('Add a logout endpoint');
    expect(readFileSync(first, 'utf8')).toBe(firstText);

    // A second SessionEnd (a second hook for the same end) writes nothing more.
    await nothingWritten(repo, () => hook('session-end', 'claude/session-end.json'));
  });

  it('an explicit `end` is not written again by the automatic end, even after a resume with nothing new', async () => {
    const repo = await agentRepo('claude');
    const sessionId = '4d5611e5-241a-462a-8d15-5122611a9569';
    const transcript = join(tempDir('gm-claude-'), `${sessionId}.jsonl`);
    writeFileSync(transcript, readFileSync(join(TRANSCRIPTS, 'claude.jsonl'), 'utf8').split('\n').filter(Boolean).slice(0, -1).join('\n') + '\n');
    const hook = (event: string, file: string, extra: Record<string, unknown> = {}) =>
      agentHookIn(repo, [event, '--agent', 'claude'], { stdin: payload(file, { session_id: sessionId, cwd: repo.dir, transcript_path: transcript, ...extra }) });
    await hook('session-start', 'claude/session-start.json', { source: 'startup' });
    // From Claude Code's shell, which names its session (2.1.332's CLAUDE_CODE_SESSION_ID).
    const ended = await repo.run(['end', '--summary', JSON.stringify({ request: 'Logout and rate limiting', completed: ['Logout endpoint'] })], { env: { CLAUDE_CODE_SESSION_ID: sessionId } });
    expect(ended.code).toBe(0);
    await nothingWritten(repo, () => hook('session-end', 'claude/session-end.json'));
    await hook('session-start', 'claude/session-start.json', { source: 'resume' });
    await nothingWritten(repo, () => hook('session-end', 'claude/session-end.json'));
  });
});
