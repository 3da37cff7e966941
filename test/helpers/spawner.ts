// The commands a test worker runs synchronously (spawnSync, execFileSync: the helpers' git(), the
// built binary run by repo.exec, a hook's sh -c) are started by a small long-lived process, the
// spawner (spawner.c, compiled once per run by the vitest config: spawnerBinary), not by the worker.
// node 20 starts every process with fork(): the kernel copies the page tables of the whole worker
// (100-130 MB after a few test files) and every page the worker writes afterwards faults once; a
// process started from the spawner with posix_spawn copies nothing. The command, its arguments,
// working directory, environment, input and output are the same; the process that starts it is not
// (its parent is the spawner). Calls the spawner cannot make as node would (a timeout, a shell,
// inherited or extra descriptors, a detached or other user's process) go to node's own functions.
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { promisify } from 'node:util';
import { spawnSync as nodeSpawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { constants, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './cleanup.js';

const SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'spawner.c');
const ENV = 'GIT_MEMORY_TEST_SPAWNER';
/** What node's spawnSync and execFileSync keep of a stream at most, unless told (node 20). */
const MAX_BUFFER = 1024 * 1024;

/**
 * The spawner, compiled from spawner.c where the machine has a C compiler (once per source, kept in
 * the temporary folder and shared by the runs), or undefined: the tests then start their processes
 * from the worker, as node does. Called by the vitest config, which hands the path to the workers.
 */
export function spawnerBinary(): string | undefined {
  if (process.env.GIT_MEMORY_TEST_SPAWNER_OFF === '1' || process.platform !== 'linux') return undefined;
  try {
    const source = readFileSync(SOURCE);
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
    const dir = join(tmpdir(), `git-memory-test-spawner-${process.getuid?.() ?? 'user'}`);
    const bin = join(dir, hash);
    if (existsSync(bin)) return bin;
    mkdirSync(dir, { recursive: true });
    const building = `${bin}.${process.pid}`;
    const r = nodeSpawnSync('cc', ['-O2', '-o', building, SOURCE], { stdio: 'ignore' });
    if (r.status !== 0) return undefined;
    renameSync(building, bin);
    return bin;
  } catch {
    return undefined;
  }
}

type SpawnSync = typeof import('node:child_process').spawnSync;
type ExecFileSync = typeof import('node:child_process').execFileSync;
type ExecFile = typeof import('node:child_process').execFile;
type Options = Record<string, unknown> & { env?: NodeJS.ProcessEnv; cwd?: unknown; input?: unknown; encoding?: string; stdio?: unknown; maxBuffer?: number };

interface Answer {
  state: number;
  code: number;
  pid: number;
  stdout: Buffer;
  stderr: Buffer;
}

interface Channel {
  req: number;
  res: number;
  child: import('node:child_process').ChildProcess;
}

/** The synchronous calls' spawner: undefined until first used, null where it could not be had. */
let channel: Channel | null | undefined;
/** Every spawner this worker started (the synchronous one, the asynchronous calls' pool). */
const started: Channel[] = [];

/**
 * node's own spawnSync, execFileSync and execFile, as they were before useSpawner replaced them (for
 * the spawner's tests). The process's one record, kept on globalThis: useSpawner replaces node's
 * functions once per process (its mark is on node:child_process), and a module instance made after
 * that (vi.resetModules in an earlier file of the same worker, then this file imported again) found
 * its own record empty: every test of test-spawner.test.ts failed, "nodeOwn.spawnSync is not a function".
 */
export const nodeOwn: { spawnSync?: SpawnSync; execFileSync?: ExecFileSync; execFile?: ExecFile; spawn?: typeof import('node:child_process').spawn } = ((globalThis as unknown as Record<symbol, object>)[
  Symbol.for('git-memory.test-spawner.node-own')
] ??= {});

/**
 * vitest ends a worker with SIGTERM. Every spawner is then let go and waited for, so that its
 * processor time, and that of every process it started, is counted in this worker's and in the
 * run's (a process whose parent exited first is counted nowhere): then the worker ends by that
 * signal, as it would have at once.
 */
function waitForSpawnersAtEnd(): void {
  const mark = Symbol.for('git-memory.test-spawner.sigterm');
  const p = process as unknown as { [k: symbol]: boolean };
  if (p[mark]) return;
  p[mark] = true;
  process.once('SIGTERM', () => {
    const end = () => process.kill(process.pid, 'SIGTERM');
    const live = started.filter((c) => c.child.exitCode === null && c.child.signalCode === null);
    setTimeout(end, 300);
    let left = live.length;
    if (!left) return end();
    for (const c of live) c.child.once('exit', () => --left || end());
    closeSpawner();
  });
}

/** Starts a spawner and opens its two FIFOs; null where it cannot be had. */
function startSpawner(bin: string): Channel | null {
  try {
    const dir = tempDir('gm-spawner-', 'worker');
    // Started by node itself, once; it ends when this worker closes the request FIFO (at its exit).
    const { spawn } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
    const child = spawn(bin, [dir], { stdio: 'ignore' });
    child.unref();
    waitForSpawnersAtEnd();
    const waitUntil = Date.now() + 10_000;
    const shared = new Int32Array(new SharedArrayBuffer(4));
    while (!isFifo(join(dir, 'res'))) {
      if (Date.now() > waitUntil || child.exitCode !== null) return null;
      Atomics.wait(shared, 0, 0, 2);
    }
    const req = openSync(join(dir, 'req'), 'w');
    const res = openSync(join(dir, 'res'), 'r');
    const c = { req, res, child };
    started.push(c);
    return c;
  } catch {
    return null;
  }
}

/** The synchronous calls' spawner, started on first use; null where it cannot be had. */
function open(bin: string): Channel | null {
  if (channel === undefined) channel = startSpawner(bin);
  return channel;
}

function isFifo(path: string): boolean {
  try {
    return statSync(path).isFIFO();
  } catch {
    return false;
  }
}

function field(text: string | Buffer): Buffer[] {
  const b = typeof text === 'string' ? Buffer.from(text) : text;
  const n = Buffer.alloc(4);
  n.writeUInt32LE(b.length);
  return [n, b];
}

function num(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

function readExactly(fd: number, n: number): Buffer {
  const b = Buffer.alloc(n);
  let at = 0;
  while (at < n) {
    const got = readSync(fd, b, at, n - at, null);
    if (got === 0) throw new Error('the test spawner ended');
    at += got;
  }
  return b;
}

/** Writes one request on the request FIFO (see spawner.c). */
function send(ch: Channel, file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, input: Buffer | null): void {
  const envPairs: string[] = [];
  for (const [k, v] of Object.entries(env)) if (v !== undefined) envPairs.push(`${k}=${v}`);
  const parts = [...field(cwd), ...field(file), num(args.length + 1), ...field(file), ...args.flatMap((a) => field(a)), num(envPairs.length), ...envPairs.flatMap((e) => field(e)), num(input ? 1 : 0), ...field(input ?? '')];
  const all = Buffer.concat(parts);
  for (let at = 0; at < all.length; ) at += writeSync(ch.req, all, at, all.length - at);
}

/** The signal that ended the command (an answer in state 1), else null. */
function signalOf(a: Answer): NodeJS.Signals | null {
  return a.state === 1 ? ((Object.entries(constants.signals).find(([, n]) => n === a.code)?.[0] ?? null) as NodeJS.Signals | null) : null;
}

function ask(ch: Channel, file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, input: Buffer | null): Answer {
  send(ch, file, args, cwd, env, input);
  const head = readExactly(ch.res, 16);
  const stdout = readExactly(ch.res, head.readUInt32LE(12));
  const stderr = readExactly(ch.res, readExactly(ch.res, 4).readUInt32LE(0));
  return { state: head.readUInt32LE(0), code: head.readInt32LE(4), pid: head.readUInt32LE(8), stdout, stderr };
}

/** The input node would write to the child's stdin, or null for none (stdin /dev/null), or undefined: not a call the spawner makes. */
function stdinOf(o: Options): Buffer | null | undefined {
  const stdio = o.stdio ?? 'pipe';
  const modes = typeof stdio === 'string' ? [stdio, stdio, stdio] : Array.isArray(stdio) ? stdio : undefined;
  if (!modes || modes.length > 3) return undefined;
  const [i = 'pipe', out = 'pipe', err = 'pipe'] = modes as unknown[];
  if ((out !== 'pipe' && out !== undefined && out !== null) || (err !== 'pipe' && err !== undefined && err !== null)) return undefined;
  if (i === 'ignore') return null;
  if (i !== 'pipe' && i !== undefined && i !== null) return undefined;
  const input = o.input;
  if (input === undefined || input === null) return Buffer.alloc(0);
  if (typeof input === 'string') return Buffer.from(input, (o.encoding as BufferEncoding | undefined) && o.encoding !== 'buffer' ? (o.encoding as BufferEncoding) : 'utf8');
  if (ArrayBuffer.isView(input)) return Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  return undefined;
}

const ELIGIBLE = new Set(['cwd', 'env', 'input', 'encoding', 'stdio', 'maxBuffer', 'windowsHide', 'windowsVerbatimArguments']);

/** spawnSync's result from the spawner, or undefined where node must make the call itself. */
function viaSpawner(bin: string, file: unknown, argsIn: unknown, optsIn: unknown): ReturnType<SpawnSync> | undefined {
  if (typeof file !== 'string') return undefined;
  const args = Array.isArray(argsIn) ? (argsIn as unknown[]) : [];
  const o = ((Array.isArray(argsIn) ? optsIn : argsIn) ?? {}) as Options;
  if (typeof o !== 'object' || !args.every((a) => typeof a === 'string')) return undefined;
  for (const k of Object.keys(o)) if (o[k] !== undefined && !ELIGIBLE.has(k)) return undefined;
  if (o.cwd !== undefined && typeof o.cwd !== 'string') return undefined;
  const input = stdinOf(o);
  if (input === undefined) return undefined;
  const ch = open(bin);
  if (!ch) return undefined;
  const a = ask(ch, file, args as string[], o.cwd ?? process.cwd(), o.env ?? process.env, input);
  if (a.state === 2) return undefined; // not started (not found, say): node makes the same error
  const max = o.maxBuffer ?? MAX_BUFFER;
  const enc = o.encoding && o.encoding !== 'buffer' ? (o.encoding as BufferEncoding) : undefined;
  const cut = (b: Buffer) => (b.length > max ? b.subarray(0, max) : b);
  const stdout = enc ? cut(a.stdout).toString(enc) : cut(a.stdout);
  const stderr = enc ? cut(a.stderr).toString(enc) : cut(a.stderr);
  const signal = signalOf(a);
  const result = { pid: a.pid, output: [null, stdout, stderr], stdout, stderr, status: a.state === 0 ? a.code : null, signal } as ReturnType<SpawnSync> & { error?: Error };
  if (a.stdout.length > max || a.stderr.length > max) {
    // node kills the process there (killSignal, SIGTERM unless told); this one ran to its end.
    result.status = null;
    result.signal = 'SIGTERM';
    result.error = Object.assign(new Error(`spawnSync ${file} ENOBUFS`), { errno: -105, code: 'ENOBUFS', syscall: `spawnSync ${file}`, path: file, spawnargs: args });
  }
  return result;
}

/**
 * A spawner for asynchronous calls: one call at a time, its answer read from the FIFO without
 * blocking the worker (a pipe socket), so the worker's event loop runs on while the command does (a
 * fake model server in the worker answers the built binary it runs, say).
 */
interface AsyncChannel {
  ch: Channel;
  socket: import('node:net').Socket;
  chunks: Buffer[];
  size: number;
  /** Bytes the answer in progress needs before it can be read further. */
  need: number;
  done?: (a: Answer | Error) => void;
}

/** Asynchronous calls in flight at once through spawners; more go to node's own execFile. */
const POOL = 6;
const idle: AsyncChannel[] = [];
let pooled = 0;

function takeAsync(bin: string): AsyncChannel | null {
  const free = idle.pop();
  if (free) return free;
  if (pooled >= POOL) return null;
  const ch = startSpawner(bin);
  if (!ch) {
    pooled = POOL; // none to be had: node's own from now on
    return null;
  }
  pooled++;
  const { Socket } = createRequire(import.meta.url)('node:net') as typeof import('node:net');
  const socket = new Socket({ fd: ch.res, readable: true, writable: false });
  const ac: AsyncChannel = { ch, socket, chunks: [], size: 0, need: 16 };
  socket.unref();
  socket.on('data', (b: Buffer) => {
    ac.chunks.push(b);
    ac.size += b.length;
    readAnswer(ac);
  });
  const gone = () => {
    pooled = POOL; // a spawner that ended is not replaced: what is left goes to node
    const done = ac.done;
    ac.done = undefined;
    done?.(new Error('the test spawner ended'));
  };
  socket.on('error', gone);
  socket.on('end', gone);
  return ac;
}

/** Hands the answer to its caller once all of it has come (16-byte head, stdout, 4-byte length, stderr). */
function readAnswer(ac: AsyncChannel): void {
  if (ac.size < ac.need) return;
  const all = ac.chunks.length === 1 ? ac.chunks[0]! : Buffer.concat(ac.chunks);
  ac.chunks = [all];
  const outLen = all.readUInt32LE(12);
  if (all.length < 20 + outLen) return void (ac.need = 20 + outLen);
  const errLen = all.readUInt32LE(16 + outLen);
  const total = 20 + outLen + errLen;
  if (all.length < total) return void (ac.need = total);
  const answer: Answer = { state: all.readUInt32LE(0), code: all.readInt32LE(4), pid: all.readUInt32LE(8), stdout: all.subarray(16, 16 + outLen), stderr: all.subarray(20 + outLen, total) };
  ac.chunks = all.length > total ? [all.subarray(total)] : [];
  ac.size = all.length - total;
  ac.need = 16;
  const done = ac.done;
  ac.done = undefined;
  ac.socket.unref();
  idle.push(ac);
  done?.(answer);
}

/** Sends a call on a taken asynchronous channel whose `done` is set: false (nothing awaited) where it could not be sent. */
function sendAsync(ac: AsyncChannel, file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, input: Buffer): boolean {
  ac.socket.ref();
  try {
    send(ac.ch, file, args, cwd, env, input);
    return true;
  } catch {
    ac.done = undefined;
    ac.socket.unref();
    return false;
  }
}

const ASYNC_ELIGIBLE = new Set(['cwd', 'env', 'encoding', 'maxBuffer', 'windowsHide', 'windowsVerbatimArguments']);
/** node's default maxBuffer for execFile (node 20). */
const EXEC_MAX_BUFFER = 1024 * 1024;

/**
 * execFile(file, args, options, callback) through a spawner: the callback gets what node's would
 * (stdout and stderr in the encoding asked, utf8 unless told; a failure's error with its message,
 * code, killed, signal and cmd). One difference: node leaves the command's stdin an open pipe that
 * nothing writes (a command reading it waits for ever), the spawner closes it at once. Returns false where node must make the call: another form of the
 * call, an option the spawner does not mirror (a timeout, a shell, a signal), no spawner free.
 */
function execFileViaSpawner(bin: string, own: ExecFile, file: unknown, args: unknown, options: unknown, callback: unknown): boolean {
  if (typeof file !== 'string' || !Array.isArray(args) || !args.every((a) => typeof a === 'string') || typeof callback !== 'function') return false;
  if (!options || typeof options !== 'object') return false;
  const o = options as Options;
  for (const k of Object.keys(o)) if (o[k] !== undefined && !ASYNC_ELIGIBLE.has(k)) return false;
  if (o.cwd !== undefined && typeof o.cwd !== 'string') return false;
  const ac = takeAsync(bin);
  if (!ac) return false;
  const cb = callback as (error: Error | null, stdout: string | Buffer, stderr: string | Buffer) => void;
  const enc = o.encoding === undefined ? 'utf8' : o.encoding === 'buffer' || o.encoding === null ? undefined : (o.encoding as BufferEncoding);
  const max = typeof o.maxBuffer === 'number' ? o.maxBuffer : EXEC_MAX_BUFFER;
  ac.done = (a) => {
    if (a instanceof Error) return cb(a, enc ? '' : Buffer.alloc(0), enc ? '' : Buffer.alloc(0));
    // Not started (not found, a working directory gone): node makes the call, and its own error.
    if (a.state === 2) return void (own as (...x: unknown[]) => unknown)(file, args, options, callback);
    const cmd = [file, ...(args as string[])].join(' ');
    const text = (b: Buffer) => (enc ? b.toString(enc) : b);
    const over = a.stdout.length > max ? 'stdout' : a.stderr.length > max ? 'stderr' : undefined;
    if (over) {
      // node kills the process there (SIGTERM) and gives what it had kept; this one ran to its end.
      const ex = Object.assign(new RangeError(`${over} maxBuffer length exceeded`), { code: 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER', cmd });
      return cb(ex, text(a.stdout.subarray(0, max)), text(a.stderr.subarray(0, max)));
    }
    const stdout = text(a.stdout);
    const stderr = text(a.stderr);
    if (a.state === 0 && a.code === 0) return cb(null, stdout, stderr);
    const signal = signalOf(a);
    const ex = Object.assign(new Error(`Command failed: ${cmd}\n${stderr.toString()}`), { code: a.state === 0 ? a.code : null, killed: false, signal, cmd });
    cb(ex, stdout, stderr);
  };
  return sendAsync(ac, file, args as string[], o.cwd ?? process.cwd(), o.env ?? process.env, Buffer.alloc(0));
}

/** A stream end of the stand-in: what the source uses of a ChildProcess's stdout and stderr. */
class OutStandIn extends EventEmitter {
  setEncoding(): this {
    throw new Error('the test spawner does not decode a spawned git\'s output: give it node\'s own spawn');
  }
}

/**
 * spawn('git', args, { cwd, env, stdio: pipes }) as the source makes it (src/git/git.ts: git() with
 * input, gitBytes, gitStarted; blob-batch.ts): a stand-in ChildProcess that decides at the first
 * thing written to its stdin. All of the input given at once with end() (git() with input, gitBytes):
 * the command runs through a spawner, and its output, exit and close come as node's would (the output
 * in one piece, at the end). Written to before its end (a git fed as it goes, gitStarted, cat-file
 * --batch), or nothing written by the next turn of the event loop: node's own spawn starts it, and
 * the stand-in passes everything on both ways.
 */
class SpawnStandIn extends EventEmitter {
  readonly stdout = new OutStandIn();
  readonly stderr = new OutStandIn();
  readonly stdin: EventEmitter & { write(chunk: string | Buffer): boolean; end(chunk?: string | Buffer): void };
  pid: number | undefined;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  private real: import('node:child_process').ChildProcessWithoutNullStreams | undefined;
  private decided = false;

  constructor(
    private readonly bin: string,
    private readonly own: typeof import('node:child_process').spawn,
    private readonly file: string,
    private readonly args: string[],
    private readonly options: Options,
  ) {
    super();
    const stdin = new EventEmitter() as SpawnStandIn['stdin'];
    stdin.write = (chunk) => {
      this.goReal();
      return this.real!.stdin.write(chunk);
    };
    stdin.end = (chunk) => {
      if (this.decided) return void this.real?.stdin.end(chunk);
      this.decided = true;
      const input = chunk === undefined ? Buffer.alloc(0) : Buffer.from(chunk);
      if (!this.viaSpawner(input)) {
        this.goReal();
        this.real!.stdin.end(input);
      }
    };
    this.stdin = stdin;
    setImmediate(() => this.decided || this.goReal());
  }

  kill(signal?: NodeJS.Signals | number): boolean {
    this.goReal();
    return this.real!.kill(signal);
  }

  /** Starts the command with node's own spawn (once) and passes everything on. */
  private goReal(): void {
    if (this.real) return;
    this.decided = true;
    const real = this.own(this.file, this.args, this.options as import('node:child_process').SpawnOptionsWithoutStdio);
    this.real = real;
    this.pid = real.pid;
    real.stdout.on('data', (b: Buffer) => this.stdout.emit('data', b));
    real.stderr.on('data', (b: Buffer) => this.stderr.emit('data', b));
    real.stdout.on('end', () => this.stdout.emit('end'));
    real.stderr.on('end', () => this.stderr.emit('end'));
    real.stdin.on('error', (e) => this.stdin.emit('error', e));
    real.on('error', (e) => this.emit('error', e));
    real.on('exit', (code, signal) => {
      this.exitCode = code;
      this.signalCode = signal;
      this.emit('exit', code, signal);
    });
    real.on('close', (code, signal) => this.emit('close', code, signal));
  }

  /** Runs it through a free spawner with all its input; false where none is free (node's own then). */
  private viaSpawner(input: Buffer): boolean {
    const ac = takeAsync(this.bin);
    if (!ac) return false;
    ac.done = (a) => {
      if (a instanceof Error) return void this.emit('error', a);
      // Not started (not found, a working directory gone): node starts it, and makes its own error.
      if (a.state === 2) {
        this.goReal();
        return void this.real!.stdin.end(input);
      }
      this.pid = a.pid;
      const signal = signalOf(a);
      const code = a.state === 0 ? a.code : null;
      if (a.stdout.length) this.stdout.emit('data', a.stdout);
      if (a.stderr.length) this.stderr.emit('data', a.stderr);
      this.exitCode = code;
      this.signalCode = signal;
      this.emit('exit', code, signal);
      this.stdout.emit('end');
      this.stderr.emit('end');
      this.emit('close', code, signal);
    };
    return sendAsync(ac, this.file, this.args, (this.options.cwd as string | undefined) ?? process.cwd(), this.options.env ?? process.env, input);
  }
}

/** Whether spawn(file, args, options) is one the stand-in takes: git, every stdio a pipe, no other option. */
function standInFor(file: unknown, args: unknown, options: unknown): options is Options {
  if (file !== 'git' || !Array.isArray(args) || !args.every((a) => typeof a === 'string') || !options || typeof options !== 'object') return false;
  const o = options as Options;
  for (const k of Object.keys(o)) if (o[k] !== undefined && k !== 'cwd' && k !== 'env' && k !== 'stdio') return false;
  if (o.cwd !== undefined && typeof o.cwd !== 'string') return false;
  const stdio = o.stdio;
  return stdio === undefined || stdio === 'pipe' || (Array.isArray(stdio) && stdio.length === 3 && stdio.every((x) => x === 'pipe'));
}

/**
 * Routes the worker's spawnSync and execFileSync through the spawner (see the top of this file),
 * once per worker; the source's `childProcess()` and the tests' imports of node:child_process see
 * the same functions (syncBuiltinESMExports).
 */
export function useSpawner(): void {
  const bin = process.env[ENV];
  const cp = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process') & { [k: symbol]: boolean };
  const mark = Symbol.for('git-memory.test-spawner');
  if (!bin || cp[mark]) return;
  cp[mark] = true;
  const originalSpawnSync = cp.spawnSync;
  const originalExecFileSync = cp.execFileSync;
  nodeOwn.spawnSync = originalSpawnSync;
  nodeOwn.execFileSync = originalExecFileSync;
  const spawnSync = function spawnSync(file: string, args?: unknown, options?: unknown) {
    return viaSpawner(bin, file, args, options) ?? (originalSpawnSync as (...a: unknown[]) => unknown)(file, args, options);
  } as SpawnSync;
  const execFileSync = function execFileSync(file: string, argsIn?: unknown, optsIn?: unknown) {
    const args = Array.isArray(argsIn) ? (argsIn as string[]) : [];
    const o = ((Array.isArray(argsIn) ? optsIn : argsIn) ?? {}) as Options;
    const ret = viaSpawner(bin, file, args, o);
    if (!ret) return (originalExecFileSync as (...a: unknown[]) => unknown)(file, argsIn, optsIn);
    // As node's execFileSync: stderr goes on to this process's when the caller set no stdio, and a
    // failure throws an error holding the result.
    if (!o.stdio && ret.stderr && ret.stderr.length) process.stderr.write(ret.stderr);
    const r = ret as typeof ret & { error?: Error };
    if (r.error) throw Object.assign(r.error, ret);
    if (ret.status !== 0) {
      let msg = `Command failed: ${[file, ...args].join(' ')}`;
      if (ret.stderr && ret.stderr.length > 0) msg += `\n${ret.stderr.toString()}`;
      throw Object.assign(new Error(msg), ret);
    }
    return ret.stdout;
  } as ExecFileSync;
  const originalExecFile = cp.execFile;
  nodeOwn.execFile = originalExecFile;
  // The returned ChildProcess of a call made through the spawner is a stand-in that only emits
  // 'exit' and 'close' (the source's one execFile, git() in src/git/git.ts, does not use it).
  const execFile = function execFile(this: unknown, file: string, args?: unknown, options?: unknown, callback?: unknown) {
    if (arguments.length !== 4 || !execFileViaSpawner(bin, originalExecFile, file, args, options, callback)) return (originalExecFile as (...a: unknown[]) => unknown).apply(this, arguments as unknown as unknown[]);
    return new EventEmitter();
  } as unknown as ExecFile;
  (execFile as unknown as Record<symbol, unknown>)[promisify.custom] = (originalExecFile as unknown as Record<symbol, unknown>)[promisify.custom];
  cp.spawnSync = spawnSync;
  cp.execFileSync = execFileSync;
  cp.execFile = execFile;
  const originalSpawn = cp.spawn;
  nodeOwn.spawn = originalSpawn;
  const spawn = function spawn(this: unknown, file: string, args?: unknown, options?: unknown) {
    if (arguments.length !== 3 || !standInFor(file, args, options)) return (originalSpawn as (...a: unknown[]) => unknown).apply(this, arguments as unknown as unknown[]);
    return new SpawnStandIn(bin, originalSpawn, file, args as string[], options);
  } as unknown as typeof import('node:child_process').spawn;
  cp.spawn = spawn;
  syncBuiltinESMExports();
}

/** Closes the channel: the spawner sees the end of its requests and exits (also at the worker's exit). */
export function closeSpawner(): void {
  for (const ac of idle.splice(0)) ac.socket.destroy();
  for (const c of started.splice(0)) {
    try {
      closeSync(c.req);
      if (c === channel) closeSync(c.res);
    } catch {
      /* closed already */
    }
  }
  channel = undefined;
  pooled = POOL; // none started again after the end
}
