import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, makeRepo, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';
const summary = JSON.stringify({ request: 'Add login', completed: ['Login endpoint'] });
const CORRUPT = '.openclaw_memory/journal/2026-11-22/0900-agent-abcdef.md';

const committed = (repo: TestRepo) => repo.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort();

describe('end commits only what it names, and never a file it cannot read', () => {
  it('names each other pending memory change it commits (the skeleton after init), in JSON and text', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const r = await repo.run(['end', '--summary', summary, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    const skeleton = ['.openclaw_memory.toml', '.openclaw_memory/.gitattributes', '.openclaw_memory/.gitignore', '.openclaw_memory/TASKS.md'];
    expect([...d.also].sort()).toEqual(skeleton);
    expect(committed(repo)).toEqual([...skeleton, d.session.path].sort());

    const text = makeRepo({ now: NOW });
    await text.run(['init', '--no-hooks']);
    const t = await text.run(['end', '--summary', summary]);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toContain('also committed other pending memory changes:');
    for (const p of skeleton) expect(t.stdout).toContain(`  ${p}\n`);
  });

  it('names nothing when it commits only its own files', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'Own files', tasks: [{ task: 'Write docs', status: 'todo' }] })]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('also committed');
  });

  it('leaves an unreadable session file out of the commit and says so; `git memory commit` does too', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.write(CORRUPT, 'not a session file\n');
    const r = await repo.run(['end', '--summary', summary, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(committed(repo)).toEqual([d.session.path]);
    expect(d.also).toEqual([]);
    expect(d.unreadable.map((u: { path: string }) => u.path)).toEqual([CORRUPT]);
    expect(r.stderr).toContain(`not committed: ${CORRUPT} cannot be read`);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe(`?? ${CORRUPT}\n`);

    const c = await repo.run(['commit']);
    expect(c.code).toBe(0);
    expect(c.stdout).toContain('nothing to commit');
    expect(c.stderr).toContain(`not committed: ${CORRUPT} cannot be read`);
    expect(repo.git('ls-tree', '-r', '--name-only', 'HEAD', '--', CORRUPT)).toBe('');
  });
});
