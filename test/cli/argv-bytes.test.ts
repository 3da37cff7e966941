import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, makeRepo, type TestRepo } from '../helpers/repo.js';

/** Runs the built binary through sh, so an argument can hold bytes a JavaScript string cannot. */
function shell(repo: TestRepo, script: string) {
  const r = spawnSync('sh', ['-c', script], { cwd: repo.dir, env: { ...repo.env, GM: `"${process.execPath}" "${BIN}"` }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('input is refused only for bytes that do not decode as UTF-8', () => {
  it('accepts a real U+FFFD in arguments, stdin and files; refuses an argument with invalid bytes, naming it by position', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-22T14:30:00' });

    // In-process (the text is a string already) and through the binary (bytes EF BF BD are valid UTF-8).
    expect((await repo.run(['log', 'Decoder shows \uFFFD for bad bytes'])).code).toBe(0);
    const real = shell(repo, `eval "$GM log \\"$(printf 'Replacement char \\357\\277\\275 is valid')\\""`);
    expect(real.code, real.stderr).toBe(0);
    const piped = await repo.run(['tasks', 'set', '-'], { stdin: Buffer.from(JSON.stringify([{ task: 'Task from stdin \uFFFD' }])) });
    expect(piped.code, piped.stderr).toBe(0);
    repo.write('summary.json', JSON.stringify({ request: 'Handle \uFFFD in input', completed: ['A file with \uFFFD'] }));
    const tasks = await repo.run(['tasks', 'add', 'Render \uFFFD as is']);
    expect(tasks.code, tasks.stderr).toBe(0);

    // C3 28 is not UTF-8: refused with exit 2, the value not echoed, nothing queued.
    const bad = shell(repo, `eval "$GM log \\"$(printf 'caf\\303(')\\""`);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/argument 2 is not valid UTF-8/);
    expect(bad.stderr).not.toContain('caf');

    const ended = await repo.run(['end', '--summary-file', 'summary.json', '--json']);
    expect(ended.code, ended.stderr).toBe(0);
    const session = repo.git('show', `HEAD:${JSON.parse(ended.stdout).session.path}`);
    for (const t of ['Decoder shows \uFFFD for bad bytes', 'Replacement char \uFFFD is valid', 'Handle \uFFFD in input', 'A file with \uFFFD']) expect(session).toContain(t);
    expect(repo.git('show', 'HEAD:.openclaw_memory/TASKS.md')).toContain('Render \uFFFD as is');
    expect(repo.git('show', 'HEAD:.openclaw_memory/TASKS.md')).toContain('Task from stdin \uFFFD');
  });

  it('still refuses invalid bytes on stdin', async () => {
    const repo = makeRepo();
    const bad = Buffer.concat([Buffer.from('{"request":"caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const piped = await repo.run(['end', '--summary', '-'], { stdin: bad });
    expect(piped.code).toBe(2);
    expect(piped.stderr).toMatch(/standard input is not valid UTF-8/);
  });
});
