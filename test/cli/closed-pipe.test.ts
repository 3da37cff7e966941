// `git memory tasks | head -c 10`: a reader that goes away while the output is still queued (the
// pipe was full) ended the process with node's "Unhandled 'error' event … EPIPE" trace and exit 1,
// some runs in two; it ends the output quietly, exit 0, as a reader gone before a write always did.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, tempDir } from '../helpers/repo.js';

/**
 * The binary with `args` in a shell pipeline, `| head -c 10` (a pipe as a shell makes it, 64 KB):
 * its exit code and what it wrote on stderr.
 */
function intoHead(cwd: string, env: NodeJS.ProcessEnv, args: string[]): { code: number; stderr: string } {
  const err = join(tempDir('gm-pipe-'), 'stderr');
  const script = `"$0" "$@" 2>"${err}" | head -c 10 >/dev/null; exit \${PIPESTATUS[0]}`;
  const r = spawnSync('bash', ['-c', script, process.execPath, BIN, ...args], { cwd, env, encoding: 'utf8' });
  return { code: r.status ?? -1, stderr: readFileSync(err, 'utf8') };
}

describe('output to a reader that goes away', () => {
  it('a long task list read by a reader that stops after its first bytes: exit 0, no trace', async () => {
    const repo = await makeMemoryRepo();
    for (let i = 0; i < 6; i++) expect((await repo.run(['tasks', 'add', `Task ${i}`, '--progress', `${i}`.repeat(60_000)])).code).toBe(0);
    for (let i = 0; i < 8; i++) {
      const r = intoHead(repo.dir, repo.env, i % 2 ? ['tasks'] : ['tasks', '--json']);
      expect(r.stderr, `run ${i}`).not.toContain('EPIPE');
      expect(r.code, `run ${i}: ${r.stderr}`).toBe(0);
    }
  });
});
