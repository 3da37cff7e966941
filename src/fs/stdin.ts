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
