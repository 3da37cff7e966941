// A project whose own ignore rules hide the memory folder: a `.*` line in its .gitignore (dot files
// are editor and tool state there), or a global excludes file. `git add .openclaw_memory` refuses
// then, and git-memory's commits left every ignored new file out: the session files (written by
// `end`, added by name) were committed, but never the config, TASKS.md (`tasks add` said "committed
// with the next end"), the folder's .gitignore or .gitattributes. The team got sessions without
// tasks or config. Now they are committed; the memory folder's own ignores (PRIMER.md) still hold.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';

const tree = (repo: TestRepo) => repo.git('ls-tree', '-r', '--name-only', 'HEAD').split('\n').filter(Boolean);

async function hiddenRepo(env: Record<string, string> = {}): Promise<TestRepo> {
  const repo = makeRepo({ now: '2026-11-20T09:00:00Z' });
  if (!env.GIT_CONFIG_GLOBAL) repo.commit('Ignore dot files', { '.gitignore': '.*\n!.gitignore\n' });
  return repo;
}

describe('memory hidden by a project ignore rule', () => {
  it('.* in .gitignore: tasks and end commit TASKS.md, the config and the folder files; PRIMER.md stays out; staged work untouched', async () => {
    const repo = await hiddenRepo();
    const init = await repo.run(['init', '--no-hooks']);
    expect(init.code, init.stderr).toBe(0);
    expect(spawnSync('git', ['add', '.openclaw_memory'], { cwd: repo.dir, env: repo.env, encoding: 'utf8' }).stderr).toContain('ignored');
    repo.write('staged.txt', 'mine\n');
    repo.git('add', 'staged.txt');
    const add = await repo.run(['tasks', 'add', 'Write the lexer']);
    expect(add.code, add.stderr).toBe(0);
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Write the parser', learned: ['The parser is hand-written'] })]);
    expect(end.code, end.stderr).toBe(0);
    const files = tree(repo);
    for (const f of ['.openclaw_memory.toml', '.openclaw_memory/TASKS.md', '.openclaw_memory/.gitignore', '.openclaw_memory/.gitattributes']) expect(files, f).toContain(f);
    expect(files.some((f) => f.startsWith('.openclaw_memory/journal/2026-11-20/'))).toBe(true);
    expect(files).not.toContain('.openclaw_memory/PRIMER.md');
    expect(repo.git('show', 'HEAD:.openclaw_memory/TASKS.md')).toContain('Write the lexer');
    expect(repo.git('diff', '--cached', '--name-only')).toBe('staged.txt\n');
    expect(files).not.toContain('staged.txt');
    // A later task goes the same way (the file is tracked now).
    await repo.run(['tasks', 'add', 'Write the printer']);
    expect((await repo.run(['commit'])).code).toBe(0);
    expect(repo.git('show', 'HEAD:.openclaw_memory/TASKS.md')).toContain('Write the printer');
  });

  it('a global excludes file hiding .openclaw_memory*: `git memory commit` commits what init wrote', async () => {
    const excludes = join(tempDir('gm-excludes-'), 'ignore');
    writeFileSync(excludes, '.openclaw_memory*\n');
    const gitconfig = join(tempDir('gm-gitconfig-'), 'gitconfig');
    writeFileSync(gitconfig, `[core]\n\texcludesFile = ${excludes}\n`);
    const repo = await hiddenRepo({ GIT_CONFIG_GLOBAL: gitconfig });
    // The built binary: its git processes see the global config.
    const env = { GIT_CONFIG_GLOBAL: gitconfig };
    expect(repo.exec(['init', '--no-hooks'], { env }).code).toBe(0);
    const commit = repo.exec(['commit'], { env });
    expect(commit.code, commit.stderr).toBe(0);
    expect(tree(repo)).toEqual(expect.arrayContaining(['.openclaw_memory.toml', '.openclaw_memory/TASKS.md', '.openclaw_memory/.gitignore']));
  });

  it('a line of the memory folder\'s own .gitignore is kept (git reads it not, the folder being hidden): a file it names is not committed', async () => {
    const repo = await hiddenRepo();
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    repo.write('.openclaw_memory/.gitignore', `${repo.read('.openclaw_memory/.gitignore')}scratch.md\n`);
    repo.write('.openclaw_memory/scratch.md', 'notes\n');
    expect((await repo.run(['commit'])).code).toBe(0);
    expect(tree(repo)).not.toContain('.openclaw_memory/scratch.md');
    expect(tree(repo)).toContain('.openclaw_memory/TASKS.md');
  });
});
