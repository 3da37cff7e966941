import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { stdoutWriter } from '../../src/fs/stdout.js';
import { tempDir } from '../helpers/repo.js';

/** A named pipe opened at both ends: the write end non-blocking, as a full pipe shows it. */
function pipe() {
  const path = join(tempDir('gm-fifo-'), 'out');
  execFileSync('mkfifo', [path]);
  const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  const drain = () => {
    const chunks: Buffer[] = [];
    const buf = Buffer.alloc(1 << 16);
    for (;;) {
      let n = 0;
      try {
        n = readSync(reader, buf);
      } catch {
        break; // EAGAIN: nothing more for now
      }
      if (n <= 0) break;
      chunks.push(Buffer.from(buf.subarray(0, n)));
    }
    return Buffer.concat(chunks).toString();
  };
  return { reader, writer, drain };
}

/** Stands in for process.stdout: collects what is queued on it. */
function queue() {
  let text = '';
  const stream = new Writable({ write: (chunk, _enc, done) => ((text += chunk.toString()), done()) });
  return { stream, text: () => text };
}

describe('standard output without process.stdout', () => {
  it('writes straight to the descriptor, and queues the rest in order once a pipe is full', () => {
    const p = pipe();
    const q = queue();
    let asked = 0;
    const out = stdoutWriter(p.writer, () => (asked++, q.stream));
    out('first line\n');
    expect(p.drain()).toBe('first line\n');
    expect(asked).toBe(0); // process.stdout never made

    const big = Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`).join(''); // beyond a pipe's 64 KB
    out(big);
    out('after\n');
    expect(asked).toBe(1); // made once, its error listener with it
    expect(p.drain() + q.text()).toBe(`${big}after\n`);
    closeSync(p.writer);
    closeSync(p.reader);
  });

  it('stops quietly once the reader has gone (EPIPE), and still throws other errors', () => {
    const p = pipe();
    closeSync(p.reader);
    const out = stdoutWriter(p.writer, () => {
      throw new Error('not to be used');
    });
    expect(() => out('nobody reads this\n')).not.toThrow();
    expect(() => out('nor this\n')).not.toThrow();
    closeSync(p.writer);
    expect(() => stdoutWriter(p.writer)('x')).toThrow(/EBADF/);
  });
});
