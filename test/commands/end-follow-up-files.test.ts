// Issue 25 §1: a follow-up written by memory_session_end after the automatic end lists the files
// changed in its own turns, not the whole session's.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';
import { prompt, reply } from '../hook/agent/claude-lines.js';
import { finaliseSession } from '../../src/hook/agent/finalise.js';
import { recordActiveSession } from '../../src/hook/agent/session-state.js';
import { defaultTemplate } from '../../src/notes/template.js';
import { NOTES_FILE, SESSIONS_DIR, sessionDirName } from '../../src/paths.js';
import { TOOLS } from '../../src/mcp/tools.js';
import { journalTexts } from '../helpers/journal-session.js';

const SESSION = '9e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5c';
const stateDir = (repo: TestRepo) => join(repo.dir, '.git', 'git-memory');
let n = 0;

/** An Edit of `file` and its result, as Claude Code writes them. */
function editTurn(cwd: string, file: string): string {
  const id = `e${++n}`;
  const base = { isSidechain: false, userType: 'external', cwd, sessionId: SESSION, version: '2.1.39', gitBranch: 'main' };
  const at = new Date(Date.UTC(2026, 10, 22, 10) + n * 1000).toISOString();
  const usage = { input_tokens: 4, cache_creation_input_tokens: 0, cache_read_input_tokens: 3000, output_tokens: 100 };
  const call = { ...base, parentUuid: null, uuid: `a${id}`, type: 'assistant', timestamp: at, requestId: `req_${id}`, message: { model: 'claude-opus-4-6', id: `msg_${id}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${id}`, name: 'Edit', input: { file_path: join(cwd, file), old_string: 'a', new_string: 'b' } }], stop_reason: 'tool_use', usage } };
  const result = { ...base, parentUuid: `a${id}`, uuid: `r${id}`, type: 'user', timestamp: at, message: { role: 'user', content: [{ tool_use_id: `toolu_${id}`, type: 'tool_result', content: 'ok', is_error: false }] } };
  return `${JSON.stringify(call)}\n${JSON.stringify(result)}\n`;
}


describe('a follow-up by memory_session_end', () => {
  it("lists only the files its own turns changed", async () => {
    const repo = await makeMemoryRepo({ until: 'file', now: '2026-11-22T14:30:00Z' });
    appendFileSync(join(repo.dir, '.openclaw_memory.toml'), '\n[llm]\nprovider = "none"\n');
    const t = join(tempDir('gm-transcript-'), `${SESSION}.jsonl`);
    writeFileSync(t, prompt(SESSION, repo.dir, 'Add a logout endpoint') + editTurn(repo.dir, 'src/logout.ts') + reply(SESSION, repo.dir, 3500, 'Logout is in place.'));
    const dir = join(stateDir(repo), SESSIONS_DIR, sessionDirName(SESSION));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, NOTES_FILE), defaultTemplate().replace(/(# Learnings\n_[^\n]*_\n)/, '$1- Revoked tokens live in a Redis set\n'));
    await recordActiveSession(stateDir(repo), { agent: 'claude', sessionId: SESSION, transcriptPath: t, startedAt: '2026-11-22T14:00' });
    expect((await finaliseSession({ cwd: repo.dir, env: repo.env }, { agent: 'claude', sessionId: SESSION, transcriptPath: t })).result).toBe('written');
    // Said once, under Completed (a note "Files changed: src/logout.ts" would say it again).
    expect(journalTexts(repo)[0]).toContain('### Completed\n- Changed src/logout.ts\n');

    // Resumed: the agent's SessionStart hook records the session as open again.
    await recordActiveSession(stateDir(repo), { agent: 'claude', sessionId: SESSION, transcriptPath: t, startedAt: '2026-11-22T15:00' });
    appendFileSync(t, prompt(SESSION, repo.dir, 'Now add the docs') + editTurn(repo.dir, 'docs/logout.md') + reply(SESSION, repo.dir, 4000, 'Documented.'));
    const tool = TOOLS.find((x) => x.name === 'memory_session_end')!;
    await tool.run({ cwd: repo.dir, env: { ...repo.env, GIT_MEMORY_NOW: '2026-11-22T15:30:00Z' } }, { request: 'Document logout', completed: ['Logout docs'], agent: 'claude' });
    const files = journalTexts(repo);
    expect(files).toHaveLength(2);
    const followUp = files.find((f) => f.includes('Document logout'))!;
    expect(followUp).toContain('Files changed: docs/logout.md');
    expect(followUp).not.toContain('src/logout.ts');
  });
});
