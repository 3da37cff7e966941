// One `git fast-import` process fed a stream: thousands of commits without a process per commit.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

/** A `data` command for a UTF-8 text (its length is in bytes). */
export const data = (text) => `data ${Buffer.byteLength(text)}\n${text}\n`;

/** Streams commands into `git fast-import`; `marks()` asks it for the ids of commits already sent. */
export class FastImport {
  /** @param {string} cwd @param {Record<string, string>} env */
  constructor(cwd, env) {
    this.proc = spawn('git', ['fast-import', '--quiet', '--done'], { cwd, env, stdio: ['pipe', 'pipe', 'inherit'] });
    this.chunks = [];
    this.size = 0;
    this.lines = [];
    this.waiters = [];
    let partial = '';
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (text) => {
      partial += text;
      for (let i; (i = partial.indexOf('\n')) >= 0; ) {
        const line = partial.slice(0, i);
        partial = partial.slice(i + 1);
        const waiter = this.waiters.shift();
        if (waiter) waiter.resolve(line);
        else this.lines.push(line);
      }
    });
    this.closed = new Promise((resolve, reject) => {
      this.proc.on('error', reject);
      this.proc.on('close', (code) => {
        const error = new Error(`git fast-import exited with ${code}`);
        for (const w of this.waiters.splice(0)) w.reject(error);
        if (code === 0) resolve();
        else reject(error);
      });
    });
    // A failure surfaces through the awaited calls; keep node from reporting it twice.
    this.closed.catch(() => {});
  }

  /** Queues text; it is sent in large writes. */
  async write(text) {
    this.chunks.push(text);
    this.size += text.length;
    if (this.size > 1 << 20) await this.flush();
  }

  async flush() {
    if (!this.chunks.length) return;
    const text = this.chunks.join('');
    this.chunks = [];
    this.size = 0;
    if (!this.proc.stdin.write(text)) await Promise.race([once(this.proc.stdin, 'drain'), this.closed]);
  }

  /** Full object ids of the given marks (`get-mark`), in order. */
  async marks(ids) {
    if (!ids.length) return [];
    await this.write(ids.map((id) => `get-mark :${id}\n`).join(''));
    await this.flush();
    return Promise.all(ids.map(() => this.nextLine()));
  }

  nextLine() {
    if (this.lines.length) return Promise.resolve(this.lines.shift());
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Ends the stream and waits for the import to finish. */
  async done() {
    await this.write('done\n');
    await this.flush();
    this.proc.stdin.end();
    await this.closed;
  }
}
