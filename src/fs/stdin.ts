import { fstatSync, readSync } from 'node:fs';

/**
 * Reads a stream (standard input unless told otherwise) to its end. With `tty: 'empty'` a terminal
 * counts as no input: an agent hook run by hand must not wait for a Ctrl-D that nobody types.
 * With `max`, reading stops once more than `max` bytes came (`yes | …` never ends) and the first
 * `max` + 1 are returned: the rest is not read, and the caller refuses the input as too long.
 */
export async function readStdin(stream: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin, opts: { tty?: 'empty' | 'read'; max?: number } = {}): Promise<Buffer> {
  if (opts.tty === 'empty' && stream.isTTY) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    const b = typeof c === 'string' ? Buffer.from(c) : (c as Buffer);
    chunks.push(b);
    size += b.length;
    if (opts.max !== undefined && size > opts.max) break; // leaving the loop closes the stream
  }
  const all = Buffer.concat(chunks);
  return opts.max !== undefined && all.length > opts.max + 1 ? all.subarray(0, opts.max + 1) : all;
}

/**
 * The process's standard input to its end, a terminal counting as none (the agent hooks' input).
 * Read from file descriptor 0 directly: `process.stdin` loads node's stream machinery, a few
 * milliseconds of a hook that runs after every tool call. A descriptor that would block (a pipe
 * left non-blocking by its writer) is read on through the stream.
 */
export async function readHookStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    // A terminal (or /dev/null): nothing to read.
    if (fstatSync(0).isCharacterDevice()) return Buffer.alloc(0);
    const buf = Buffer.allocUnsafe(64 * 1024);
    for (let n = readSync(0, buf, 0, buf.length, null); n > 0; n = readSync(0, buf, 0, buf.length, null)) chunks.push(Buffer.from(buf.subarray(0, n)));
    return Buffer.concat(chunks);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EBADF') return Buffer.alloc(0);
    if (code !== 'EAGAIN' && code !== 'EWOULDBLOCK') throw e;
  }
  return Buffer.concat([...chunks, await readStdin(process.stdin, { tty: 'empty' })]);
}
