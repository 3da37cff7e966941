// Issue 13 item 7: a session's notes become its session file — `end --from-notes`, the SessionEnd
// worker, and `end --summary` filling only what it left empty — through end's one write path.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';
import { prompt, reply, toolTurn } from '../hook/agent/claude-lines.js';
import { finaliseSession } from '../../src/hook/agent/finalise.js';
import { recordActiveSession } from '../../src/hook/agent/session-state.js';
import { readSessionEnded } from '../../src/git/session-ended.js';
import { advanceLedger } from '../../src/transcripts/index.js';
import { defaultTemplate } from '../../src/notes/template.js';
import { NOTES_FILE, SESSIONS_DIR, sessionDirName } from '../../src/paths.js';
import { TOOLS } from '../../src/mcp/tools.js';
import { journalTexts } from '../helpers/journal-session.js';

const SESSION = '8e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
const SECRET = 'AKIAIOSFODNN7EXAMPLF';

const memoryRepo = fixture(async () => {
  const repo = await makeMemoryRepo({ until: 'file', now: '2026-11-22T14:30:00Z' });
  appendFileSync(join(repo.dir, '.openclaw_memory.toml'), '\n[llm]\nprovider = "none"\n');
  return repo;
});

const stateDir = (repo: TestRepo) => join(repo.dir, '.git', 'git-memory');

/** A transcript of a short session (under the notes' first threshold), read into the ledger. */
function session(repo: TestRepo, ask = 'Add a logout endpoint that revokes the refresh token'): string {
  const t = join(tempDir('gm-transcript-'), `${SESSION}.jsonl`);
  writeFileSync(t, prompt(SESSION, repo.dir, ask) + toolTurn(SESSION, repo.dir, 3000) + reply(SESSION, repo.dir, 3500, 'Logout is in place.'));
  advanceLedger(stateDir(repo), SESSION, t, { agent: 'claude', repoRoot: repo.dir });
  return t;
}

/** Notes as an extraction would have left them. */
function writeNotes(repo: TestRepo, bodies: Record<string, string>): void {
  let text = defaultTemplate();
  for (const [heading, body] of Object.entries(bodies)) text = text.replace(new RegExp(`(# ${heading}\\n_[^\\n]*_\\n)`), `$1${body}\n`);
  const dir = join(stateDir(repo), SESSIONS_DIR, sessionDirName(SESSION));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, NOTES_FILE), text);
}

const NOTES = {
  'Task specification': 'Add a logout endpoint that revokes the refresh token',
  'Current State': '- Done: POST /logout returns 204\n- Document the endpoint',
  Learnings: '- Revoked tokens live in a Redis set with a TTL',
  Worklog: '1. Added POST /logout',
};


