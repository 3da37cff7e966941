// `git memory end` in a handful of git processes, none of which walks the whole memory folder
// (issue 12, item 2). A `git` wrapper first on PATH logs every git process the built binary starts.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loggingGit, type GitCalls } from '../helpers/git-calls.js';
import { BIN, makeMemoryRepo, makeRepo, stopInConflictingRebase, tempDir, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';
const summary = (request: string) => JSON.stringify({ request, learned: ['Tokens expire after an hour'], completed: ['Login endpoint'], next_steps: ['Logout'], tasks: [{ task: 'Implement login', status: 'in_progress', progress: 'endpoint done' }] });

function endWithLog(repo: TestRepo, g: GitCalls, request: string, now = NOW) {
  g.clear();
  const r = repo.exec(['end', '--summary', summary(request), '--json'], { env: { PATH: `${g.path}:${repo.env.PATH}`, GIT_MEMORY_NOW: now } });
  expect(r.code, r.stderr).toBe(0);
  return { data: JSON.parse(r.stdout), calls: g.calls() };
}

/**
 * What no git process of `end` may do: look at the whole memory folder or all of HEAD. `add
 * --refresh` of the committed files (their index entries' stat data, see index-swap.ts) stats
 * those files only.
 */
function expectNarrow(calls: string[][]): void {
  for (const c of calls) {
    const [name, ...args] = c[0] === '--literal-pathspecs' ? c.slice(1) : c;
    if (name === 'add' && args[0] === '--refresh') continue;
    expect(['read-tree', 'write-tree', 'add', 'reset', 'ls-files', 'log'], c.join(' ')).not.toContain(name);
    const status = c.indexOf('status');
    if (status < 0) continue;
    const paths = c.slice(c.indexOf('--') + 1);
    expect(paths).not.toContain('.openclaw_memory');
    expect(paths).not.toContain('.openclaw_memory/journal');
  }
}

describe('end in a handful of git processes', () => {
  it('after a session start: at most 8, none over the whole memory folder, and the commit is whole', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.commit('Add the login endpoint', { 'src/login.ts': 'export {};\n' });
    const g = loggingGit();
    expect(repo.exec(['primer'], { env: { PATH: `${g.path}:${repo.env.PATH}` } }).code).toBe(0);
    const { data, calls } = endWithLog(repo, g, 'Add login');
    const names = calls.map((c) => (c[0] === '--literal-pathspecs' ? c[1] : c[0]));
    expect(names.length, names.join(', ')).toBeLessThanOrEqual(8);
    expect(names.filter((n) => n === 'rev-parse')).toHaveLength(0); // the session start holds the base
    expectNarrow(calls);
    expect(data.commit.paths.sort()).toEqual([data.session.path, '.openclaw_memory/TASKS.md'].sort());
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('ends one after another (no session start between): at most 8 each once the primer\'s log is kept', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const g = loggingGit();
    // The first asks git for the log and HEAD's abbreviation; the log is then kept for each new HEAD.
    expect(endWithLog(repo, g, 'Session 0').calls.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < 4; i++) {
      const { calls } = endWithLog(repo, g, `Session ${i}`);
      expect(calls.length, calls.map((c) => c[0]).join(', ')).toBeLessThanOrEqual(8);
      expect(calls.filter((c) => c[0] === 'rev-parse')).toHaveLength(0);
      expectNarrow(calls);
    }
    expect(repo.git('rev-list', '--count', 'HEAD').trim()).toBe('6');
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
    // The base is HEAD, as a full id (an abbreviated one is ambiguous in a large history: issue 28).
    const last = repo.git('show', 'HEAD:' + repo.git('show', '--name-only', '--format=', 'HEAD').split('\n').find((p) => p.includes('/journal/'))!);
    const base = repo.git('rev-parse', 'HEAD^').trim();
    expect(last).toMatch(new RegExp(`^base: "?${base}"?$`, 'm'));
  });

  it('reads HEAD\'s trees from loose objects, without git, and asks git once they are packed', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const g = loggingGit();
    endWithLog(repo, g, 'Session 0');
    const { calls } = endWithLog(repo, g, 'Session 1');
    expect(calls.map((c) => c[0])).not.toContain('cat-file');
    expect(calls.length, calls.map((c) => c[0]).join(', ')).toBeLessThanOrEqual(7);
    repo.git('gc', '-q');
    const packed = endWithLog(repo, g, 'Session 2');
    expect(packed.calls.map((c) => c[0])).toContain('cat-file');
    expect(packed.data.commit.paths).toContain(packed.data.session.path);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(repo.git('fsck', '--no-dangling', '--connectivity-only')).toBe('');
  });

  it('the commit holds the tree `git add` of the same paths gives', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const parent = repo.git('rev-parse', 'HEAD').trim();
    const g = loggingGit();
    const { data } = endWithLog(repo, g, 'Compare trees');
    const index = join(tempDir('gm-index-'), 'index');
    const env = { ...repo.env, GIT_INDEX_FILE: index };
    const git = (args: string[], input?: string) => execFileSync('git', args, { cwd: repo.dir, env, input, encoding: 'utf8' });
    git(['read-tree', parent]);
    git(['add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], data.commit.paths.join('\0'));
    expect(repo.git('rev-parse', 'HEAD^{tree}').trim()).toBe(git(['write-tree']).trim());
  });
});

describe('the commit object', () => {
  it('is written by node with exactly the bytes `git commit-tree` writes, and no mktree or commit-tree runs', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const g = loggingGit();
    endWithLog(repo, g, 'Session 0');
    const { calls } = endWithLog(repo, g, 'Session 1: naïve café ✓');
    const names = calls.map((c) => (c[0] === '--literal-pathspecs' ? c[1] : c[0]));
    for (const n of ['hash-object', 'mktree', 'commit-tree']) expect(names).not.toContain(n);
    expect(names.length, names.join(', ')).toBeLessThanOrEqual(5);
    // One look for pending changes: the entry point's, which end takes over (one it could not use would make two).
    expect(names.filter((n) => n === 'status')).toHaveLength(1);
    // git writes the same commit from the same tree, parent, message and dates.
    const raw = repo.git('cat-file', 'commit', 'HEAD');
    const date = (who: string) => new RegExp(`^${who} .*> (\\d+ [+-]\\d{4})$`, 'm').exec(raw)![1]!;
    const message = raw.slice(raw.indexOf('\n\n') + 2);
    const again = execFileSync('git', ['commit-tree', repo.git('rev-parse', 'HEAD^{tree}').trim(), '-p', repo.git('rev-parse', 'HEAD^').trim(), '-F', '-'], {
      cwd: repo.dir,
      env: { ...repo.env, GIT_AUTHOR_DATE: date('author'), GIT_COMMITTER_DATE: date('committer') },
      input: message,
      encoding: 'utf8',
    }).trim();
    expect(again).toBe(repo.git('rev-parse', 'HEAD').trim());
    expect(message).toContain('Session 1: naïve café ✓');
    expect(repo.git('fsck', '--strict', '--no-dangling')).toBe('');
  });

  it('leaves the files to git where it would not store their bytes as they are: a clean filter, line endings, an encoding', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const g = loggingGit();
    // A clean filter on memory files: stored upper-cased, as `git add` stores them.
    repo.git('config', 'filter.upper.clean', 'tr a-z A-Z');
    repo.git('config', 'filter.upper.smudge', 'cat');
    repo.write('.gitattributes', '.openclaw_memory/journal/** filter=upper\n');
    repo.git('add', '.gitattributes');
    repo.git('commit', '-q', '-m', 'attributes');
    const filtered = endWithLog(repo, g, 'Filtered');
    expect(filtered.calls.map((c) => c[0])).toContain('hash-object');
    expect(repo.git('show', `HEAD:${filtered.data.session.path}`)).toContain('REQUEST');
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');

    // A pending memory file with CRLF line endings, core.autocrlf = input: stored with LF.
    const crlf = await makeMemoryRepo({ now: NOW });
    crlf.git('config', 'core.autocrlf', 'input');
    crlf.write('.openclaw_memory/NOTES.md', '# Notes\r\nline\r\n');
    const eol = endWithLog(crlf, g, 'Line endings');
    expect(eol.data.also).toEqual(['.openclaw_memory/NOTES.md']);
    expect(eol.calls.map((c) => c[0])).toContain('hash-object');
    expect(crlf.git('show', 'HEAD:.openclaw_memory/NOTES.md')).toBe('# Notes\nline\n');

    // An attributes file naming a working-tree encoding: git decides what is stored.
    const enc = await makeMemoryRepo({ now: NOW });
    enc.write('.openclaw_memory/journal/.gitattributes', '*.txt working-tree-encoding=UTF-16\n');
    expect(endWithLog(enc, g, 'Encoding').calls.map((c) => c[0])).toContain('hash-object');
  });

  it('in a SHA-256 repository, leaves every object to git', async () => {
    const repo = makeRepo({ initialCommit: false }); // for its environment
    const fresh = tempDir('gm-sha256-');
    execFileSync('git', ['init', '-q', '--object-format=sha256', fresh], { env: repo.env });
    const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: fresh, env: { ...repo.env, GIT_MEMORY_NOW: NOW }, encoding: 'utf8' });
    const git = (...args: string[]) => execFileSync('git', args, { cwd: fresh, env: repo.env, encoding: 'utf8' });
    git('commit', '-q', '--allow-empty', '-m', 'init');
    expect(run(['init', '--no-hooks']).status).toBe(0);
    git('add', '-A');
    git('commit', '-q', '-m', 'Set up git-memory');
    const r = run(['end', '--summary', summary('On SHA-256'), '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).commit.sha).toMatch(/^[0-9a-f]{64}$/);
    expect(git('fsck', '--strict', '--no-dangling')).toBe('');
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('');
    // No object under a SHA-1 name (git would not even see it).
    const objects = join(fresh, '.git', 'objects');
    const names = readdirSync(objects).filter((d) => /^[0-9a-f]{2}$/.test(d)).flatMap((d) => readdirSync(join(objects, d)));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => n.length !== 62)).toEqual([]);
  });

  it('goes through git where the identity would be git\'s guess; git refusing it leaves the session written and waiting', async () => {
    const g = loggingGit();
    // No email configured or in the environment: git decides (here it refuses, as for any commit).
    const bare = await makeMemoryRepo({ now: NOW });
    bare.git('config', '--unset', 'user.email');
    bare.git('config', 'user.useConfigOnly', 'true');
    const env = { PATH: `${g.path}:${bare.env.PATH}`, GIT_MEMORY_NOW: NOW, GIT_AUTHOR_EMAIL: undefined, GIT_COMMITTER_EMAIL: undefined, EMAIL: undefined } as Record<string, string | undefined>;
    g.clear();
    const r = bare.exec(['end', '--summary', summary('No identity'), '--json'], { env: env as Record<string, string> });
    expect(g.calls().map((c) => c[0])).toContain('commit-tree');
    // The files are written: not an error saying nothing was, but the commit waiting, with git's reason.
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d).toMatchObject({ commit: null, waiting: 'failed' });
    expect(d.error).toMatch(/email|identity/i);
    expect(bare.read(d.session.path)).toContain('No identity');
    expect(bare.git('log', '--format=%s', '-1')).toBe('Set up git-memory\n');

    const text = bare.exec(['end', '--summary', summary('Still no identity')], { env: env as Record<string, string> });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/not committed: .*(email|identity)/i);
    expect(text.stdout).toContain('run `git memory commit` once that is fixed');

    bare.git('config', 'user.email', 'jane@example.com');
    const c = bare.exec(['commit', '--json'], { env: env as Record<string, string> });
    expect(c.code, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout).commit.paths).toContain(d.session.path);
    expect(bare.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });
});

