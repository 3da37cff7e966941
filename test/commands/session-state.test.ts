// Issue 26 item 5: what was read from transcripts (.git/git-memory/sessions/) is said by uninstall,
// purged with --purge, and pruned after [session_memory] keep_days by the session-end worker.
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneSessionState } from '../../src/fs/session-state.js';
import { pruneOldSessions } from '../../src/hook/agent/prune.js';
import { makeRepo, tempDir } from '../helpers/repo.js';

const DAY = 86_400_000;

/** A session dir with a ledger holding a user message, last touched `ageDays` ago. */
function session(stateDir: string, id: string, ageDays: number, files: Record<string, string> = {}): string {
  const dir = join(stateDir, 'sessions', id);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries({ 'ledger.json': '{"user_messages":["my private request"]}', ...files })) {
    writeFileSync(join(dir, name), text);
    const t = (Date.now() - ageDays * DAY) / 1000;
    utimesSync(join(dir, name), t, t);
  }
  const t = (Date.now() - ageDays * DAY) / 1000;
  utimesSync(dir, t, t);
  return dir;
}

describe('per-session state read from transcripts', () => {
  it('uninstall says it is kept and where; --purge removes it', async () => {
    const repo = makeRepo();
    await repo.run(['init']);
    const stateDir = join(repo.dir, '.git/git-memory');
    session(stateDir, 's1', 0);
    session(stateDir, 's2', 0);
    const r = await repo.run(['uninstall']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`What was read from agent transcripts is kept in ${join(stateDir, 'sessions')}: 2 sessions`);
    expect(r.stdout).toContain('`git memory uninstall --purge` removes it');
    expect(existsSync(join(stateDir, 'sessions/s1/ledger.json'))).toBe(true);
    const p = await repo.run(['uninstall', '--purge', '--json']);
    expect(p.code, p.stderr).toBe(0);
    expect(JSON.parse(p.stdout).sessionState).toMatchObject({ sessions: 2, purged: true });
    expect(existsSync(join(stateDir, 'sessions'))).toBe(false);
    const again = await repo.run(['uninstall']);
    expect(again.stdout).not.toContain('read from agent transcripts');
  });

  it('pruneSessionState removes sessions untouched for the given days, keeping the current one and locked ones', () => {
    const stateDir = tempDir();
    session(stateDir, 'old', 40);
    session(stateDir, 'recent', 3);
    session(stateDir, 'current', 90);
    session(stateDir, 'busy', 90, { lock: '123' });
    const removed = pruneSessionState(stateDir, 30, Date.now(), 'current');
    expect(removed).toEqual(['old']);
    expect(readdirSync(join(stateDir, 'sessions')).sort()).toEqual(['busy', 'current', 'recent']);
  });

  it('the session-end worker prunes by [session_memory] keep_days', async () => {
    const repo = makeRepo();
    repo.write('.openclaw_memory.toml', '[session_memory]\nkeep_days = 7\n');
    const stateDir = join(repo.dir, '.git/git-memory');
    session(stateDir, 'week-old', 8);
    session(stateDir, 'yesterday', 1);
    expect(await pruneOldSessions({ cwd: repo.dir, env: repo.env }, 'now')).toEqual(['week-old']);
    expect(readdirSync(join(stateDir, 'sessions'))).toEqual(['yesterday']);
  });
});
