// zlib streams made and read through node's zlib handle, without loading node:zlib: loading it
// loads the stream modules, ~8 M instructions (~2 ms) of a start, more than the few small objects
// git-memory reads and writes (a primer's log step, `end`'s memory commit) cost to inflate and
// deflate. Where node does not allow the handle (see light-spawn.ts), node:zlib as before.
import { createRequire } from 'node:module';
import { mayWarn } from './light-spawn.js';

type Zlib = typeof import('node:zlib');
let zlib: Zlib | undefined;
const nodeZlib = (): Zlib => (zlib ??= createRequire(import.meta.url)('node:zlib') as Zlib);

interface ZlibHandle {
  onerror: (message: string) => void;
  init(windowBits: number, level: number, memLevel: number, strategy: number, state: Uint32Array, callback: () => void, dictionary: undefined): void;
  writeSync(flush: number, input: Buffer, inAt: number, inLength: number, out: Buffer, outAt: number, outLength: number): void;
  close(): void;
}
type ZlibBinding = { Zlib: new (mode: number) => ZlibHandle };
let binding: ZlibBinding | null | undefined;

function handleBinding(): ZlibBinding | null {
  if (binding === undefined) {
    try {
      const b = mayWarn() ? null : ((process as unknown as { binding: (name: string) => unknown }).binding('zlib') as ZlibBinding | null);
      binding = typeof b?.Zlib === 'function' ? b : null;
    } catch {
      binding = null;
    }
  }
  return binding;
}

const DEFLATE = 1;
const INFLATE = 2;
const Z_FINISH = 4;
const Z_DEFAULT_COMPRESSION = -1;

/**
 * One pass of the handle of `mode` over the whole of `input` into a buffer of `room` bytes, with
 * Z_FINISH: the bytes made, whether they filled the buffer (a stream longer than `room` is cut
 * there), and whether zlib refused the stream.
 */
function pass(b: ZlibBinding, mode: number, input: Buffer, room: number): { out: Buffer; full: boolean; failed: boolean } {
  const state = new Uint32Array(2); // [room left in out, input left]
  const handle = new b.Zlib(mode);
  let failed = false;
  handle.onerror = () => {
    failed = true;
  };
  const out = Buffer.allocUnsafe(room);
  try {
    handle.init(15, mode === DEFLATE ? Z_DEFAULT_COMPRESSION : -1, 8, 0, state, () => {}, undefined);
    handle.writeSync(Z_FINISH, input, 0, input.length, out, 0, room);
  } finally {
    handle.close();
  }
  return { out: out.subarray(0, room - state[0]!), full: state[0] === 0, failed };
}

/**
 * `input` (a zlib stream, anything after its end ignored) inflated into at most `most` bytes; null
 * where zlib refuses it.
 */
export function inflateAtMost(input: Buffer, most: number): Buffer | null {
  const b = handleBinding();
  if (!b) {
    try {
      const out = nodeZlib().inflateSync(input);
      return out.length > most ? out.subarray(0, most) : out;
    } catch {
      return null;
    }
  }
  const r = pass(b, INFLATE, input, most);
  return r.failed ? null : r.out;
}

/** `input` (a whole zlib stream) inflated, as node:zlib's inflateSync; throws where zlib refuses it. */
export function inflateWhole(input: Buffer): Buffer {
  const b = handleBinding();
  if (b) {
    // Trees and commits inflate to a few times their size: a room that was filled may have cut it.
    for (let room = Math.max(4096, input.length * 4); room <= 1 << 28; room *= 4) {
      const r = pass(b, INFLATE, input, room);
      if (r.failed) throw new Error('zlib: not a zlib stream');
      if (!r.full) return r.out;
    }
  }
  return nodeZlib().inflateSync(input);
}

/** `input` deflated into one zlib stream at zlib's default level, as node:zlib's deflateSync makes it. */
export function deflateWhole(input: Buffer): Buffer {
  const b = handleBinding();
  if (b) {
    // zlib's deflateBound is under this: a room left over says the stream is whole.
    const r = pass(b, DEFLATE, input, input.length + (input.length >> 3) + 64);
    if (!r.failed && !r.full) return r.out;
  }
  return nodeZlib().deflateSync(input);
}
