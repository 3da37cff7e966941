import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';

/** Runs the CLI in-process from a directory inside (or outside) the repository. */
async function runIn(repo: TestRepo, cwd: string, args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { cwd, env: repo.env, out: (t) => void (stdout += t), err: (t) => void (stderr += t), readStdin: async () => Buffer.alloc(0) });
  return { code, stdout, stderr };
}

// Every option that names a file: absolute paths work, relative ones are read from where the user ran.
describe('path options', () => {
  it('end --summary-file takes an absolute path, and a relative one from the current directory', async () => {
    const repo = makeRepo({ now: '2026-11-22T10:00:00' });
    await repo.run(['init', '--no-hooks']);
    const abs = join(tempDir('gm-summary-'), 'summary.json');
    writeFileSync(abs, JSON.stringify({ request: 'Summary from an absolute path' }));
    const first = await repo.run(['end', '--summary-file', abs, '--json']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    mkdirSync(join(repo.dir, 'src'));
    repo.write('src/s.json', JSON.stringify({ request: 'Summary from a subdirectory' }));
    const sub = await runIn(repo, join(repo.dir, 'src'), ['end', '--summary-file', 's.json', '--json']);
    expect(sub.code).toBe(0);
    const requests = JSON.parse((await repo.run(['journal', '--json'])).stdout).sessions.map((s: { request: string }) => s.request);
    expect(requests.sort()).toEqual(['Summary from a subdirectory', 'Summary from an absolute path']); // same minute: any order
    const missing = await repo.run(['end', '--summary-file', join(repo.dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('ENOENT');
  });

  it('tasks add --files stores paths relative to the root, read from the current directory; outside is refused', async () => {
    const repo = makeRepo({ now: '2026-11-22T10:00:00' });
    await repo.run(['init', '--no-hooks']);
    mkdirSync(join(repo.dir, 'src/auth'), { recursive: true });
    const added = await runIn(repo, join(repo.dir, 'src'), ['tasks', 'add', 'Logout', '--files', 'auth/logout.ts', join(repo.dir, 'README.md'), '../docs/a.md', '--json']);
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout).tasks[0].related_files).toEqual(['src/auth/logout.ts', 'README.md', 'docs/a.md']);
    const before = repo.read('.openclaw_memory/TASKS.md');
    const outside = await runIn(repo, join(repo.dir, 'src'), ['tasks', 'add', 'Other', '--files', '../../elsewhere.ts']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('--files "../../elsewhere.ts" is not a file inside the repository');
    expect(repo.read('.openclaw_memory/TASKS.md')).toBe(before);
  });
});
