import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMIT_WAIT } from '../../src/git/commit.js';
import { commitsUnderWay, gitSubcommand } from '../../src/git/commit-under-way.js';
import { DEFERRED_FILE } from '../../src/paths.js';
import { makeMemoryRepo, ROOT, tempDir, type TestRepo } from '../helpers/repo.js';
import { settled } from '../helpers/settled.js';
import { hooked, initHooked } from './hooked.js';
import { FIXTURES, payload } from '../agents/fixtures.js';

/**
 * A user's plain `git commit` (no -a, no paths) reads HEAD when it starts and moves it at its end
 * with that value as the expected one, holding no lock while its pre-commit hook and its message
 * editor run. A memory commit made in that window failed the user's commit ("cannot lock ref
 * 'HEAD': is at <memory commit> but expected <old head>"). These tests hold a real `git commit` in
 * that window (a hook or an editor that waits for a file), run `end` beside it, then let it go.
 */

const NOW = '2026-11-22T14:30:00';
const summary = (request: string) => JSON.stringify({ request, completed: ['Did it'], tasks: [{ task: `Task of ${request}`, status: 'in_progress' }] });

/** Waits in a hook or as the editor: marks that it started, waits for `go`, fails where `fail` exists; as the editor, writes the message. */
const WAITER = `#!/bin/sh
: >"$GATE/started"
while [ ! -e "$GATE/go" ] && [ -d "$GATE" ]; do sleep 0.02; done
if [ -e "$GATE/fail" ]; then exit 1; fi
if [ -n "$1" ] && [ "$WAITER_EDITS" = 1 ]; then printf 'Edited by the user\\n\\nWith a body.\\n' >"$1"; fi
exit 0
`;

