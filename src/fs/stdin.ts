import { fstatSync, readSync } from 'node:fs';

/**
 * Reads a stream (standard input unless told otherwise) to its end. With `tty: 'empty'` a terminal
 * counts as no input: an agent hook run by hand must not wait for a Ctrl-D that nobody types.
 */
export async function readStdin(stream: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin, opts: { tty?: 'empty' | 'read' } = {}): Promise<Buffer> {
  if (opts.tty === 'empty' && stream.isTTY) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks);
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
