import { writeSync } from 'node:fs';

let streaming = false;

/**
 * Writes to standard output through file descriptor 1, in order, before returning: the agent
 * hooks print one short JSON document or a few lines, and `process.stdout` would first load node's
 * stream modules (and net's, for a pipe) — milliseconds of a hook the agent waits for. A pipe that
 * would block (full, or left non-blocking by the reader) takes the rest, and all that follows,
 * through `process.stdout`, which waits for it.
 */
export function writeStdout(text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  if (!streaming) {
    try {
      while (done < bytes.length) done += writeSync(1, bytes, done, bytes.length - done);
      return;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EAGAIN' && code !== 'EWOULDBLOCK') throw e;
      streaming = true;
    }
  }
  process.stdout.write(bytes.subarray(done));
}