interface Held {
  gate: string;
  /** Lets the held commit go on (`fail`: the hook or editor then exits 1). */
  release(fail?: boolean): void;
  done: Promise<{ code: number; stderr: string }>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every held commit of the test, let go at its end whatever happened. */
const holding = new Set<Held>();

/** Starts `git <args>` in `repo` and resolves once the waiting hook or editor has started. */
async function held(repo: TestRepo, args: string[], how: 'pre-commit' | 'editor', env: Record<string, string> = {}, hooks = join(repo.dir, '.git', 'hooks')): Promise<Held> {
  const gate = tempDir('gm-gate-');
  const waiter = join(gate, 'waiter.sh');
  writeFileSync(waiter, WAITER, { mode: 0o755 });
  if (how === 'pre-commit') writeFileSync(join(hooks, 'pre-commit'), `#!/bin/sh\n"${waiter}"\n`, { mode: 0o755 });
  const child = spawn('git', args, { cwd: repo.dir, env: { ...repo.env, GATE: gate, ...(how === 'editor' ? { GIT_EDITOR: waiter, WAITER_EDITS: '1' } : {}), ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  const done = new Promise<{ code: number; stderr: string }>((res) => child.on('close', (code) => res({ code: code ?? -1, stderr })));
  for (let i = 0; !existsSync(join(gate, 'started')); i++) {
    if (i > 500) throw new Error(`the held git ${args.join(' ')} never reached its ${how}: ${stderr}`);
    await pause(10);
  }
  const h: Held = {
    gate,
    release(fail = false) {
      if (fail) writeFileSync(join(gate, 'fail'), '');
      writeFileSync(join(gate, 'go'), '');
    },
    done,
  };
  holding.add(h);
  return h;
}

afterEach(async () => {
  for (const h of holding) {
    if (!existsSync(join(h.gate, 'go'))) h.release(true);
    await h.done;
  }
  holding.clear();
});

const subjects = (repo: TestRepo, n = 3) => repo.git('log', `-${n}`, '--format=%s').trim().split('\n');
const filesOf = (repo: TestRepo, rev: string) => repo.git('show', '--name-only', '--format=', rev).trim().split('\n').filter(Boolean);

/**
 * Lets the held user commit go on and waits for it and for what its post-commit started: it was
 * made (exit 0); the two newest commits' subjects, the memory commit's first.
 */
async function releaseAndLand(repo: TestRepo, user: Held): Promise<[memory: string, mine: string]> {
  user.release();
  const u = await user.done;
  expect(u.code, u.stderr).toBe(0);
  await settled(repo);
  const [memory, mine] = subjects(repo, 2);
  return [memory!, mine!];
}

/** The user's work staged: a new file and a change, as `git add` left them. */
function stageWork(repo: TestRepo): string {
  repo.write('user.txt', 'user work\n');
  repo.write('README.md', '# test\n\nchanged by the user\n');
  repo.git('add', 'user.txt', 'README.md');
  return repo.git('diff', '--cached', '--name-status');
}

describe('a memory commit never fails the user’s own `git commit`', () => {
  const wait = COMMIT_WAIT.ms;
  afterEach(() => void (COMMIT_WAIT.ms = wait));

  for (const how of ['pre-commit', 'editor'] as const) {
    it(`${how}: an end beside a held commit defers its memory commit; the user’s commit is made with their message and staged files; \`commit\` lands the memory later`, async () => {
      COMMIT_WAIT.ms = 300;
      const repo = await makeMemoryRepo({ now: NOW });
      const staged = stageWork(repo);
      const before = repo.git('rev-parse', 'HEAD').trim();
      const user = await held(repo, how === 'editor' ? ['commit', '-q'] : ['commit', '-q', '-m', 'User work'], how);

      const r = await repo.run(['end', '--summary', summary(`Beside a ${how}`), '--json']);
      expect(r.code, r.stderr).toBe(0);
      const d = JSON.parse(r.stdout);
      expect(repo.git('rev-parse', 'HEAD').trim()).toBe(before); // HEAD left where the user's commit found it
      expect(d.commit).toBeNull();
      expect(d.waiting).toBe('commit');
      expect(existsSync(join(repo.dir, '.git', 'git-memory', DEFERRED_FILE))).toBe(true);
      // What the user staged is as it was while their commit waits.
      expect(repo.git('diff', '--cached', '--name-status')).toBe(staged);

      user.release();
      const u = await user.done;
      expect(u.stderr).not.toContain('cannot lock ref');
      expect(u.code, u.stderr).toBe(0);
      const message = how === 'editor' ? 'Edited by the user' : 'User work';
      expect(subjects(repo, 1)).toEqual([message]);
      expect(repo.git('rev-parse', 'HEAD~1').trim()).toBe(before);
      expect(filesOf(repo, 'HEAD').sort()).toEqual(['README.md', 'user.txt']); // their staged files, no memory file
      expect(repo.git('diff', '--cached', '--name-only')).toBe('');

      // No hooks installed here: the next natural pause (`git memory commit`) lands it, on top.
      const c = await repo.run(['commit', '--json']);
      expect(c.code, c.stderr).toBe(0);
      expect(JSON.parse(c.stdout).commit.paths).toContain(d.session.path);
      expect(subjects(repo, 2)[1]).toBe(message);
      expect(repo.git('status', '--porcelain', '--', '.openclaw_memory')).toBe('');
      expect(existsSync(join(repo.dir, '.git', 'git-memory', DEFERRED_FILE))).toBe(false);
    });
  }

  it('a commit that ends within the wait: the memory commit lands right after it, from the same end', async () => {
    COMMIT_WAIT.ms = 10_000;
    const repo = await makeMemoryRepo({ now: NOW });
    stageWork(repo);
    const user = await held(repo, ['commit', '-q', '-m', 'User work'], 'pre-commit');
    setTimeout(() => user.release(), 400);
    const r = await repo.run(['end', '--summary', summary('Waits for it'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const u = await user.done;
    expect(u.code, u.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d.commit.sha).toBe(repo.git('rev-parse', 'HEAD').trim());
    expect(subjects(repo, 2)[1]).toBe('User work');
    expect(filesOf(repo, 'HEAD~1').sort()).toEqual(['README.md', 'user.txt']);
  });

  it('with git-memory’s hooks installed, the deferred memory commit lands from the post-commit of that very commit', async () => {
    COMMIT_WAIT.ms = 300;
    const repo = await initHooked();
    stageWork(repo);
    // Another author and date, which git exports to the commit's hooks: not the memory commit's.
    const user = await held(repo, ['commit', '-q', '-m', 'User work', '--author', 'Other Person <other@example.com>', '--date', '2001-02-03T04:05:06Z'], 'pre-commit');
    const r = await repo.run(['end', '--summary', summary('Lands after it'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d.waiting).toBe('commit');
    const [memory, mine] = await releaseAndLand(repo, user);
    expect(mine).toBe('User work');
    expect(memory).toContain('Lands after it'); // the message the end meant
    expect(repo.git('log', '-1', '--format=%an', 'HEAD~1').trim()).toBe('Other Person');
    expect(filesOf(repo, 'HEAD')).toContain(d.session.path);
    // The memory commit is the user's identity and its own time, not the user commit's exported date.
    expect(repo.git('log', '-1', '--format=%an <%ae>').trim()).toBe('Jane Doe <jane@example.com>');
    expect(repo.git('log', '-1', '--format=%ad', '--date=format:%Y').trim()).not.toBe('2001');
    expect(repo.git('status', '--porcelain')).toBe('');
    expect(existsSync(join(repo.dir, '.git', 'git-memory', DEFERRED_FILE))).toBe(false);
    // The user's commit was recorded for the next session as any commit is.
    expect(repo.spoolShas()).toContain(repo.git('rev-parse', 'HEAD~1').trim());
  });

  it('Claude Code\'s SessionEnd (a detached end, its own 2 s wait) beside a held commit: deferred, then landed from that commit\'s post-commit', async () => {
    const repo = await initHooked();
    stageWork(repo);
    await repo.run(['log', 'Logout revokes the refresh token']);
    const user = await held(repo, ['commit', '-q', '-m', 'User work'], 'pre-commit');
    const stdin = payload('claude/session-end.json', { cwd: repo.dir, transcript_path: join(FIXTURES, 'claude/transcript.jsonl') });
    expect(repo.exec(['hook', 'agent', 'session-end', '--agent', 'claude'], { stdin })).toMatchObject({ code: 0, stdout: '' });
    const deferred = join(repo.dir, '.git', 'git-memory', DEFERRED_FILE);
    for (let i = 0; !existsSync(deferred); i++) {
      if (i > 1500) throw new Error('the SessionEnd worker never deferred its commit');
      await pause(20);
    }
    expect(subjects(repo, 1)).toEqual(['Set up git-memory']); // HEAD not moved under the held commit
    const [memory, mine] = await releaseAndLand(repo, user);
    expect(mine).toBe('User work');
    expect(memory).toMatch(/^memory: Add a logout endpoint/);
    expect(repo.git('status', '--porcelain', '--', '.openclaw_memory')).toBe('');
  });

  it('in a husky repository (hooks run through husky\'s sh): the deferred memory commit lands after the commit, from its post-commit', async () => {
    COMMIT_WAIT.ms = 300;
    const repo = hooked(await makeMemoryRepo({ now: NOW }));
    const script = `import(${JSON.stringify(join(ROOT, 'node_modules', 'husky', 'index.js'))}).then((m) => process.stdout.write(m.default()))`;
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repo.dir, env: repo.env });
    expect((await repo.run(['init'])).code).toBe(0);
    expect(readFileSync(join(repo.dir, '.husky', 'post-commit'), 'utf8')).toContain(DEFERRED_FILE);
    repo.g('add', '.husky');
    repo.g('commit', '-q', '-m', 'husky');
    stageWork(repo);
    const user = await held(repo, ['commit', '-q', '-m', 'User work'], 'pre-commit', { PATH: repo.env.PATH! }, join(repo.dir, '.husky'));
    const r = await repo.run(['end', '--summary', summary('Beside husky'), '--json']);
    expect(JSON.parse(r.stdout).waiting).toBe('commit');
    const [memory, mine] = await releaseAndLand(repo, user);
    expect(mine).toBe('User work');
    expect(memory).toContain('Beside husky');
    expect(repo.git('status', '--porcelain', '--', '.openclaw_memory')).toBe('');
  });

  it('`git memory commit` while a commit is under way: exit 1, says so, moves nothing', async () => {
    COMMIT_WAIT.ms = 300;
    const repo = await makeMemoryRepo({ now: NOW });
    stageWork(repo);
    repo.write('.openclaw_memory/TASKS.md', `${repo.read('.openclaw_memory/TASKS.md')}\n`);
    const before = repo.git('rev-parse', 'HEAD').trim();
    const user = await held(repo, ['commit', '-q', '-m', 'User work'], 'pre-commit');
    const c = await repo.run(['commit']);
    expect(c.code).toBe(1);
    expect(c.stderr).toContain('a git commit is in progress in this worktree');
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(before);
    user.release();
    expect((await user.done).code).toBe(0);
  });

  for (const how of ['pre-commit', 'editor'] as const) {
    it(`an aborted commit (its ${how} exits 1) blocks nothing: the deferred memory commit lands with the next \`commit\``, async () => {
      COMMIT_WAIT.ms = 300;
      const repo = await makeMemoryRepo({ now: NOW });
      const staged = stageWork(repo);
      const before = repo.git('rev-parse', 'HEAD').trim();
      const user = await held(repo, how === 'editor' ? ['commit', '-q'] : ['commit', '-q', '-m', 'User work'], how);
      const r = await repo.run(['end', '--summary', summary(`Aborted ${how}`), '--json']);
      expect(JSON.parse(r.stdout).waiting).toBe('commit');
      user.release(true);
      expect((await user.done).code).not.toBe(0);
      expect(repo.git('rev-parse', 'HEAD').trim()).toBe(before);
      const t0 = Date.now();
      const c = await repo.run(['commit', '--json']);
      expect(c.code, c.stderr).toBe(0);
      expect(Date.now() - t0).toBeLessThan(3000); // no wait for a commit that is gone
      expect(JSON.parse(c.stdout).commit.sha).toBe(repo.git('rev-parse', 'HEAD').trim());
      expect(repo.git('diff', '--cached', '--name-status')).toBe(staged); // still staged, untouched
    });
  }

  it('an aborted commit after a deferral: the next end commits its own session and the deferred one at once', async () => {
    COMMIT_WAIT.ms = 300;
    const repo = await makeMemoryRepo({ now: NOW });
    stageWork(repo);
    const user = await held(repo, ['commit', '-q', '-m', 'User work'], 'pre-commit');
    const first = JSON.parse((await repo.run(['end', '--summary', summary('First'), '--json'])).stdout);
    expect(first.waiting).toBe('commit');
    user.release(true);
    await user.done;
    const second = await repo.run(['end', '--summary', summary('Second'), '--json']);
    const d = JSON.parse(second.stdout);
    expect(d.commit.sha).toBe(repo.git('rev-parse', 'HEAD').trim());
    expect(filesOf(repo, 'HEAD')).toEqual(expect.arrayContaining([first.session.path, d.session.path]));
    expect(existsSync(join(repo.dir, '.git', 'git-memory', DEFERRED_FILE))).toBe(false);
  });
});

describe('which processes are a commit under way', () => {
  it('git’s subcommand behind its global options; a dashed builtin; anything else is not git', () => {
    expect(gitSubcommand(['git', 'commit', '-m', 'x'])).toBe('commit');
    expect(gitSubcommand(['/usr/bin/git', '-c', 'user.name=A', '-C', 'sub', '--no-pager', 'commit'])).toBe('commit');
    expect(gitSubcommand(['git', '--git-dir', '/x/.git', '--work-tree', '/x', 'merge', 'topic'])).toBe('merge');
    expect(gitSubcommand(['/usr/lib/git-core/git-commit', '-q'])).toBe('commit');
    expect(gitSubcommand(['git', '-c', 'commit'])).toBeNull(); // `commit` is -c's value here
    expect(gitSubcommand(['node', 'git', 'commit'])).toBeNull();
    expect(gitSubcommand([''])).toBeNull();
  });

  it('read from /proc: a subcommand behind long global options is found; a process gone mid-read or with odd bytes is skipped', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const proc = tempDir('gm-proc-');
    const pid = (n: number, argv: string[] | Buffer, cwd: string | null) => {
      mkdirSync(join(proc, String(n)));
      writeFileSync(join(proc, String(n), 'cmdline'), Buffer.isBuffer(argv) ? argv : `${argv.join('\0')}\0`);
      if (cwd) symlinkSync(cwd, join(proc, String(n), 'cwd'));
    };
    // An IDE's commit: its -c options fill more than a first read of the command line.
    pid(101, ['/usr/bin/git', ...Array.from({ length: 12 }, (_, i) => ['-c', `credential.helper=/home/jane/.cache/JetBrains/IntelliJIdea2026.1/tmp/askpass-${i}.sh`]).flat(), 'commit', '-F', '/tmp/msg'], repo.dir);
    pid(102, ['git', 'commit'], null); // ended before its cwd was read
    pid(103, Buffer.from([0x67, 0x69, 0x74, 0xff, 0x00, 0x63, 0x6f, 0x6d, 0x6d, 0x69, 0x74, 0x00]), repo.dir); // "git\xff commit": not git
    mkdirSync(join(proc, '104')); // ended before its cmdline was read
    pid(105, ['git', 'status'], repo.dir);
    expect(commitsUnderWay(repo.dir, [], proc)).toEqual([101]);
  });

  it('a held commit is found by its worktree, from a subdirectory and through an alias; not from another worktree', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.git('config', 'alias.ci', 'commit');
    mkdirSync(join(repo.dir, 'sub'));
    stageWork(repo);
    const other = await makeMemoryRepo({ now: NOW });
    expect(commitsUnderWay(repo.dir)).toEqual([]);
    const gate = tempDir('gm-gate-');
    writeFileSync(join(gate, 'waiter.sh'), WAITER, { mode: 0o755 });
    writeFileSync(join(repo.dir, '.git', 'hooks', 'pre-commit'), `#!/bin/sh\nexec "${join(gate, 'waiter.sh')}"\n`, { mode: 0o755 });
    const child = spawn('git', ['ci', '-q', '-m', 'Through an alias'], { cwd: join(repo.dir, 'sub'), env: { ...repo.env, GATE: gate }, stdio: 'ignore' });
    const done = new Promise((r) => child.on('close', r));
    try {
      for (let i = 0; !existsSync(join(gate, 'started')); i++) {
        if (i > 500) throw new Error('the held commit never reached its hook');
        await pause(10);
      }
      const found = commitsUnderWay(repo.dir);
      expect(found).toHaveLength(1);
      expect(commitsUnderWay(other.dir)).toEqual([]);
      expect(commitsUnderWay(repo.dir, found)).toEqual([]);
      // Without /proc, `ps` lists the commands without their folders: any such commit counts.
      if (spawnSync('ps', ['-p', String(process.pid)]).status === 0) expect(commitsUnderWay(other.dir, [], join(gate, 'no-proc'))).toEqual(expect.arrayContaining(found));
    } finally {
      writeFileSync(join(gate, 'go'), '');
      await done;
    }
    expect(commitsUnderWay(repo.dir)).toEqual([]);
    expect(subjects(repo, 1)).toEqual(['Through an alias']);
  });
});
