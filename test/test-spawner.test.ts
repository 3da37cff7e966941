// The test workers' synchronous spawns, and the in-process CLI's asynchronous git calls (execFile), go
// through small long-lived processes (test/helpers/spawner.ts), not a fork of the worker: what a test
// or the source sees of a command it runs must be what node's own functions give.
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeOwn } from './helpers/spawner.js';
import { makeRepo, tempDir, testEnv } from './helpers/repo.js';
import { git, gitBytes, gitStarted } from '../src/git/git.js';

/** The parent process id of the process `pid`, from /proc. */
const parentOf = (pid: number) => Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

const on = !!process.env.GIT_MEMORY_TEST_SPAWNER;

describe.runIf(on)('the spawner (the worker is not forked for a synchronous spawn)', () => {
  it('starts the processes of spawnSync and execFileSync, and not from this worker', () => {
    // sh prints its parent: the spawner, a process of its own whose parent is this worker.
    const viaSpawnSync = Number(spawnSync('sh', ['-c', 'echo $PPID'], { encoding: 'utf8' }).stdout.trim());
    const viaExecFileSync = Number(execFileSync('sh', ['-c', 'echo $PPID'], { encoding: 'utf8' }).trim());
    expect(viaSpawnSync).not.toBe(process.pid);
    expect(viaExecFileSync).toBe(viaSpawnSync);
    expect(parentOf(viaSpawnSync)).toBe(process.pid);
    // node's own function forks this worker.
    expect(Number(nodeOwn.spawnSync!('sh', ['-c', 'echo $PPID'], { encoding: 'utf8' }).stdout.trim())).toBe(process.pid);
  });

  it('gives what node gives: output, input, working directory, environment, exit code, signal', () => {
    const repo = makeRepo();
    const cases: [string, string[], Record<string, unknown>][] = [
      ['git', ['rev-parse', '--show-toplevel'], { cwd: repo.dir, env: repo.env, encoding: 'utf8' }],
      ['git', ['cat-file', '-p', 'HEAD:README.md'], { cwd: repo.dir, env: repo.env }],
      ['sh', ['-c', 'cat; echo "to stderr $X" >&2; exit 3'], { cwd: repo.dir, env: { ...testEnv(), X: 'x y' }, input: 'in\u00e9\n', encoding: 'utf8' }],
      ['sh', ['-c', 'cat; pwd'], { cwd: repo.dir, input: Buffer.from([0, 1, 2, 255]) }],
      ['sh', ['-c', 'cat; echo done'], { cwd: repo.dir, stdio: ['ignore', 'pipe', 'pipe'], input: 'never read', encoding: 'utf8' }],
      ['sh', ['-c', 'kill -TERM $$'], { encoding: 'utf8' }],
    ];
    for (const [file, args, opts] of cases) {
      const ours = spawnSync(file, args, opts);
      const node = nodeOwn.spawnSync!(file, args, opts);
      const seen = (r: typeof ours) => ({ status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, output: r.output, error: (r.error as NodeJS.ErrnoException | undefined)?.code });
      expect(seen(ours), `${file} ${args.join(' ')}`).toEqual(seen(node));
    }
  });

  it('fails as node fails: a command not found, a working directory gone, output over maxBuffer, a failed execFileSync', () => {
    const flood = (run: typeof spawnSync) => {
      const r = run('sh', ['-c', 'head -c 3000000 /dev/zero'], { encoding: 'utf8' });
      return { error: (r.error as NodeJS.ErrnoException).code, status: r.status, signal: r.signal };
    };
    expect(flood(spawnSync)).toEqual({ error: 'ENOBUFS', status: null, signal: 'SIGTERM' });
    expect(flood(spawnSync)).toEqual(flood(nodeOwn.spawnSync!));
    const gone = `${tempDir()}/gone`;
    for (const [file, opts] of [['no-such-command-here', {}], ['git', { cwd: gone }]] as const) {
      const ours = spawnSync(file, ['--version'], opts);
      const node = nodeOwn.spawnSync!(file, ['--version'], opts);
      expect((ours.error as NodeJS.ErrnoException).code).toBe((node.error as NodeJS.ErrnoException).code);
    }
    const fail = (run: typeof execFileSync) => {
      try {
        run('git', ['rev-parse', '--verify', 'no-such-ref'], { cwd: tempDir(), env: testEnv(), stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
      } catch (e) {
        const err = e as Error & { status: number; stderr: string; stdout: string };
        return { message: err.message, status: err.status, stderr: err.stderr, stdout: err.stdout };
      }
      return undefined;
    };
    const ours = fail(execFileSync);
    expect(ours?.status).toBe(128);
    expect(ours).toEqual(fail(nodeOwn.execFileSync!));
  });

  /** What an execFile call gave its callback, as the fields a caller reads. */
  type ExecFileFn = (file: string, args: string[], opts: Record<string, unknown>, cb: (e: (Error & Record<string, unknown>) | null, out: string | Buffer, err: string | Buffer) => void) => unknown;
  const called = (run: ExecFileFn, file: string, args: string[], opts: Record<string, unknown>) =>
    new Promise((resolve) =>
      run(file, args, opts, (e, stdout, stderr) => resolve({ stdout, stderr, error: e && { name: e.name, message: e.message, code: e.code, killed: e.killed, signal: e.signal, cmd: e.cmd } })),
    );

  it("starts the asynchronous execFile calls (the source's git()) too, and not from this worker", async () => {
    const ppid = await new Promise<number>((resolve, reject) => execFile('sh', ['-c', 'echo $PPID'], { encoding: 'utf8' }, (e, out) => (e ? reject(e) : resolve(Number(out.trim())))));
    expect(ppid).not.toBe(process.pid);
    expect(parentOf(ppid)).toBe(process.pid);
    // node's own execFile forks this worker.
    const own = await called(nodeOwn.execFile as unknown as ExecFileFn, 'sh', ['-c', 'echo $PPID'], { encoding: 'utf8' });
    expect(Number((own as { stdout: string }).stdout.trim())).toBe(process.pid);
    // The source's one git call goes this way and gets its answer; eight at once (more than the spawners kept) too.
    const repo = makeRepo();
    expect((await git(['rev-parse', '--show-toplevel'], { cwd: repo.dir })).trim()).toBe(repo.dir);
    const many = await Promise.all(Array.from({ length: 8 }, (_, i) => git(['-c', `x.n=${i}`, 'config', 'x.n'], { cwd: repo.dir })));
    expect(many).toEqual(Array.from({ length: 8 }, (_, i) => `${i}\n`));
  });

  it("gives what node's execFile gives: output in each encoding, errors, exit code, signal, maxBuffer, promisify", async () => {
    const repo = makeRepo();
    const gone = `${tempDir()}/gone`;
    const cases: [string, string[], Record<string, unknown>][] = [
      ['git', ['rev-parse', '--show-toplevel'], { cwd: repo.dir, env: repo.env, encoding: 'utf8', maxBuffer: 1 << 20 }],
      ['git', ['cat-file', '-p', 'HEAD:README.md'], { cwd: repo.dir, env: repo.env, encoding: 'buffer' }],
      ['git', ['rev-parse', '--verify', 'no-such-ref'], { cwd: repo.dir, env: repo.env }],
      ['sh', ['-c', 'echo "to stderr $X" >&2; printf out; exit 3'], { cwd: repo.dir, env: { ...testEnv(), X: 'x y' } }],
      ['sh', ['-c', 'kill -TERM $$'], { encoding: 'utf8' }],
      ['sh', ['-c', 'printf 0123456789abcdef'], { maxBuffer: 10 }],
      ['no-such-command-here', ['--version'], {}],
      ['git', ['--version'], { cwd: gone }],
    ];
    for (const [file, args, opts] of cases) {
      const ours = await called(execFile as unknown as ExecFileFn, file, args, opts);
      const node = await called(nodeOwn.execFile as unknown as ExecFileFn, file, args, opts);
      expect(ours, `${file} ${args.join(' ')}`).toEqual(node);
    }
    const both = async (run: typeof execFile) => await promisify(run)('git', ['rev-parse', 'HEAD'], { cwd: repo.dir, env: repo.env, encoding: 'utf8' });
    expect(await both(execFile)).toEqual(await both(nodeOwn.execFile!));
  });

  /**
   * What a spawned git's caller relies on: its output, exit and close, in the order they came. An
   * error on its stdin (EPIPE) is not compared: whether node's own spawn reports one for a git that
   * died while its input was being written is a race between the child's death and the write (seen on
   * a loaded machine); the source ignores it (src/git/git.ts) and reads the exit status.
   */
  const spawned = (run: typeof spawn, args: string[], opts: Record<string, unknown>, input: (stdin: NodeJS.WritableStream) => void) =>
    new Promise((resolve) => {
      const events: unknown[] = [];
      const child = run('git', args, opts as Parameters<typeof spawn>[2]);
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout!.on('data', (b: Buffer) => out.push(b));
      child.stderr!.on('data', (b: Buffer) => err.push(b));
      child.stdin!.on('error', () => undefined);
      child.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code, events }));
      child.on('exit', (code, signal) => events.push(['exit', code, signal]));
      child.on('close', (code, signal) => {
        events.push(['close', code, signal]);
        resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), events });
      });
      input(child.stdin!);
    });

  it("starts a spawned git given all its input at once (git() with input, gitBytes) through a spawner, and gives what node's spawn gives", async () => {
    const repo = makeRepo();
    const opts = { cwd: repo.dir, env: repo.env, stdio: ['pipe', 'pipe', 'pipe'] };
    // git's parent, read by the alias's shell while git waits for it: the spawner (whose parent is this worker), not this worker.
    const parent = ['-c', 'alias.pp=!grep ^PPid: /proc/$PPID/status; cat', 'pp'];
    const ours = (await spawned(spawn, parent, opts, (i) => i.end('in'))) as { stdout: string };
    const viaSpawner = Number(/PPid:\s+(\d+)/.exec(ours.stdout)?.[1]);
    expect(viaSpawner).not.toBe(process.pid);
    expect(parentOf(viaSpawner)).toBe(process.pid);
    expect(ours.stdout.endsWith('in')).toBe(true);
    const own = (await spawned(nodeOwn.spawn!, parent, opts, (i) => i.end('in'))) as { stdout: string };
    expect(Number(/PPid:\s+(\d+)/.exec(own.stdout)?.[1])).toBe(process.pid);
    const cases: [string[], Record<string, unknown>, (stdin: NodeJS.WritableStream) => void][] = [
      [['hash-object', '-w', '--stdin'], opts, (i) => i.end('a blob\n')],
      [['rev-parse', '--verify', 'no-such-ref'], opts, (i) => i.end()],
      [['-c', 'alias.t=!kill -TERM $PPID; sleep 1', 't'], opts, (i) => i.end('')],
      // A loaded machine: the caller writes only once git and its alias's shell are gone (node's own
      // spawn then reports EPIPE on stdin, the spawner, given the input before the start, does not).
      [['-c', 'alias.t=!kill -TERM $PPID; sleep 0.1', 't'], opts, (i) => (Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500), i.end(''))],
      [['cat-file', '--batch'], opts, (i) => { i.write('HEAD\n'); setTimeout(() => i.end('HEAD:README.md\n'), 20); }],
      [['--version'], { ...opts, cwd: `${tempDir()}/gone` }, (i) => i.end('')],
    ];
    for (const [args, o, input] of cases) expect(await spawned(spawn, args, o, input), args.join(' ')).toEqual(await spawned(nodeOwn.spawn!, args, o, input));
    // The source's calls that spawn git: fed at once, fed as it goes (gitStarted), bytes out.
    const blob = (await git(['hash-object', '-w', '--stdin'], { cwd: repo.dir, input: 'x\n' })).trim();
    expect((await gitBytes(['cat-file', 'blob', blob], { cwd: repo.dir })).toString()).toBe('x\n');
    const started = gitStarted(['cat-file', '--batch-check'], { cwd: repo.dir });
    started.write(`${blob}\n`);
    await started.lineOut(`${blob} blob 2`);
    expect(await started.send('')).toBe(`${blob} blob 2\n`);
  });
});
