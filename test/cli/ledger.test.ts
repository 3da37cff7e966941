import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';
import { REPO, TRANSCRIPTS } from '../transcripts/fixtures.js';

describe('git memory ledger', () => {
  it('--json: the fields the issue names, paths relative to the repository it runs in', async () => {
    const repo = makeRepo();
    writeFileSync(join(repo.dir, 'session.jsonl'), readFileSync(join(TRANSCRIPTS, 'claude.jsonl'), 'utf8').replaceAll(REPO, repo.dir));
    const r = await repo.run(['ledger', '--transcript', 'session.jsonl', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    for (const k of ['agent', 'session_id', 'tool_calls', 'context_tokens', 'usage', 'files', 'commands', 'errors', 'user_messages', 'todos']) expect(out).toHaveProperty(k);
    expect(out.agent).toBe('claude');
    expect(Object.keys(out.usage)).toEqual(['input', 'output', 'cache_read', 'cache_write']);
    expect(out.files[0]).toEqual({ path: 'src/auth/session.ts', reads: 1, edits: 1, writes: 0, first: '2026-02-12T10:00:10.000Z', last: '2026-02-12T10:00:25.000Z', last_op: 'edit', by_subagent: false, last_call: 2 });
    expect(out.commands[0]).toMatchObject({ command: 'npm test -- test/auth', failed: true });
    expect(out.errors[0]).toMatchObject({ tool: 'Bash', followed_by: expect.stringContaining('revokeRefreshToken is missing') });
    expect(out.user_messages).toHaveLength(3);
    expect(out.todos).toHaveLength(4);
  });

  it('text: a short report; the agent can be named', async () => {
    const repo = makeRepo();
    const r = await repo.run(['ledger', '--transcript', join(TRANSCRIPTS, 'codex.jsonl'), '--agent', 'codex']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Codex session 019a7c1e-5b2d-7e30-9f41-2c8d6a1b3e57 in \/home\/jane\/acme/);
    expect(r.stdout).toContain('✗ npm test -- test/auth/refresh.test.ts');
    expect(r.stdout).toContain('[x] Use fake timers in refresh.test.ts');
  });

  it("text and --json: a command the user ran in shell mode is marked as the user's", async () => {
    const repo = makeRepo();
    const rec = (uuid: string, parent: string | null, content: string) =>
      JSON.stringify({ parentUuid: parent, isSidechain: false, type: 'user', cwd: repo.dir, sessionId: 's1', version: '2.1.332', uuid, timestamp: '2026-12-05T10:00:00.000Z', message: { role: 'user', content } });
    writeFileSync(join(repo.dir, 'bang.jsonl'), `${[rec('u1', null, '<bash-input>npm test</bash-input>'), rec('u2', 'u1', '<bash-stderr>Command failed: spawn ENOENT</bash-stderr>')].join('\n')}\n`);
    const text = await repo.run(['ledger', '--transcript', 'bang.jsonl']);
    expect(text.stdout).toContain('✗ npm test (by the user)');
    const json = JSON.parse((await repo.run(['ledger', '--transcript', 'bang.jsonl', '--json'])).stdout);
    expect(json.commands).toEqual([{ command: 'npm test', at: '2026-12-05T10:00:00.000Z', failed: true, by_subagent: false, by_user: true }]);
    expect(json.user_messages).toEqual([]);
  });

  it('a missing, unreadable or foreign transcript is a usage error, with what is expected', async () => {
    const repo = makeRepo();
    const missing = await repo.run(['ledger', '--transcript', 'nope.jsonl']);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/cannot read the transcript .*nope\.jsonl\n.*Claude Code session/);
    const dir = await repo.run(['ledger', '--transcript', '.', '--json']);
    expect(dir.code).toBe(2);
    expect(JSON.parse(dir.stdout).error.message).toMatch(/cannot read the transcript/);
    const none = await repo.run(['ledger', '--transcript', 'README.md']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/not a transcript git-memory knows.*\n.*--agent claude\|codex\|gemini/);
    const bare = await repo.run(['ledger']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/transcript/);
    const agent = await repo.run(['ledger', '--transcript', 'README.md', '--agent', 'cursor']);
    expect(agent.code).toBe(2);
  });
});
