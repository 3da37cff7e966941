import { writeSync } from 'node:fs';

/**
 * A writer for standard output that uses plain writes to the descriptor. process.stdout, made on
 * first use, loads node's stream modules (and net's, for a pipe): milliseconds that every primer at
 * every agent session start, and every agent hook the agent waits for, would pay to print a few
 * kilobytes or one short JSON document.
 *
 * When a write cannot finish at once (a non-blocking pipe that is full, or left non-blocking by the
 * reader), that write and every later one go through `fallback()` (process.stdout, which queues
 * them), so the order holds. A reader that went away (`git memory search … | head`, an agent that
 * stopped listening) ends the output quietly, as git's own commands do, instead of with an
 * unhandled EPIPE error.
 */
export function stdoutWriter(fd = 1, fallback: () => NodeJS.WritableStream = () => process.stdout): (text: string) => void {
  let queued = false;
  let closed = false;
  let stream: NodeJS.WritableStream | null = null;
  // The queued writes fail later, on the stream: a reader gone by then ends the output as quietly.
  const queue = () => {
    if (!stream) {
      stream = fallback();
      stream.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EPIPE') throw e;
        closed = true;
      });
    }
    return stream;
  };
  return (text) => {
    if (closed) return;
    if (queued) return void queue().write(text);
    const bytes = Buffer.from(text, 'utf8');
    let done = 0;
    try {
      while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') closed = true;
      else if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
        queued = true;
        queue().write(bytes.subarray(done));
      } else throw e;
    }
  };
}

/** The process's standard output, written as stdoutWriter() writes (the agent hooks print through it). */
export const writeStdout = stdoutWriter();
