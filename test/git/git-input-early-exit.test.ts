// git() given input whose git ends before reading it all (a failed rev-parse, a lock taken, a
// signal): node reports EPIPE on the child's stdin. The caller must get git's exit (a GitError, or
// null with allowFail), never an uncaught 'error' event that ends a hook's process.
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeOwn } from '../helpers/spawner.js';
import { makeRepo } from '../helpers/repo.js';
import { git } from '../../src/git/git.js';
import { GitError } from '../../src/errors.js';

const cp = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');

describe("git() with input, git gone before reading it", () => {
  // The test workers start git through a spawner that takes all the input at once (no EPIPE there):
  // here node's own spawn, as the product runs it.
  const swapped = cp.spawn;
  const uncaught: unknown[] = [];
  const record = (e: unknown) => void uncaught.push(e);
  beforeEach(() => {
    if (nodeOwn.spawn) cp.spawn = nodeOwn.spawn;
    uncaught.length = 0;
    process.on('uncaughtException', record);
  });
  afterEach(() => {
    cp.spawn = swapped;
    process.off('uncaughtException', record);
  });

  it('rejects with git\'s exit (or gives null with allowFail), and nothing is thrown uncaught', async () => {
    const repo = makeRepo();
    // 8 MiB: more than a socket's buffer, so the write fails for certain once git has exited.
    const input = 'x'.repeat(8 << 20);
    const failed = await git(['rev-parse', '--verify', '-q', 'no-such-ref'], { cwd: repo.dir, input }).then(() => 'resolved', (e: unknown) => e);
    expect(failed).toBeInstanceOf(GitError);
    expect((failed as GitError).status).toBe(1);
    expect(await git(['rev-parse', '--verify', '-q', 'no-such-ref'], { cwd: repo.dir, input, allowFail: true })).toBeNull();
    // The stdin's 'error' comes before its 'close', which the child's 'close' (and so the answer) waits for.
    expect(uncaught).toEqual([]);
  });
});
