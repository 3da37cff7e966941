import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pathWithBin, wiredFixture } from '../../helpers/repo.js';
import { FIXTURES, payload, workerDone } from '../../agents/fixtures.js';
import { journalTexts } from '../../helpers/journal-session.js';

// The request of a session opened with a slash command, end to end: Claude Code 2.1.332 ran
// `/fix-issue 42 parser` (a .claude/commands file), then "Now the lexer too" (test/fixtures/agents/README.md).

const wired = wiredFixture('claude');

describe('a Claude Code session opened with a slash command', () => {
  it('has the command as typed as its request: the session file and the memory commit say `/fix-issue 42 parser`', async () => {
    const repo = await wired();
    const transcript = join(FIXTURES, 'claude-2.1.332/slash-command.jsonl');
    const sessionId = /"sessionId":"([^"]+)"/.exec(readFileSync(transcript, 'utf8'))![1];
    const claude = (event: string) =>
      repo.exec(['hook', 'agent', event, '--agent', 'claude'], { stdin: payload(`claude/${event}.json`, { cwd: repo.dir, transcript_path: transcript, session_id: sessionId }) });
    expect(claude('session-start').code).toBe(0);
    repo.write('parser.txt', 'fixed\n');
    repo.git('add', 'parser.txt');
    execFileSync('git', ['commit', '-q', '-m', 'Fix the parser'], { cwd: repo.dir, env: { ...repo.env, PATH: pathWithBin() }, stdio: 'ignore' });
    expect(claude('session-end').code).toBe(0);
    await workerDone(repo, /^memory: /);
    expect(repo.git('log', '-1', '--format=%B')).toContain('/fix-issue 42 parser');
    const [session] = journalTexts(repo);
    expect(session).toContain('/fix-issue 42 parser');
    expect(session).not.toContain('Follow the team rules');
  });
});