describe('pending memory changes end looks for', () => {
  it('a session an end could not commit (a rebase) is committed by the next end, days later', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    stopInConflictingRebase(repo);
    const g = loggingGit();
    const first = endWithLog(repo, g, 'During the rebase');
    expect(first.data.waiting).toBe('rebase');
    repo.git('rebase', '--abort');

    const later = endWithLog(repo, g, 'Two days later', '2026-11-24T10:00:00');
    expect(later.data.commit.paths).toContain(first.data.session.path);
    expect(later.data.also).toContain(first.data.session.path);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(readdirSync(join(repo.dir, '.git', 'git-memory'))).not.toContain('memory-pending.json');
  });

  it('a hand edit of an older day is left to `git memory commit`; the config, TASKS.md and today are looked at', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const g = loggingGit();
    const old = endWithLog(repo, g, 'An older session', '2026-11-20T09:00:00').data.session.path as string;
    repo.write(old, `${repo.read(old)}\nEdited by hand.\n`);
    repo.write('.openclaw_memory/NOTES.md', '# Notes\n');
    const { data } = endWithLog(repo, g, 'Today');
    expect(data.also).toEqual(['.openclaw_memory/NOTES.md']);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe(` M ${old}\n`);
    const c = await repo.run(['commit', '--json']);
    expect(c.code, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout).commit.paths).toEqual([old]);
  });
});

