import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, makeRepo, tempDir, type TestRepo } from '../../helpers/repo.js';
import { FIXTURES, payload, workerDone } from '../../agents/fixtures.js';
import { agentHookIn } from '../../helpers/agent-hook.js';
import { settled } from '../../helpers/settled.js';

// Each agent's output format, bad input and each event's first run: the built binary, as the agents
// run it. What a hook records across sources and runs (a binary run of it in this file first): its
// code in this process (helpers/agent-hook.ts), its workers real processes of the binary.
const SUMMARY = JSON.stringify({ request: 'Add login', completed: ['Implement login endpoint'], next_steps: ['Write the logout endpoint'] });

/** One ended session: made once for the file, copied per test. */
const repoWithMemory = fixture(async () => {
  const repo = makeRepo({ until: 'file' });
  expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
  expect((await repo.run(['end', '--summary', SUMMARY, '--agent', 'claude'])).code).toBe(0);
  return repo;
});

function journalFiles(repo: TestRepo): string[] {
  const dir = join(repo.dir, '.openclaw_memory', 'journal');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => join(dir, f));
}

describe('hook agent session-start: the primer in each agent\'s format', () => {
  it('Claude Code gets JSON hookSpecificOutput.additionalContext', async () => {
    const repo = await repoWithMemory();
    const r = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir }) });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.hookSpecificOutput.hookEventName).toBe('SessionStart');
    expect(out.hookSpecificOutput.additionalContext).toContain('# Project memory');
    expect(out.hookSpecificOutput.additionalContext).toContain('Write the logout endpoint');
    expect(repo.read('.openclaw_memory/PRIMER.md')).toContain('Write the logout endpoint');
  });

  it('Gemini CLI gets one JSON document and nothing else on stdout', async () => {
    const repo = await repoWithMemory();
    const r = repo.exec(['hook', 'agent', 'session-start', '--agent', 'gemini'], { stdin: payload('gemini/session-start.json', { cwd: repo.dir }) });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().startsWith('{')).toBe(true);
    const out = JSON.parse(r.stdout); // throws on any text around the JSON
    expect(out.hookSpecificOutput.additionalContext).toContain('Write the logout endpoint');
  });

  it('Codex CLI gets plain text that does not look like JSON', async () => {
    const repo = await repoWithMemory();
    const r = repo.exec(['hook', 'agent', 'session-start', '--agent', 'codex'], { stdin: payload('codex/session-start.json', { cwd: repo.dir }) });
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('# Project memory')).toBe(true);
    expect(r.stdout).toContain('Write the logout endpoint');
  });

  it('Cursor gets additional_context and continue: true (cwd from workspace_roots)', async () => {
    const repo = await repoWithMemory();
    const r = repo.exec(['hook', 'agent', 'session-start', '--agent', 'cursor'], {
      stdin: payload('cursor/session-start.json', { workspace_roots: [repo.dir] }),
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.continue).toBe(true);
    expect(out.additional_context).toContain('Write the logout endpoint');
  });

  it('adds the pending log items on resume, fork and compact, not on startup', async () => {
    const repo = await repoWithMemory();
    await repo.run(['log', 'Refresh tokens rotate on every use']);
    const run = async (source: string) =>
      JSON.parse((await agentHookIn(repo, ['session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir, source }) })).stdout)
        .hookSpecificOutput.additionalContext as string;
    expect(await run('startup')).not.toContain('Refresh tokens rotate');
    expect(await run('resume')).toContain('(learned) Refresh tokens rotate on every use');
    // A fork goes on with the conversation's context under a new session id, as a resume does.
    expect(await run('fork')).toContain('(learned) Refresh tokens rotate on every use');
    expect(await run('compact')).toContain('(learned) Refresh tokens rotate on every use');
  });

  it('records the active session; a compaction of it leaves the record as it is, a finalised or another session is recorded again', async () => {
    const repo = await repoWithMemory();
    const state = join(repo.dir, '.git', 'git-memory', 'agent-session.json');
    const start = async (source: string, extra: Record<string, unknown> = {}) =>
      expect((await agentHookIn(repo, ['session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir, source, ...extra }) })).code).toBe(0);
    await start('startup');
    const first = readFileSync(state, 'utf8');
    const { active } = JSON.parse(first);
    expect(active).toMatchObject({ agent: 'claude', sessionId: expect.any(String) });
    const mtime = statSync(state).mtimeMs;
    await start('compact');
    expect(readFileSync(state, 'utf8')).toBe(first);
    expect(statSync(state).mtimeMs).toBe(mtime);
    // Another session compacted in this worktree: it is the active one now.
    await start('compact', { session_id: 'another-session' });
    expect(JSON.parse(readFileSync(state, 'utf8')).active.sessionId).toBe('another-session');
    // A finalised session that compacts is open again.
    writeFileSync(state, JSON.stringify({ active, finalised: [`claude:${active.sessionId}`] }));
    await start('compact');
    expect(JSON.parse(readFileSync(state, 'utf8'))).toMatchObject({ active: { sessionId: active.sessionId }, finalised: [] });
  });

  it("a compaction keeps the session's base commit (session-start.json) from its start; a new start records HEAD", async () => {
    const repo = await repoWithMemory();
    const startFile = join(repo.dir, '.git', 'git-memory', 'session-start.json');
    const start = async (source: string) => expect((await agentHookIn(repo, ['session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir, source }) })).code).toBe(0);
    await start('startup');
    const head = () => JSON.parse(readFileSync(startFile, 'utf8')).head as string;
    const base = head();
    expect(repo.git('rev-parse', 'HEAD').trim().startsWith(base)).toBe(true);
    repo.git('commit', '-q', '--allow-empty', '-m', 'Work done in the session');
    await start('compact');
    expect(head()).toBe(base);
    await start('startup');
    expect(head()).not.toBe(base);
    expect(repo.git('rev-parse', 'HEAD').trim().startsWith(head())).toBe(true);
  });

  it('bad input or no repository: a message on stderr, nothing on stdout, exit 0', async () => {
    const repo = await repoWithMemory();
    const bad = repo.exec(['hook', 'agent', 'session-start', '--agent', 'gemini'], { stdin: '{"session_id": ' });
    expect(bad).toMatchObject({ code: 0, stdout: '' });
    expect(bad.stderr).toMatch(/not JSON/);
    const outside = tempDir();
    const none = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: outside }) });
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/not a git repository/);
    const unknown = repo.exec(['hook', 'agent', 'session-start', '--agent', 'vim'], { stdin: '{}' });
    expect(unknown).toMatchObject({ code: 0, stdout: '' });
    expect(unknown.stderr).toMatch(/unknown agent/);
  });
});

describe('hook agent session-end / stop: finalising a session the agent never ended', () => {
  it('Claude Code SessionEnd writes the session from pending items, request from the transcript, once', async () => {
    const repo = await repoWithMemory();
    const before = journalFiles(repo).length;
    await repo.run(['log', 'Logout revokes the refresh token']);
    const stdin = payload('claude/session-end.json', { cwd: repo.dir, transcript_path: join(FIXTURES, 'claude/transcript.jsonl') });
    const r = repo.exec(['hook', 'agent', 'session-end', '--agent', 'claude'], { stdin });
    expect(r).toMatchObject({ code: 0, stdout: '' });
    await workerDone(repo, /^memory: Add a logout endpoint/);
    const files = journalFiles(repo);
    expect(files.length).toBeGreaterThan(before);
    const written = files.map((f) => readFileSync(f, 'utf8')).find((t) => t.includes('Logout revokes'))!;
    expect(written).toContain('Add a logout endpoint that revokes the refresh token');
    expect(written).toContain('agent: claude');

    // The same session ending again (a second hook, a second SessionEnd) writes nothing more.
    await repo.run(['log', 'Something after the end']);
    await agentHookIn(repo, ['session-end', '--agent', 'claude'], { stdin });
    await settled(repo); // every process the hook started has ended
    expect(journalFiles(repo)).toHaveLength(before + 1);
  });

  it('nothing pending: nothing is written', async () => {
    const repo = await repoWithMemory();
    const before = journalFiles(repo).length;
    const head = repo.git('rev-parse', 'HEAD');
    const r = repo.exec(['hook', 'agent', 'session-end', '--agent', 'gemini'], { stdin: payload('gemini/session-end.json', { cwd: repo.dir }) });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    await settled(repo); // every process the hook started has ended
    expect(journalFiles(repo)).toHaveLength(before);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
  });

  it('Codex Stop uses the rollout\'s first user message; a resumed session may be finalised again', async () => {
    const repo = await repoWithMemory();
    const before = journalFiles(repo).length;
    await repo.run(['log', '--kind', 'decision', 'Use a fake clock in token tests']);
    const transcript = join(FIXTURES, 'codex/rollout.jsonl');
    repo.exec(['hook', 'agent', 'stop', '--agent', 'codex'], { stdin: payload('codex/stop.json', { cwd: repo.dir, transcript_path: transcript }) });
    await workerDone(repo, /^memory: Fix the flaky/);
    const first = journalFiles(repo).find((f) => readFileSync(f, 'utf8').includes('Use a fake clock'));
    expect(readFileSync(first!, 'utf8')).toContain('Fix the flaky refresh-token test');

    await agentHookIn(repo, ['session-start', '--agent', 'codex'], { stdin: payload('codex/session-start.json', { cwd: repo.dir, source: 'resume' }) });
    await repo.run(['log', 'Second part of the session']);
    await agentHookIn(repo, ['stop', '--agent', 'codex'], { stdin: payload('codex/stop.json', { cwd: repo.dir, transcript_path: transcript }) });
    await workerDone(repo, /^memory: Fix the flaky/);
    expect(journalFiles(repo).find((f) => readFileSync(f, 'utf8').includes('Second part of the session'))).toBeDefined();
    expect(journalFiles(repo)).toHaveLength(before + 2);
  });

  it('Cursor stop without a transcript gets the neutral request line', async () => {
    const repo = await repoWithMemory();
    await repo.run(['log', 'Webhooks are retried three times']);
    repo.exec(['hook', 'agent', 'stop', '--agent', 'cursor'], { stdin: payload('cursor/stop.json', { workspace_roots: [repo.dir] }) });
    await workerDone(repo, /^memory: Session c0ffee00/);
    const file = journalFiles(repo).find((f) => readFileSync(f, 'utf8').includes('Webhooks are retried'));
    expect(readFileSync(file!, 'utf8')).toContain('Session c0ffee00-1234-4abc-9def-001122334455 (ended without a summary)');
    expect(file).toMatch(/-cursor-/);
  });
});
