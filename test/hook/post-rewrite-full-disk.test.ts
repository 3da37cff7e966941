import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPLAY_FILE } from '../../src/paths.js';
import { peekSpool } from '../../src/git/spool.js';
import { postRewrite } from '../../src/hook/post-rewrite.js';
import { faults } from '../helpers/disk-faults.js';
import { makeRepo } from '../helpers/repo.js';

vi.mock('node:fs', async (importOriginal) => (await import('../helpers/disk-faults.js')).faultyFs(await importOriginal()));

afterEach(() => {
  faults.full = null;
});

describe('post-rewrite on a full disk', () => {
  it('keeps the notes of commits a rebase made until they are in the spool', async () => {
    const repo = makeRepo();
    const stateDir = join(repo.dir, '.git', 'git-memory');
    const exec = repo.commit('Exec step commit', { 'exec.txt': 'e\n' });
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(join(stateDir, REPLAY_FILE), `${JSON.stringify({ type: 'commit', sha: exec, subject: 'Exec step commit', at: '2026-11-22T14:00:00' })}\n`);
    const pairs = `${'a'.repeat(40)} ${'b'.repeat(40)}\n`;

    faults.full = (p) => p === join(stateDir, 'spool.jsonl');
    await expect(postRewrite('rebase', pairs, repo.dir, repo.env)).rejects.toThrow(/ENOSPC/);
    expect(existsSync(join(stateDir, REPLAY_FILE))).toBe(true);

    faults.full = null;
    await postRewrite('rebase', pairs, repo.dir, repo.env);
    expect(peekSpool(stateDir).map((e) => e.type === 'commit' && e.sha)).toEqual([exec]);
    expect(existsSync(join(stateDir, REPLAY_FILE))).toBe(false);
  });
});
