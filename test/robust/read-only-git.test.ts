// A read-only .git (an agent sandbox that mounts it so), made for real with a read-only bind mount
// in a mount namespace of its own: SessionStart prints the primer from what can be read, and a
// command that must write says so in plain words (exit 1), not "internal error".
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

/** Whether this machine lets a test make a mount namespace with a read-only bind mount (root, unshare). */
const canMount = process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;

/** git-memory run with the repository's .git mounted read-only for that one process. */
function readOnly(repo: TestRepo, args: string[], stdin = '') {
  const script = 'mount --bind .git .git && mount -o remount,ro,bind .git && exec "$@"';
  const r = spawnSync('unshare', ['-m', 'sh', '-c', script, 'sh', process.execPath, BIN, ...args], { cwd: repo.dir, env: repo.env, input: stdin, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.skipIf(!canMount)('a read-only .git', () => {
  it('SessionStart prints the primer and says what it could not keep; primer prints it too', async () => {
    const repo = await makeMemoryRepo();
    const input = JSON.stringify({ session_id: 'abc', transcript_path: '/nonexistent.jsonl', cwd: repo.dir, hook_event_name: 'SessionStart', source: 'startup' });
    const start = readOnly(repo, ['hook', 'agent', 'session-start', '--agent', 'claude'], input);
    expect(start.code).toBe(0);
    const context = JSON.parse(start.stdout).hookSpecificOutput.additionalContext as string;
    expect(context).toContain('# Project memory');
    // The primer as a writable .git gives it, from the same files and history.
    const writable = repo.exec(['primer']).stdout;
    expect(writable).toContain('## Project');
    expect(context.trim()).toBe(writable.trim());
    expect(start.stderr).toContain('PRIMER.md not written (read-only file system:');
    expect(start.stderr).not.toMatch(/^git-memory hook agent session-start: EROFS/m);
    const primer = readOnly(repo, ['primer']);
    expect(primer.code).toBe(0);
    expect(primer.stdout).toBe(writable);
  });

  it('commands that must write say so in words, exit 1, and change nothing', async () => {
    const repo = await makeMemoryRepo();
    const head = repo.git('rev-parse', 'HEAD');
    for (const args of [['log', 'a note'], ['tasks', 'add', 'Write the docs'], ['end', '--summary', '{"request":"x"}'], ['commit']]) {
      const r = readOnly(repo, args);
      expect([args[0], r.code]).toEqual([args[0], 1]);
      expect(r.stderr).toMatch(/^error: read-only file system: cannot write \S+\.git\/git-memory(\/\S+)?; this command writes memory and needs the git directory and the memory folder writable\n$/);
    }
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(repo.git('status', '--porcelain')).toBe('');
  });
});
