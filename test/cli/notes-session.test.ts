// `git memory notes --session ID` for an id nothing knows (a typo): said as bad input (exit 2), as
// compact and hot-files say it, where it printed "no notes yet for this session" and exited 0, and
// `notes update` then failed on the same id. A session the hooks follow still shows, notes or not.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

describe('notes --session', () => {
  it('an id no session has: exit 2, valid --json, nothing written', async () => {
    const repo = await makeMemoryRepo();
    const state = join(repo.dir, '.git', 'git-memory', 'sessions');
    for (const id of ['no-such-session', '../../../../etc']) {
      const r = await repo.run(['notes', '--session', id, '--json']);
      expect(r.code, r.stdout).toBe(2);
      expect(JSON.parse(r.stdout).error.message).toBe(`no agent session ${JSON.stringify(id)} is known in this worktree`);
      const text = await repo.run(['notes', 'show', '--session', id]);
      expect(text.code).toBe(2);
      expect(text.stdout).toBe('');
    }
    expect(existsSync(state)).toBe(false);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('a session the hooks recorded, without notes yet: shown (exit 0)', async () => {
    const repo = await makeMemoryRepo();
    const dir = join(repo.dir, '.git', 'git-memory', 'sessions', 'known-session');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'notes-state.json'), '{}');
    const r = await repo.run(['notes', '--session', 'known-session', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, session: 'known-session', exists: false });
  });
});