describe('the look for pending changes started by the entry point', () => {
  it('is the one end makes, from the root; from a folder below, end makes its own, and both find what is pending', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const g = loggingGit();
    repo.write('.openclaw_memory/NOTES.md', '# Notes\n');
    const root = endWithLog(repo, g, 'From the root');
    expect(root.data.also).toEqual(['.openclaw_memory/NOTES.md']);
    expect(root.calls.filter((c) => c[1] === 'status')).toHaveLength(1);

    repo.write('.openclaw_memory/NOTES.md', '# Notes\n\nMore.\n');
    repo.write('src/x.ts', 'export {};\n');
    g.clear();
    const r = spawnSync(process.execPath, [BIN, 'end', '--summary', summary('From a folder'), '--json'], { cwd: join(repo.dir, 'src'), env: { ...repo.env, PATH: `${g.path}:${repo.env.PATH}`, GIT_MEMORY_NOW: NOW }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).also).toEqual(['.openclaw_memory/NOTES.md']);
    expect(g.calls().filter((c) => c[1] === 'status')).toHaveLength(1);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('?? src/x.ts\n');
  });
});

describe('the lean end', () => {
  it('loads through the code cache, answers as the full command line does, and leaves help to yargs', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const cache = tempDir('gm-cache-');
    const run = (request: string) => repo.exec(['end', '--summary', JSON.stringify({ request }), '--json'], { env: { XDG_CACHE_HOME: cache } });
    const a = run('First');
    expect(a.code, a.stderr).toBe(0);
    expect(readdirSync(join(cache, 'git-memory', 'v8')).some((f) => /^end-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/.test(f))).toBe(true);
    const b = run('Second');
    expect(b.code, b.stderr).toBe(0);
    const inProcess = await repo.run(['end', '--summary', JSON.stringify({ request: 'Third' }), '--json']);
    expect(Object.keys(JSON.parse(b.stdout)).sort()).toEqual(Object.keys(JSON.parse(inProcess.stdout)).sort());

    const help = repo.exec(['end', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--summary-file');
    const bad = repo.exec(['end', '--summary', '{"request":"x"}', '--nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('nope');
    const none = repo.exec(['end']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('exactly one of --summary');
  });
});
