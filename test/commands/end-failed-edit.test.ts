// Issue 25 §6: the automatic end's session file names only the files the session changed. A Write
// the user rejected is no change, also when the hook read its call in one turn and its result in
// the next (the ledger kept with the session's state goes on from where the hook left it).
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';
import { prompt, reply } from '../hook/agent/claude-lines.js';
import { finaliseSession } from '../../src/hook/agent/finalise.js';
import { recordActiveSession } from '../../src/hook/agent/session-state.js';
import { advanceLedger } from '../../src/transcripts/index.js';
import { journalTexts } from '../helpers/journal-session.js';

const SESSION = '7a1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5d';
const stateDir = (repo: TestRepo) => join(repo.dir, '.git', 'git-memory');
const base = (cwd: string) => ({ isSidechain: false, userType: 'external', cwd, sessionId: SESSION, version: '2.1.332', gitBranch: 'main' });
const at = (s: number) => new Date(Date.UTC(2026, 10, 22, 10, 0, s)).toISOString();
const usage = { input_tokens: 4, cache_creation_input_tokens: 0, cache_read_input_tokens: 3000, output_tokens: 100 };

function call(cwd: string, id: string, name: string, file: string, s: number): string {
  return `${JSON.stringify({ ...base(cwd), parentUuid: null, uuid: `a${id}`, type: 'assistant', timestamp: at(s), requestId: `req_${id}`, message: { model: 'claude-opus-5-5', id: `msg_${id}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${id}`, name, input: { file_path: join(cwd, file), content: 'x', old_string: 'a', new_string: 'b' } }], stop_reason: 'tool_use', usage } })}\n`;
}
function result(cwd: string, id: string, content: string, isError: boolean, s: number): string {
  return `${JSON.stringify({ ...base(cwd), parentUuid: `a${id}`, uuid: `r${id}`, type: 'user', timestamp: at(s), message: { role: 'user', content: [{ tool_use_id: `toolu_${id}`, type: 'tool_result', content, is_error: isError }] }, toolUseResult: isError ? 'User rejected tool use' : { filePath: join(cwd, 'x') }, sourceToolAssistantUUID: `a${id}` })}\n`;
}


describe('the automatic end after a rejected change', () => {
  it("lists in 'Files changed' only the file whose change was made", async () => {
    const repo = await makeMemoryRepo({ until: 'file', now: '2026-11-22T14:30:00Z' });
    appendFileSync(join(repo.dir, '.openclaw_memory.toml'), '\n[llm]\nprovider = "none"\n');
    const t = join(tempDir('gm-transcript-'), `${SESSION}.jsonl`);
    await recordActiveSession(stateDir(repo), { agent: 'claude', sessionId: SESSION, transcriptPath: t, startedAt: '2026-11-22T14:00' });
    // The hook reads the turn up to the Write the user is asked about.
    writeFileSync(t, prompt(SESSION, repo.dir, 'Add a logout endpoint and its docs') + call(repo.dir, 'e1', 'Edit', 'src/logout.ts', 1) + result(repo.dir, 'e1', 'The file has been updated successfully.', false, 2) + call(repo.dir, 'w1', 'Write', 'docs/logout.md', 3));
    expect(advanceLedger(stateDir(repo), SESSION, t, { agent: 'claude', repoRoot: repo.dir }).ledger.turns[0]!.edited).toEqual(['src/logout.ts', 'docs/logout.md']);
    // The user rejects it; the next read starts from there.
    appendFileSync(t, result(repo.dir, 'w1', "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.", true, 4) + reply(SESSION, repo.dir, 3500, 'Logout is in place; I left the docs as you asked.'));
    expect((await finaliseSession({ cwd: repo.dir, env: repo.env }, { agent: 'claude', sessionId: SESSION, transcriptPath: t })).result).toBe('written');
    const [file] = journalTexts(repo);
    // Said once, under Completed (a note "Files changed: src/logout.ts" would say it again).
    expect(file).toContain('### Completed\n- Changed src/logout.ts\n');
    expect(file).not.toContain('docs/logout.md');
  });
});
