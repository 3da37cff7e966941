import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wiredFixture, type TestRepo } from '../../helpers/repo.js';
import { FIXTURES, payload, workerDone } from '../../agents/fixtures.js';
import { settled } from '../../helpers/settled.js';
import { journalTexts } from '../../helpers/journal-session.js';

// A session's commits come from HEAD's reflog between its start and its end as well as from the
// spool: Gemini CLI runs its shell with core.hooksPath='' (no post-commit hook), and a commit made
// before the start (the "Set up git-memory" commit, which the hook did see) is not the session's.

/** `git memory init` with its git hooks, and the setup commit, which the post-commit hook records. */
const wired = wiredFixture('gemini');


const hook = (repo: TestRepo, event: string, agent: string, extra: Record<string, unknown>) =>
  repo.exec(['hook', 'agent', event, '--agent', agent], { stdin: payload(`${agent}/${event}.json`, { cwd: repo.dir, ...extra }) });

describe('a session\'s commits: from the reflog between its start and its end', () => {
  it('Gemini CLI: a commit its shell made without hooks is the session\'s; the setup commit made before the start is not', async () => {
    const repo = await wired();
    expect(repo.read('.git/git-memory/spool.jsonl')).toContain(repo.git('rev-parse', 'HEAD').trim()); // the hook saw the setup commit
    const transcript = join(FIXTURES, 'gemini-0.61.0/chat.jsonl');
    expect(hook(repo, 'session-start', 'gemini', { transcript_path: transcript }).code).toBe(0);
    repo.write('hello.txt', 'hello\n');
    repo.git('add', 'hello.txt');
    repo.git('-c', 'core.hooksPath=', 'commit', '-q', '-m', 'Add hello.txt');
    expect(hook(repo, 'session-end', 'gemini', { transcript_path: transcript }).code).toBe(0);
    await workerDone(repo, /^memory: /);
    const [session] = journalTexts(repo);
    expect(session).toContain('Create hello.txt and commit it');
    const commits = session!.split('### Commits')[1] ?? '';
    expect(commits).toContain('Add hello.txt');
    expect(commits).not.toContain('Set up git-memory');
  });

  it('an amended commit is listed once, as HEAD has it', async () => {
    const repo = await wired();
    expect(hook(repo, 'session-start', 'gemini', {}).code).toBe(0);
    repo.write('a.txt', 'a\n');
    repo.git('add', 'a.txt');
    repo.git('-c', 'core.hooksPath=', 'commit', '-q', '-m', 'Add a, first try');
    repo.git('-c', 'core.hooksPath=', 'commit', '-q', '--amend', '-m', 'Add a');
    await repo.run(['end', '--summary', JSON.stringify({ request: 'Add a' }), '--agent', 'gemini']);
    const commits = journalTexts(repo)[0]!.split('### Commits')[1] ?? '';
    expect(commits).toContain('Add a');
    expect(commits).not.toContain('first try');
    expect(commits).not.toContain('Set up git-memory');
  });

  it('nothing done since the start: the commit made before it starts no session', async () => {
    const repo = await wired();
    expect(hook(repo, 'session-start', 'gemini', {}).code).toBe(0);
    const head = repo.git('rev-parse', 'HEAD');
    expect(hook(repo, 'session-end', 'gemini', {}).code).toBe(0);
    await settled(repo); // every process the hook started has ended
    expect(journalTexts(repo)).toEqual([]);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
  });
});

describe('a run in which every model call failed', () => {
  // As Claude Code 2.1.328 and the pinned 2.1.332 wrote it (test/fixtures/agents/README.md).
  it.each(['claude-2.1.328', 'claude-2.1.332'])('records no session: the prompt got no answer, and the only commit was made before it started (%s)', async (version) => {
    const repo = await wired();
    const transcript = join(FIXTURES, `${version}/all-failed.jsonl`);
    const sessionId = /"sessionId":"([^"]+)"/.exec(readFileSync(transcript, 'utf8'))![1];
    const claude = (event: string) =>
      repo.exec(['hook', 'agent', event, '--agent', 'claude'], { stdin: payload(`claude/${event}.json`, { cwd: repo.dir, transcript_path: transcript, session_id: sessionId }) });
    expect(claude('session-start').code).toBe(0);
    const head = repo.git('rev-parse', 'HEAD');
    expect(claude('session-end').code).toBe(0);
    await settled(repo); // every process the hook started has ended
    expect(journalTexts(repo)).toEqual([]);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
  });
});
