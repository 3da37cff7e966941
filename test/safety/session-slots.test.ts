// One slot a session (secrets56, DESIGN §9). A session's local state (its ledger, notes, compaction
// state, end record: .git/git-memory/sessions/<slot>/; its start: session-starts/<slot>.json) is in
// a folder named after its id. The name was the id with `_` for each character outside
// [A-Za-z0-9._-], cut at 128: `a/b`, `a_b` and `a:b` were one folder, as were ids alike in their
// first 128 characters, so one session's end read the other's end record and start, and cleared
// them. A UUID's folder is still the id itself, byte for byte (a session under way when git-memory is
// updated finds its state).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';
import { agentHookIn } from '../helpers/agent-hook.js';
import { journalTexts } from '../helpers/journal-session.js';
import { prompt, reply, toolTurn } from '../hook/agent/claude-lines.js';
import { finaliseSession } from '../../src/hook/agent/finalise.js';
import { markSessionEnded, readSessionEnded } from '../../src/git/session-ended.js';
import { ownSessionStart, recordSessionStart } from '../../src/git/session-state.js';
import { SESSION_STARTS_DIR, sessionDirName } from '../../src/paths.js';

const stateDir = (repo: TestRepo) => join(repo.dir, '.git', 'git-memory');

describe('a session id as a folder name', () => {
  it("is the id itself for the agents' ids: the folder every version made", () => {
    for (const id of ['0f8fad5b-d9cb-469f-a165-70867728950e', '019a3b2c-7d4e-7f10-9a2b-3c4d5e6f7a8b', 'a_b', 'S1.x-2', 'x'.repeat(128)]) expect(sessionDirName(id)).toBe(id);
  });

  it('is one folder per id, and never a path out of sessions/', () => {
    const ids = ['a/b', 'a_b', 'a:b', 'a b', 'a\nb', 'a~b', '.a', '_a', '..', '.', '', '../../hooks', 'x'.repeat(128) + '1', 'x'.repeat(128) + '2', 'x'.repeat(5000), '\ud800', '\ud801', '\ufffd', 'é', 'e\u0301'];
    const names = ids.map(sessionDirName);
    expect(new Set(names).size).toBe(ids.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9._~-]{0,127}$/);
    // A changed id reads as itself: its own characters first.
    expect(sessionDirName('a/b')).toMatch(/^a_b~[0-9a-f]{20}$/);
  });
});

describe('two sessions whose ids made one folder', () => {
  it('each keeps its own start and end record', async () => {
    const repo = await makeMemoryRepo({ until: 'file' });
    const dir = stateDir(repo);
    mkdirSync(join(dir, SESSION_STARTS_DIR), { recursive: true });
    recordSessionStart(dir, { head: 'a'.repeat(40), at: '2026-12-08 09:00', session: 'a/b' });
    recordSessionStart(dir, { head: 'b'.repeat(40), at: '2026-12-08 09:05', session: 'a_b' });
    expect(ownSessionStart(dir, 'a/b')?.head).toBe('a'.repeat(40));
    expect(ownSessionStart(dir, 'a_b')?.head).toBe('b'.repeat(40));
    markSessionEnded(dir, 'a:b', { at: '2026-12-08T09:30', by: 'auto', path: 'x.md', covered: { messages: 9, last: '2026-12-08T09:29:00Z' } });
    expect(readSessionEnded(dir, 'a/b')).toBeNull();
    expect(readSessionEnded(dir, 'a_b')).toBeNull();
    // A slot an older version wrote for `a/b` under the shared name is not `a_b`'s start.
    writeFileSync(join(dir, SESSION_STARTS_DIR, 'c_d.json'), JSON.stringify({ head: 'c'.repeat(40), at: '2026-12-08 09:00', session: 'c/d' }));
    expect(ownSessionStart(dir, 'c_d')).toBeNull();
  });

  it("a Claude Code session's automatic end is not skipped for another's `end` whose id made the same folder", async () => {
    const repo = await makeMemoryRepo({ until: 'file', now: '2026-12-08T10:00:00Z' });
    const transcripts = tempDir('gm-transcripts-');
    const pairs = [
      [{ id: 'chat/7', request: 'Add the invoice export to CSV' }, { id: 'chat_7', request: 'Fix the flaky login test' }],
      [{ id: `${'w'.repeat(128)}-first`, request: 'Rename the billing module' }, { id: `${'w'.repeat(128)}-second`, request: 'Document the rate limits' }],
    ];
    for (const [first, second] of pairs) {
      const transcript = (s: { id: string; request: string }) => {
        const t = join(transcripts, `${s.request.length}-${s.id.length}.jsonl`);
        writeFileSync(t, prompt(s.id, repo.dir, s.request) + toolTurn(s.id, repo.dir, 20_000, 'npm test') + reply(s.id, repo.dir, 21_000, 'Done.'));
        return t;
      };
      const t1 = transcript(first!);
      const t2 = transcript(second!);
      for (const [s, t] of [[first!, t1], [second!, t2]] as const) {
        const start = await agentHookIn(repo, ['session-start', '--agent', 'claude'], { stdin: JSON.stringify({ session_id: s.id, transcript_path: t, cwd: repo.dir, hook_event_name: 'SessionStart', source: 'startup' }) });
        expect(start.code, start.stderr).toBe(0);
      }
      // The first ends itself (`end --summary`: its notes are not read again for it); the second
      // closes with no `end` of its own, and its automatic end writes its entry from its transcript.
      const end = await repo.run(['end', '--summary', JSON.stringify({ request: first!.request }), '--session', first!.id, '--agent', 'claude']);
      expect(end.code, end.stderr).toBe(0);
      const outcome = await finaliseSession({ cwd: repo.dir, env: repo.env }, { agent: 'claude', sessionId: second!.id, transcriptPath: t2, closing: true });
      expect(outcome.result).toBe('written');
    }
    const texts = journalTexts(repo);
    for (const s of pairs.flat()) expect(texts.filter((t) => t.includes(s.request)), s.request).toHaveLength(1);
  });
});
