import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, makeMemoryRepo, makeRepo, stopInConflictingRebase, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';
const summary = {
  request: 'Implement user authentication',
  learned: ['JWT + refresh token: 15 min access / 7 day refresh'],
  completed: ['Login endpoint'],
  next_steps: ['Logout'],
};

function sessionFiles(repo: TestRepo): string[] {
  const root = join(repo.dir, '.openclaw_memory', 'journal');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((d) => readdirSync(join(root, d)).map((f) => `${d}/${f}`));
}

/** Everything under .git and the work tree that a failed command must not have changed. */
function snapshot(repo: TestRepo): string {
  return [repo.git('status', '--porcelain=v1', '--untracked-files=all', '--ignored'), repo.git('rev-parse', 'HEAD'), repo.git('diff', '--cached'), repo.git('diff')].join('\n---\n');
}

/** A repository with git-memory set up and committed: made once for the file, copied per test. */
/** How many `end` processes the concurrency test starts at once. */
const PARALLEL = 8;

const initRepo = fixture(() => makeMemoryRepo({ now: NOW, until: 'file' }));

describe('git memory end', () => {
  it('writes the session, commits only memory paths, and leaves staged and unstaged work byte-for-byte', async () => {
    const repo = await initRepo();
    repo.commit('Add app', { 'app.js': 'one\n', 'lib.js': 'lib\n' });
    repo.write('app.js', 'one\ntwo staged\n');
    repo.git('add', 'app.js');
    repo.write('app.js', 'one\ntwo staged\nthree unstaged\n');
    repo.write('new.txt', 'untracked\n');
    repo.write('lib.js', 'lib changed, not staged\n');
    const before = { cached: repo.git('diff', '--cached', '--binary'), worktree: repo.git('diff', '--binary'), status: repo.git('status', '--porcelain') };

    const r = await repo.run(['end', '--summary', JSON.stringify(summary), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.session.path).toMatch(/^\.openclaw_memory\/journal\/2026-11-22\/1430-agent-[0-9a-f]{6}\.md$/);
    expect(data.commit.sha).toMatch(/^[0-9a-f]{40}$/);

    expect(repo.git('diff', '--cached', '--binary')).toBe(before.cached);
    expect(repo.git('diff', '--binary')).toBe(before.worktree);
    expect(repo.git('status', '--porcelain')).toBe(before.status);
    expect(repo.git('show', '--name-only', '--format=%s', 'HEAD').trim().split('\n')).toEqual(['memory: Implement user authentication', '', data.session.path]);
    const text = repo.git('show', `HEAD:${data.session.path}`);
    expect(text).toContain('### Request\nImplement user authentication');
    expect(text).toContain('author: Jane Doe <jane@example.com>');
    expect(text).toContain('branch: main');
  });

  it('reads an author whose name holds a long run of blanks in linear time', async () => {
    // git's ident "Name <email> <seconds> <zone>" lost its date through a pattern tried from every
    // blank: quadratic in a run of blanks inside user.name (minutes for this one, at every end,
    // before the session's size cap said no).
    const repo = await initRepo();
    // Written into the config file: one command-line argument holds at most 128 KiB.
    appendFileSync(join(repo.dir, '.git', 'config'), `[user]\n\tname = "Jane${' '.repeat(300_000)}Doe"\n`);
    const refused = await repo.run(['end', '--summary', JSON.stringify(summary)]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/the session would be \d+ bytes; a session is capped at 16384/);
    const name = `Jane${' '.repeat(8_000)}Doe`;
    repo.git('config', '--replace-all', 'user.name', name);
    const r = await repo.run(['end', '--summary', JSON.stringify(summary), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const text = repo.git('show', `HEAD:${JSON.parse(r.stdout).session.path}`);
    expect(text).toContain(`author: ${name} <jane@example.com>\n`);
  }, 20_000);

  it('reads the summary from stdin and from a file', async () => {
    const repo = await initRepo();
    expect((await repo.run(['end', '--summary', '-'], { stdin: JSON.stringify(summary) })).code).toBe(0);
    writeFileSync(join(repo.dir, 'summary.json'), JSON.stringify({ request: 'Second' }));
    expect((await repo.run(['end', '--summary-file', 'summary.json'])).code).toBe(0);
    expect(sessionFiles(repo)).toHaveLength(2);
  });

  it('folds the spool: logged items and hook-recorded commits go into the session, once', async () => {
    const repo = await initRepo();
    expect((await repo.run(['log', 'Redis holds the token blacklist'])).code).toBe(0);
    expect((await repo.run(['log', '--kind', 'decision', 'Access tokens live 15 minutes'])).code).toBe(0);
    const sha = repo.commit('Add login endpoint', { 'login.js': 'x\n' });
    const hook = repo.exec(['hook', 'post-commit']);
    expect(hook.code).toBe(0);
    const r = await repo.run(['end', '--summary', JSON.stringify(summary), '--json']);
    const text = repo.read(JSON.parse(r.stdout).session.path);
    expect(text).toContain('### Learned\n- Redis holds the token blacklist\n- JWT');
    expect(text).toContain('### Decisions\n- Access tokens live 15 minutes');
    // The full id: an abbreviated one names several objects in a large history (issue 28).
    expect(text).toContain(`### Commits\n- ${sha.trim()} Add login endpoint`);
    // the spool is consumed: the next session does not repeat them
    const r2 = await repo.run(['end', '--summary', '{"request":"Next"}', '--json']);
    expect(repo.read(JSON.parse(r2.stdout).session.path)).not.toContain('Redis');
  });

  it('updates tasks with stable ids and rebuilds the primer', async () => {
    const repo = await initRepo();
    const tasks = [{ task: 'Implement registration', status: 'in_progress', progress: 'db model' }, { task: 'Logout' }];
    const r = await repo.run(['end', '--summary', JSON.stringify({ ...summary, tasks }), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const first = JSON.parse(r.stdout).tasks;
    expect(first.map((t: { change: string }) => t.change)).toEqual(['added', 'added']);
    const r2 = await repo.run(['end', '--summary', JSON.stringify({ request: 'More', tasks: [{ task: 'implement  Registration', status: 'done' }] }), '--json']);
    const second = JSON.parse(r2.stdout).tasks;
    expect(second).toEqual([{ id: first[0].id, task: 'Implement registration', change: 'updated' }]);
    const tasksMd = repo.git('show', 'HEAD:.openclaw_memory/TASKS.md');
    expect(tasksMd).toContain(`- [x] Implement registration <!-- ${first[0].id} 2026-11-22T14:30 -->`);
    expect(tasksMd).toContain(`- [ ] Logout <!-- ${first[1].id}`);
    const primer = repo.read('.openclaw_memory/PRIMER.md');
    expect(primer).toContain('Logout');
    expect(primer).not.toContain('Implement registration (');
  });

  it('works on an unborn branch and on a detached HEAD', async () => {
    const unborn = makeRepo({ initialCommit: false, now: NOW });
    expect((await unborn.run(['init', '--no-hooks'])).code).toBe(0);
    const r = await unborn.run(['end', '--summary', JSON.stringify(summary)]);
    expect(r.code, r.stderr).toBe(0);
    expect(unborn.git('log', '--format=%s').trim()).toBe('memory: Implement user authentication');
    expect(unborn.git('status', '--porcelain', '--', '.openclaw_memory')).toBe('');

    const detached = await initRepo();
    detached.git('checkout', '-q', '--detach', 'HEAD');
    const head = detached.git('rev-parse', 'HEAD').trim();
    expect((await detached.run(['end', '--summary', JSON.stringify(summary)])).code).toBe(0);
    expect(detached.git('rev-parse', 'HEAD^').trim()).toBe(head);
    expect(detached.git('rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('HEAD');
  });

  it('during a rebase writes the files, commits nothing, and the rebase continues', async () => {
    const repo = await initRepo();
    stopInConflictingRebase(repo);
    const head = repo.git('rev-parse', 'HEAD').trim();

    const r = await repo.run(['end', '--summary', JSON.stringify(summary), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.commit).toBeNull();
    expect(data.waiting).toBe('rebase');
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(head);
    expect(existsSync(join(repo.dir, data.session.path))).toBe(true);

    repo.write('f.txt', 'resolved\n');
    repo.git('add', 'f.txt');
    repo.git('-c', 'core.editor=true', 'rebase', '--continue');
    expect(repo.git('log', '-1', '--format=%s').trim()).toBe('topic change');
    expect(repo.read('f.txt')).toBe('resolved\n');

    const c = await repo.run(['commit', '--json']);
    expect(c.code, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout).commit.paths).toContain(data.session.path);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  // Eight, not sixteen: eight processes started together on two cores already race for the
  // worktree's lock and git's index lock as sixteen did, and each further one only added ~0.5 s of
  // processor time to the suite.
  it('8 processes at once: 8 sessions, all committed, clean status, no lock or temp file left', async () => {
    const repo = await initRepo();
    const { spawn } = await import('node:child_process');
    const { BIN } = await import('../helpers/repo.js');
    const runs = Array.from({ length: PARALLEL }, (_, i) =>
      new Promise<{ code: number | null; err: string }>((resolve) => {
        const p = spawn(process.execPath, [BIN, 'end', '--summary', JSON.stringify({ request: `Parallel session ${i}`, completed: [`Item ${i}`] })], { cwd: repo.dir, env: repo.env });
        let err = '';
        p.stderr.on('data', (d) => (err += d));
        p.on('close', (code) => resolve({ code, err }));
      }),
    );
    const results = await Promise.all(runs);
    for (const r of results) expect(r.code, r.err).toBe(0);
    expect(sessionFiles(repo)).toHaveLength(PARALLEL);
    const committed = repo.git('ls-tree', '-r', '--name-only', 'HEAD', '.openclaw_memory/journal').trim().split('\n');
    expect(committed).toHaveLength(PARALLEL);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
    const state = join(repo.dir, '.git', 'git-memory');
    expect(existsSync(join(state, 'lock'))).toBe(false);
    expect(existsSync(join(state, 'tmp')) ? readdirSync(join(state, 'tmp')) : []).toEqual([]);
    expect(existsSync(join(repo.dir, '.git', 'index.lock'))).toBe(false);
  });
});

describe('bad input is refused with exit 2 and nothing written', () => {
  const cases: [string, string[] | (() => string[]), RegExp][] = [
    ['malformed JSON', ['--summary', '{"request": '], /not valid JSON/],
    ['not an object', ['--summary', '["a"]'], /must be a JSON object/],
    ['missing request', ['--summary', '{"learned":["x"]}'], /request: required/],
    ['wrong types', ['--summary', '{"request":"x","learned":"not a list","tasks":[{"task":"t","status":"later"}]}'], /learned: must be an array of strings[\s\S]*tasks\[0\]\.status: must be one of/],
    ['unknown keys', ['--summary', '{"request":"x","mood":"great"}'], /mood: unknown key/],
    ['more than 64 KB', () => ['--summary', JSON.stringify({ request: 'x'.repeat(70_000) })], /limit is 65536/],
    ['no summary at all', [], /exactly one of --summary/],
    ['both summary forms', ['--summary', '{}', '--summary-file', 'x.json'], /exactly one of --summary/],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const repo = await initRepo();
    const before = snapshot(repo);
    const r = await repo.run(['end', ...(typeof args === 'function' ? args() : args)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(snapshot(repo)).toBe(before);
    expect(sessionFiles(repo)).toEqual([]);
  });

  it('shows the expected shape', async () => {
    const repo = await initRepo();
    const r = await repo.run(['end', '--summary', '{"request": 1}']);
    expect(r.stderr).toContain('"next_steps": ["what to do next"]');
  });

  it('refuses invalid UTF-8 on stdin', async () => {
    const repo = await initRepo();
    const before = snapshot(repo);
    const bad = Buffer.concat([Buffer.from('{"request":"caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const r = await repo.run(['end', '--summary', '-'], { stdin: bad });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not valid UTF-8/);
    expect(snapshot(repo)).toBe(before);
  });

  it('refuses a summary holding a secret with exit 3, the value masked, nothing written', async () => {
    const repo = await initRepo();
    const before = snapshot(repo);
    const key = ['AKIA', 'Z7QK3W9N2R5T8YVX'].join('');
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'Deploy', learned: [`prod key is ${key}`] })]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/refused to write .*\.md/);
    expect(r.stderr).not.toContain(key);
    expect(snapshot(repo)).toBe(before);
    expect(sessionFiles(repo)).toEqual([]);
  });

  it('in redact mode writes the session with the value replaced', async () => {
    const repo = await initRepo();
    repo.write('.openclaw_memory.toml', '[secrets]\nmode = "redact"\n');
    const key = ['AKIA', 'Z7QK3W9N2R5T8YVX'].join('');
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'Deploy', learned: [`prod key is ${key}`] }), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const text = repo.read(JSON.parse(r.stdout).session.path);
    expect(text).not.toContain(key);
    expect(text).toMatch(/\[REDACTED:[^\]]+\]/);
  });

  it('reports a corrupt TASKS.md with its path and never rewrites it', async () => {
    const repo = await initRepo();
    const corrupt = '---\nupdated: 2026-11-22\n---\n\nThis is not a task list\n';
    repo.write('.openclaw_memory/TASKS.md', corrupt);
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'x', tasks: [{ task: 'A' }] })]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('.openclaw_memory/TASKS.md');
    expect(repo.read('.openclaw_memory/TASKS.md')).toBe(corrupt);
    expect(sessionFiles(repo)).toEqual([]);
  });

  it('outside a git repository: exit 1 with one clear line', async () => {
    const { tempDir, BIN, testEnv } = await import('../helpers/repo.js');
    const { spawnSync } = await import('node:child_process');
    const dir = tempDir();
    const r = spawnSync(process.execPath, [BIN, 'end', '--summary', '{"request":"x"}'], { cwd: dir, env: testEnv(), encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: not a git repository/);
  });
});

void readFileSync;

describe('first session after init', () => {
  it('commits the new config and skeleton with the session, and keeps PRIMER.md out', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const r = await repo.run(['end', '--summary', JSON.stringify(summary), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const files = repo.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort();
    expect(files).toEqual(['.openclaw_memory.toml', '.openclaw_memory/.gitattributes', '.openclaw_memory/.gitignore', '.openclaw_memory/TASKS.md', JSON.parse(r.stdout).session.path].sort());
    expect(existsSync(join(repo.dir, '.openclaw_memory/PRIMER.md'))).toBe(true);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('leaves later edits of a tracked config to the user', async () => {
    const repo = await initRepo();
    repo.write('.openclaw_memory.toml', '[primer]\ndays = 5\n');
    const r = await repo.run(['end', '--summary', JSON.stringify(summary), '--json']);
    expect(JSON.parse(r.stdout).commit.paths).not.toContain('.openclaw_memory.toml');
    expect(repo.git('status', '--porcelain')).toBe(' M .openclaw_memory.toml\n');
  });
});
