import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { peekSpool } from '../../src/git/spool.js';
import { makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';
const DAY = '2026-11-22';
const summary = JSON.stringify({ request: 'Write through a link', completed: ['Nothing, I hope'] });

/** Every file under `dir` with its content, to show that nothing outside the repository changed. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[join(e.parentPath, e.name).slice(dir.length)] = readFileSync(join(e.parentPath, e.name), 'utf8');
  }
  return out;
}

/** An initialised repo whose `rel` is replaced by a committed symbolic link to a directory outside it. */
async function linkedRepo(rel: string): Promise<{ repo: TestRepo; outside: string }> {
  const repo = makeRepo({ now: NOW });
  expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
  const outside = tempDir('gm-outside-');
  mkdirSync(join(repo.dir, rel), { recursive: true });
  cpSync(join(repo.dir, rel), outside, { recursive: true });
  rmSync(join(repo.dir, rel), { recursive: true });
  symlinkSync(outside, join(repo.dir, rel));
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', `link ${rel} outside`);
  return { repo, outside };
}

describe('memory reached through a committed symbolic link', () => {
  for (const rel of ['.openclaw_memory', '.openclaw_memory/journal', `.openclaw_memory/journal/${DAY}`]) {
    it(`end refuses to write a session through ${rel}, and writes nothing anywhere`, async () => {
      const { repo, outside } = await linkedRepo(rel);
      expect((await repo.run(['log', 'keep me'])).code).toBe(0);
      const before = { outside: tree(outside), head: repo.git('rev-parse', 'HEAD'), status: repo.git('status', '--porcelain') };
      const r = await repo.run(['end', '--summary', summary]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`${rel} is a symbolic link (to ${outside}); git-memory does not read or write memory through symbolic links`);
      expect(tree(outside)).toEqual(before.outside);
      expect(repo.git('rev-parse', 'HEAD')).toBe(before.head);
      expect(repo.git('status', '--porcelain')).toBe(before.status);
      expect(peekSpool(join(repo.dir, '.git', 'git-memory')).map((e) => e.type === 'log' && e.text)).toEqual(['keep me']);
    });
  }

  it('the primer does not read sessions from a linked journal, nor write PRIMER.md through a linked memory directory', async () => {
    const { repo, outside } = await linkedRepo('.openclaw_memory');
    mkdirSync(join(outside, 'journal', DAY), { recursive: true });
    writeFileSync(
      join(outside, 'journal', DAY, '1200-agent-abcdef.md'),
      `---\nsession: 20261122-1200-abcdef\ndate: ${DAY}\ntime: "12:00"\nagent: agent\n---\n\n## Session 12:00\n\n### Request\nOUTSIDE-SECRET-PLAN\n\n### Next steps\n- OUTSIDE-SECRET-PLAN\n`,
    );
    const before = tree(outside);
    const r = await repo.run(['primer']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('OUTSIDE-SECRET-PLAN');
    expect(r.stderr).toContain('.openclaw_memory is a symbolic link');
    expect(r.stderr).toContain('.openclaw_memory/PRIMER.md not written');
    expect(tree(outside)).toEqual(before);
  });

  it('search does not index sessions from a linked day folder', async () => {
    const { repo, outside } = await linkedRepo(`.openclaw_memory/journal/${DAY}`);
    writeFileSync(
      join(outside, '1200-agent-abcdef.md'),
      `---\nsession: 20261122-1200-abcdef\ndate: ${DAY}\ntime: "12:00"\nagent: agent\n---\n\n## Session 12:00\n\n### Request\nOutsideplan zebra\n`,
    );
    const r = await repo.run(['search', 'zebra', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('abcdef');
  });

  it('a linked TASKS.md is neither read into the primer nor updated', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const outside = join(tempDir('gm-outside-'), 'TASKS.md');
    writeFileSync(outside, repo.read('.openclaw_memory/TASKS.md').replace(/\n*$/, '\n\n- [ ] OUTSIDE-TASK\n'));
    rmSync(join(repo.dir, '.openclaw_memory/TASKS.md'));
    symlinkSync(outside, join(repo.dir, '.openclaw_memory/TASKS.md'));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'link TASKS.md outside');
    const before = readFileSync(outside, 'utf8');

    const primer = await repo.run(['primer']);
    expect(primer.code, primer.stderr).toBe(0);
    expect(primer.stdout).not.toContain('OUTSIDE-TASK');
    expect(primer.stderr).toContain('.openclaw_memory/TASKS.md is a symbolic link');

    const add = await repo.run(['tasks', 'add', 'New task']);
    expect(add.code).toBe(1);
    expect(add.stderr).toContain('.openclaw_memory/TASKS.md is a symbolic link');
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'x', tasks: [{ task: 'New task', status: 'todo' }] })]);
    expect(end.code).toBe(1);
    expect(readFileSync(outside, 'utf8')).toBe(before);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('a linked MEMORY.md is neither shown by view nor read by forget', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const outside = join(tempDir('gm-outside-'), 'MEMORY.md');
    writeFileSync(outside, '# Long-term memory\n\n## Conventions\n- OUTSIDE-FACT the root password is in ~/notes\n');
    symlinkSync(outside, join(repo.dir, '.openclaw_memory/MEMORY.md'));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'link MEMORY.md outside');
    const before = readFileSync(outside, 'utf8');

    const view = await repo.run(['view', '--out', 'page.html']);
    expect(view.code, view.stderr).toBe(0);
    expect(repo.read('page.html')).not.toContain('OUTSIDE-FACT');
    expect(view.stderr).toContain('.openclaw_memory/MEMORY.md not shown: .openclaw_memory/MEMORY.md is a symbolic link');

    const forget = await repo.run(['forget', 'root password']);
    expect(forget.code).toBe(1);
    expect(forget.stdout + forget.stderr).not.toContain('OUTSIDE-FACT');
    expect(forget.stderr).toContain('.openclaw_memory/MEMORY.md is a symbolic link');
    expect(readFileSync(outside, 'utf8')).toBe(before);
    expect(repo.git('status', '--porcelain')).toBe('?? page.html\n');
  });

  it('lint reports a committed link in memory, where every reader skips it silently', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const outside = join(tempDir('gm-outside-'), 'session.md');
    writeFileSync(outside, 'OUTSIDE-TEXT\n');
    mkdirSync(join(repo.dir, `.openclaw_memory/journal/${DAY}`), { recursive: true });
    symlinkSync(outside, join(repo.dir, `.openclaw_memory/journal/${DAY}/1200-agent-abcdef.md`));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'link a session outside');
    const r = await repo.run(['lint']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`.openclaw_memory/journal/${DAY}/1200-agent-abcdef.md is a symbolic link (to ${outside})`);
    expect(r.stdout + r.stderr).not.toContain('OUTSIDE-TEXT');
  });

  it("init --agent aider does not edit the file outside that a linked .openclaw_memory/AIDER.md names", async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const outside = join(tempDir('gm-outside-'), 'notes.md');
    writeFileSync(outside, '# my own notes\n');
    symlinkSync(outside, join(repo.dir, '.openclaw_memory/AIDER.md'));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'link AIDER.md outside');
    const r = await repo.run(['init', '--no-hooks', '--agent', 'aider']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`.openclaw_memory/AIDER.md is a symbolic link (to ${outside})`);
    expect(readFileSync(outside, 'utf8')).toBe('# my own notes\n');
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it("a task change during a merge is not held on a linked TASKS.md's conflict markers", async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const outside = join(tempDir('gm-outside-'), 'TASKS.md');
    writeFileSync(outside, '---\nupdated: 2026-11-22\n---\n\n<<<<<<< HEAD\n- [ ] OUTSIDE-TASK one <!-- t-aaaa -->\n=======\n- [ ] OUTSIDE-TASK two <!-- t-bbbb -->\n>>>>>>> other\n');
    rmSync(join(repo.dir, '.openclaw_memory/TASKS.md'));
    symlinkSync(outside, join(repo.dir, '.openclaw_memory/TASKS.md'));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'link TASKS.md outside');
    writeFileSync(join(repo.dir, '.git', 'MERGE_HEAD'), `${repo.git('rev-parse', 'HEAD').trim()}\n`);
    const add = await repo.run(['tasks', 'add', 'New task']);
    expect(add.code).toBe(1);
    expect(add.stderr).toContain('.openclaw_memory/TASKS.md is a symbolic link');
    expect(readdirSync(join(repo.dir, '.git', 'git-memory')).join(' ')).not.toContain('tasks-waiting');
  });

  it('init refuses a linked journal before making anything', async () => {
    const repo = makeRepo({ now: NOW });
    const outside = tempDir('gm-outside-');
    mkdirSync(join(repo.dir, '.openclaw_memory'));
    symlinkSync(outside, join(repo.dir, '.openclaw_memory/journal'));
    const r = await repo.run(['init', '--no-hooks']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('.openclaw_memory/journal is a symbolic link');
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(join(repo.dir, '.openclaw_memory'))).toEqual(['journal']);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('?? .openclaw_memory/journal\n');
  });
});