describe('end --from-notes', () => {
  it('writes the session from the notes of the open agent session, and records that it ended', async () => {
    const repo = await memoryRepo();
    const t = session(repo);
    writeNotes(repo, NOTES);
    await recordActiveSession(stateDir(repo), { agent: 'claude', sessionId: SESSION, transcriptPath: t, startedAt: '2026-11-22T14:00' });
    const r = await repo.run(['end', '--from-notes', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [file] = journalTexts(repo);
    expect(file).toMatch(/### Request\nAdd a logout endpoint that revokes the refresh token\n/);
    expect(file).toContain('- Revoked tokens live in a Redis set with a TTL');
    expect(file).toContain('- Added POST /logout');
    expect(file).toContain('- Done: POST /logout returns 204');
    expect(file).toContain('- Document the endpoint');
    expect(file).toContain('agent: claude');
    expect(readSessionEnded(stateDir(repo), SESSION)).toMatchObject({ by: 'notes', path: JSON.parse(r.stdout).session.path });
    // Ended: the SessionEnd worker has nothing left to write.
    expect((await finaliseSession({ cwd: repo.dir, env: repo.env }, { agent: 'claude', sessionId: SESSION, transcriptPath: t })).result).toBe('nothing-pending');
    expect(journalTexts(repo)).toHaveLength(1);
  });

  it('with no session open, ends the session `git memory notes` shows: the latest one with notes', async () => {
    const repo = await memoryRepo();
    session(repo);
    writeNotes(repo, NOTES);
    // No SessionStart recorded it (or its SessionEnd closed it): `notes` still finds it, and so does `end`.
    const shown = await repo.run(['notes', '--json']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ session: SESSION, chosen_by: 'recent' });
    const r = await repo.run(['end', '--from-notes']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(journalTexts(repo)[0]).toContain('- Revoked tokens live in a Redis set with a TTL');
    expect(readSessionEnded(stateDir(repo), SESSION)?.by).toBe('notes');
  });

  it('with --summary: the summary wins and the notes fill what it left empty', async () => {
    const repo = await memoryRepo();
    session(repo);
    writeNotes(repo, NOTES);
    const r = await repo.run(['end', '--from-notes', '--session', SESSION, '--summary', JSON.stringify({ request: 'Logout', completed: ['Logout route'] })]);
    expect(r.code).toBe(0);
    const [file] = journalTexts(repo);
    expect(file).toMatch(/### Request\nLogout\n/);
    expect(file).toContain('- Logout route');
    expect(file).not.toContain('- Added POST /logout');
    expect(file).toContain('- Revoked tokens live in a Redis set with a TTL');
    expect(readSessionEnded(stateDir(repo), SESSION)?.by).toBe('summary');
  });

  it('a session without notes (under 10,000 tokens) ends from its ledger', async () => {
    const repo = await memoryRepo();
    session(repo, 'Why does the refresh test fail on CI?');
    const r = await repo.run(['end', '--from-notes', '--session', SESSION]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(journalTexts(repo)[0]).toContain('Why does the refresh test fail on CI?');
  });

  it('no agent session, or one with nothing read: exit 2, nothing written', async () => {
    const repo = await memoryRepo();
    const none = await repo.run(['end', '--from-notes']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no agent session/);
    const unknown = await repo.run(['end', '--from-notes', '--session', 'never-seen']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no notes and no transcript/);
    expect(journalTexts(repo)).toHaveLength(0);
  });

  it('a summary given beside --from-notes wins when the session has no notes: it is written, not refused', async () => {
    const repo = await memoryRepo();
    const r = await repo.run(['end', '--from-notes', '--session', 'never-seen', '--summary', JSON.stringify({ request: 'Fix the login bug' }), '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).session.alreadyRecorded).toBe(false);
    expect(journalTexts(repo)).toHaveLength(1);
    expect(readSessionEnded(stateDir(repo), 'never-seen')?.by).toBe('summary');
  });

  it('redacts a secret from the transcript instead of refusing the session ([secrets] mode = "block")', async () => {
    const repo = await memoryRepo();
    session(repo, `Deploy with the key ${SECRET}`);
    const r = await repo.run(['end', '--from-notes', '--session', SESSION]);
    expect(r.code).toBe(0);
    const [file] = journalTexts(repo);
    expect(file).not.toContain(SECRET);
    expect(file).toMatch(/Deploy with the key \[REDACTED:/);
  });
});

describe('end --summary in an agent session with notes', () => {
  it('fills only the lists it left empty, and marks the session ended', async () => {
    const repo = await memoryRepo();
    const t = session(repo);
    writeNotes(repo, NOTES);
    await recordActiveSession(stateDir(repo), { agent: 'claude', sessionId: SESSION, transcriptPath: t, startedAt: '2026-11-22T14:00' });
    // Run from Claude Code's shell: an older one says CLAUDECODE=1 only, and its open session is the one ended.
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'Add logout', learned: ['Cookies need SameSite=Lax'] })], { env: { CLAUDECODE: '1' } });
    expect(r.code).toBe(0);
    const [file] = journalTexts(repo);
    expect(file).toMatch(/### Request\nAdd logout\n/);
    expect(file).toContain('- Cookies need SameSite=Lax');
    expect(file).not.toContain('Redis set');
    expect(file).toContain('- Added POST /logout');
    expect(file).toContain('- Document the endpoint');
    expect(readSessionEnded(stateDir(repo), SESSION)?.by).toBe('summary');
    expect((await finaliseSession({ cwd: repo.dir, env: repo.env }, { agent: 'claude', sessionId: SESSION, transcriptPath: t })).result).toBe('nothing-pending');
  });

  it('memory_session_end (MCP) does the same', async () => {
    const repo = await memoryRepo();
    const t = session(repo);
    writeNotes(repo, NOTES);
    await recordActiveSession(stateDir(repo), { agent: 'claude', sessionId: SESSION, transcriptPath: t, startedAt: '2026-11-22T14:00' });
    const tool = TOOLS.find((x) => x.name === 'memory_session_end')!;
    await tool.run({ cwd: repo.dir, env: repo.env }, { request: 'Add logout', completed: ['Logout route'], agent: 'claude' });
    const [file] = journalTexts(repo);
    expect(file).toContain('- Logout route');
    expect(file).not.toContain('- Added POST /logout');
    expect(file).toContain('- Revoked tokens live in a Redis set with a TTL');
    expect(readSessionEnded(stateDir(repo), SESSION)?.by).toBe('summary');
  });

  it('without an agent session it is the plain end it always was', async () => {
    const repo = await memoryRepo();
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'Add logout' })]);
    expect(r.code).toBe(0);
    expect(journalTexts(repo)[0]).not.toMatch(/### (Learned|Completed|Next steps)/);
  });
});

describe('the SessionEnd worker (finaliseSession)', () => {
  it('ends a session nobody ended from its notes, once; logged items and commits are folded in', async () => {
    const repo = await memoryRepo();
    const t = session(repo);
    writeNotes(repo, NOTES);
    await repo.run(['log', 'Logout must clear the cookie too']);
    const first = await finaliseSession({ cwd: repo.dir, env: repo.env }, { agent: 'claude', sessionId: SESSION, transcriptPath: t });
    expect(first).toMatchObject({ result: 'written', source: 'notes' });
    const [file] = journalTexts(repo);
    expect(file).toContain('- Logout must clear the cookie too');
    expect(file).toContain('- Revoked tokens live in a Redis set with a TTL');
    expect(readSessionEnded(stateDir(repo), SESSION)?.by).toBe('auto');
    // Again with nothing new in the transcript and nothing logged: nothing more is written.
    expect((await finaliseSession({ cwd: repo.dir, env: repo.env }, { agent: 'claude', sessionId: SESSION, transcriptPath: t })).result).toBe('nothing-pending');
    expect(journalTexts(repo)).toHaveLength(1);
  });

  it('a session under the first threshold, with nothing logged, still ends from its ledger', async () => {
    const repo = await memoryRepo();
    const t = session(repo, 'Explain how token refresh works');
    const out = await finaliseSession({ cwd: repo.dir, env: repo.env }, { agent: 'claude', sessionId: SESSION, transcriptPath: t });
    expect(out).toMatchObject({ result: 'written', source: 'ledger' });
    expect(journalTexts(repo)[0]).toMatch(/### Request\nExplain how token refresh works\n/);
  });

  it('an empty session (no user message) writes nothing', async () => {
    const repo = await memoryRepo();
    const t = join(tempDir('gm-transcript-'), 'empty.jsonl');
    writeFileSync(t, '');
    const out = await finaliseSession({ cwd: repo.dir, env: repo.env }, { agent: 'claude', sessionId: SESSION, transcriptPath: t });
    expect(out.result).toBe('nothing-pending');
    expect(journalTexts(repo)).toHaveLength(0);
  });

  it('[session_memory] enabled = false: only logged items end a session, as before', async () => {
    const repo = await memoryRepo();
    appendFileSync(join(repo.dir, '.openclaw_memory.toml'), '\n[session_memory]\nenabled = false\n');
    const t = session(repo);
    writeNotes(repo, NOTES);
    expect((await finaliseSession({ cwd: repo.dir, env: repo.env }, { agent: 'claude', sessionId: SESSION, transcriptPath: t })).result).toBe('nothing-pending');
    await repo.run(['log', 'Logout must clear the cookie too']);
    expect(await finaliseSession({ cwd: repo.dir, env: repo.env }, { agent: 'claude', sessionId: SESSION, transcriptPath: t })).toMatchObject({ result: 'written', source: 'spool' });
    expect(journalTexts(repo)[0]).toMatch(/### Request\nAdd a logout endpoint that revokes the refresh token\n/);
  });
});
