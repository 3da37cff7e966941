// A current folder removed under the process (an agent's shell left in a worktree it deleted):
// node's process.cwd() threw at start-up and every command and hook died with node's stack trace.
// A command now says so (exit 1, `--json` too); a hook exits 0 without a word.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir, testEnv } from '../helpers/repo.js';

/** Runs the binary in a folder removed just before node starts. */
function inRemovedFolder(args: string[], stdin = '') {
  const dir = join(tempDir('gm-cwd-gone-'), 'gone');
  mkdirSync(dir);
  const script = 'cd "$1" && rmdir "$1" && shift && exec "$@"';
  const r = spawnSync('sh', ['-c', script, 'sh', dir, process.execPath, BIN, ...args], { env: testEnv(), input: stdin, encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('a current folder that no longer exists', () => {
  it('a command says so in words, exit 1, valid --json, no stack trace', () => {
    for (const args of [['sessions', '--json'], ['primer', '--json'], ['end', '--summary', '{"request":"x"}', '--json'], ['tasks', 'add', 'x', '--json']]) {
      const r = inRemovedFolder(args);
      expect(r.code, args[0]).toBe(1);
      expect(r.stderr, args[0]).toContain('the current folder no longer exists');
      expect(r.stderr, args[0]).not.toContain('uv_cwd');
      expect(JSON.parse(r.stdout).error.message, args[0]).toContain('no longer exists');
    }
  });

  it('a hook exits 0 without a word', () => {
    for (const args of [['hook', 'post-commit'], ['hook', 'post-rewrite', 'amend']]) {
      const r = inRemovedFolder(args);
      expect(r.code, args[1]).toBe(0);
      expect(r.stderr, args[1]).toBe('');
    }
  });
});
