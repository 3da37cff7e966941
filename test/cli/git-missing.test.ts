// No git on PATH (a minimal container, a PATH an IDE rewrote): said in words, where it was an
// "internal error: spawn git ENOENT".
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, tempDir } from '../helpers/repo.js';

describe('git missing from PATH', () => {
  it('a command that runs git says so, with the fix: exit 1, valid --json, nothing written', async () => {
    const repo = await makeMemoryRepo();
    const bin = tempDir('gm-nogit-');
    symlinkSync(process.execPath, join(bin, 'node'));
    for (const args of [['end', '--summary', '{"request":"x"}'], ['doctor'], ['init', '--no-hooks']]) {
      const r = spawnSync(process.execPath, [BIN, ...args, '--json'], { cwd: repo.dir, env: { ...repo.env, PATH: bin }, encoding: 'utf8' });
      expect(r.status, args[0]).toBe(1);
      const error = JSON.parse(r.stdout).error;
      expect(error.message).toBe('git is not on PATH: git-memory runs git for this command');
      expect(error.hint).toBe('install git, or add the folder that holds it to PATH');
      expect(r.stderr).not.toContain('internal error');
    }
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });
});
