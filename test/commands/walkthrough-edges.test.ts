import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { makeMemoryRepo, makeRepo, tempDir, testEnv } from '../helpers/repo.js';

/** Runs the CLI in-process in `cwd` (a directory makeRepo did not make: a bare clone). */
async function runIn(cwd: string, args: string[], env: NodeJS.ProcessEnv) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { cwd, env, out: (t) => void (stdout += t), err: (t) => void (stderr += t), readStdin: async () => Buffer.alloc(0) });
  return { code, stdout, stderr };
}

describe('uninstall and the committed .gitattributes', () => {
  it("leaves the team's .openclaw_memory/.gitattributes as committed, and says so", async () => {
    const repo = await makeMemoryRepo();
    const attributes = repo.read('.openclaw_memory/.gitattributes');
    expect(attributes).toContain('TASKS.md merge=git-memory-tasks');
    const r = await repo.run(['uninstall']);
    expect(r.code, r.stderr).toBe(0);
    expect(repo.git('status', '--short')).toBe('');
    expect(repo.read('.openclaw_memory/.gitattributes')).toBe(attributes);
    expect(r.stdout).not.toContain('removed the TASKS.md line');
    expect(r.stdout).toContain('.openclaw_memory/.gitattributes is kept');
    expect(r.stdout).toContain('removed the git-memory-tasks merge driver from git config');
    const json = JSON.parse((await repo.run(['uninstall', '--json'])).stdout);
    expect(json.mergeDriver).toEqual({ attributes: 'kept', config: 'absent' });
  });
});
