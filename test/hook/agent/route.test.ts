// `hook agent` has one route (src/hook/agent/process-io.ts routeAgentHook): the binary takes it with
// the process's io, the command line's in-process `hook agent` (main, as repo.run runs it) with the io
// it is given. Before, the in-process command ran the hook with the process's own stdin, stdout,
// folder and environment, whatever io it was given.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, makeRepo } from '../../helpers/repo.js';
import { payload } from '../../agents/fixtures.js';

const SUMMARY = JSON.stringify({ request: 'Add login', completed: ['Implement login endpoint'], next_steps: ['Write the logout endpoint'] });

/** Every file under the repository's memory folder and git-memory's state, with its size and modification time. */
function memoryFiles(dir: string): string[] {
  return ['.openclaw_memory', '.git/git-memory'].flatMap((top) =>
    readdirSync(join(dir, top), { recursive: true, encoding: 'utf8' }).map((f) => {
      const s = statSync(join(dir, top, f));
      return `${top}/${f} ${s.size} ${s.mtimeMs}`;
    }),
  );
}

/** One ended session: made once for the file, copied per test. */
const repoWithMemory = fixture(async () => {
  const repo = makeRepo({ until: 'file' });
  expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
  expect((await repo.run(['end', '--summary', SUMMARY, '--agent', 'claude'])).code).toBe(0);
  return repo;
});

describe('hook agent in process: the io it is given', () => {
  it('reads its input from the io and writes the primer to the io, in the repository the input names', async () => {
    const repo = await repoWithMemory();
    const r = await repo.run(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir }) });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.hookSpecificOutput.hookEventName).toBe('SessionStart');
    expect(out.hookSpecificOutput.additionalContext).toContain('Write the logout endpoint');
    expect(repo.read('.openclaw_memory/PRIMER.md')).toContain('Write the logout endpoint');
  });

  it("takes the off switch from the io's environment: says nothing, writes nothing", async () => {
    const repo = await repoWithMemory();
    const before = memoryFiles(repo.dir);
    const r = await repo.run(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir }), env: { GIT_MEMORY: '0' } });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(memoryFiles(repo.dir)).toEqual(before);
    // As the binary: the same switch, the same silence.
    expect(repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir }), env: { GIT_MEMORY: '0' } })).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
