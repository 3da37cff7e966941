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
type Options = Record<string, unknown> & { env?: NodeJS.ProcessEnv; cwd?: unknown; input?: unknown; encoding?: string; stdio?: unknown; maxBuffer?: number };

interface Answer {
  state: number;
  code: number;
  pid: number;
  stdout: Buffer;
  stderr: Buffer;
}

let channel: { req: number; res: number } | null | undefined;

/** node's own spawnSync and execFileSync, as they were before useSpawner replaced them (for the spawner's tests). */
export const nodeOwn: { spawnSync?: SpawnSync; execFileSync?: ExecFileSync } = {};

/** Opens the spawner's two FIFOs, starting it on first use; null where it cannot be had. */
function open(bin: string): { req: number; res: number } | null {
  if (channel !== undefined) return channel;
  channel = null;
  try {
    const dir = tempDir('gm-spawner-', 'worker');
    // Started by node itself, once; it ends when this worker closes the request FIFO (at its exit).
    const { spawn } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
    const child = spawn(bin, [dir], { stdio: 'ignore' });
    child.unref();
    // vitest ends a worker with SIGTERM. The spawner is then let go and waited for, so that its
    // processor time, and that of every process it started, is counted in this worker's and in the
    // run's (a process whose parent exited first is counted nowhere): then the worker ends by that
    // signal, as it would have at once.
    process.once('SIGTERM', () => {
      const end = () => process.kill(process.pid, 'SIGTERM');
      if (child.exitCode !== null || child.signalCode !== null) return end();
      child.once('exit', end);
      setTimeout(end, 300);
      closeSpawner();
    });
    const waitUntil = Date.now() + 10_000;
    const shared = new Int32Array(new SharedArrayBuffer(4));
    while (!isFifo(join(dir, 'res'))) {
      if (Date.now() > waitUntil || child.exitCode !== null) return null;
      Atomics.wait(shared, 0, 0, 2);
    }
    const req = openSync(join(dir, 'req'), 'w');
    const res = openSync(join(dir, 'res'), 'r');
    channel = { req, res };
  } catch {
    channel = null;
  }
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

function ask(ch: { req: number; res: number }, file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, input: Buffer | null): Answer {
  const envPairs: string[] = [];
  for (const [k, v] of Object.entries(env)) if (v !== undefined) envPairs.push(`${k}=${v}`);
  const parts = [...field(cwd), ...field(file), num(args.length + 1), ...field(file), ...args.flatMap((a) => field(a)), num(envPairs.length), ...envPairs.flatMap((e) => field(e)), num(input ? 1 : 0), ...field(input ?? '')];
  const all = Buffer.concat(parts);
  for (let at = 0; at < all.length; ) at += writeSync(ch.req, all, at, all.length - at);
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
  const signal = a.state === 1 ? ((Object.entries(constants.signals).find(([, n]) => n === a.code)?.[0] ?? null) as NodeJS.Signals | null) : null;
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
  cp.spawnSync = spawnSync;
  cp.execFileSync = execFileSync;
  syncBuiltinESMExports();
}

/** Closes the channel: the spawner sees the end of its requests and exits (also at the worker's exit). */
export function closeSpawner(): void {
  if (!channel) return;
  closeSync(channel.req);
  closeSync(channel.res);
  channel = undefined;
}
