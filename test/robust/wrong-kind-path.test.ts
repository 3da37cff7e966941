// A memory path of the wrong kind: `.openclaw_memory` committed as a file, MEMORY.md or TASKS.md a
// folder, PRIMER.md a folder. Said in words with what to do (exit 1, nothing written), where it was
// "internal error: EEXIST / ENOTDIR / EISDIR" with node's text; the primer is still shown.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

describe('a memory path of the wrong kind', () => {
  it('.openclaw_memory a file: tasks add and forget say a file is where a folder belongs (exit 1, valid --json)', async () => {
    const repo = await makeMemoryRepo();
    rmSync(join(repo.dir, '.openclaw_memory'), { recursive: true });
    writeFileSync(join(repo.dir, '.openclaw_memory'), 'not a folder\n');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory folder replaced by a file');
    const head = repo.git('rev-parse', 'HEAD');
    for (const args of [['tasks', 'add', 'New task'], ['forget', 'a wrong fact']]) {
      const r = await repo.run([...args, '--json']);
      expect(r.code, args[0]).toBe(1);
      expect(r.stderr).not.toContain('internal error');
      expect(JSON.parse(r.stdout).error.message).toBe(
        `a file is where a folder belongs: cannot write ${join(repo.dir, '.openclaw_memory')}; move what is in the way on that path (a hand edit or a commit put it there), then run the command again`,
      );
    }
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('MEMORY.md a folder: forget says a folder is where a file belongs', async () => {
    const repo = await makeMemoryRepo();
    mkdirSync(join(repo.dir, '.openclaw_memory/MEMORY.md'));
    writeFileSync(join(repo.dir, '.openclaw_memory/MEMORY.md/notes.md'), 'x\n');
    const r = await repo.run(['forget', 'a wrong fact']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: a folder is where a file belongs: cannot write ${join(repo.dir, '.openclaw_memory/MEMORY.md')}; move what is in the way`);
    expect(r.stderr).not.toContain('internal error');
  });

  it('PRIMER.md a folder: primer still prints the briefing and says PRIMER.md was not written', async () => {
    const repo = await makeMemoryRepo();
    mkdirSync(join(repo.dir, '.openclaw_memory/PRIMER.md'));
    const r = await repo.run(['primer']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('# Project memory');
    expect(r.stderr).toContain(`.openclaw_memory/PRIMER.md not written (a folder is where a file belongs: ${join(repo.dir, '.openclaw_memory/PRIMER.md')})`);
  });
});
