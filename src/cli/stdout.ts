import { writeSync } from 'node:fs';

/**
 * A writer for standard output that uses plain writes. process.stdout, made on first use, loads
 * node's stream modules (and net, for a pipe): 3-5 ms that every primer, at every agent session
 * start, would pay to print a few kilobytes.
 *
 * When a write cannot finish at once (a non-blocking pipe that is full), that write and every
 * later one go through `fallback()` (process.stdout, which queues them), so the order holds. A
 * reader that went away (`git memory search … | head`) ends the output quietly, as git's own
 * commands do, instead of with an unhandled EPIPE error.
 */
export function stdoutWriter(fd = 1, fallback: () => NodeJS.WritableStream = () => process.stdout): (text: string) => void {
  let queued = false;
  let closed = false;
  return (text) => {
    if (closed) return;
    if (queued) return void fallback().write(text);
    const bytes = Buffer.from(text);
    let done = 0;
    try {
      while (done < bytes.length) done += writeSync(fd, bytes, done);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') closed = true;
      else if (code === 'EAGAIN') {
        queued = true;
        fallback().write(bytes.subarray(done));
      } else throw e;
    }
  };
}
