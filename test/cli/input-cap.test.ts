// Input given on standard input or as a file is capped at 64 KB; one that does not end (`yes |`,
// /dev/zero, a FIFO whose writer stays) was read to its end before the cap was checked: the command
// never returned, and its memory grew with what it read. It is read up to one byte past the cap.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';

const MB = Buffer.alloc(1024 * 1024, 'a');
/** Long enough for a loaded machine; the command answers in well under a second. */
const TIMEOUT_MS = 20_000;

/**
 * The built binary with `args`, fed `megabytes` MB on stdin or into the FIFO `feed` by a writer
 * that then stays: the input never ends. Resolves with its exit, or with `hung` when it had not exited after TIMEOUT_MS.
 */
function runFed(repo: TestRepo, args: string[], feed: 'stdin' | string, megabytes = 1): Promise<{ code: number | null; stdout: string; stderr: string; hung: boolean }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: repo.dir, env: repo.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    child.stdin.on('error', () => undefined); // the reader stopped reading: EPIPE
    const writer = feed === 'stdin' ? child.stdin : createWriteStream(feed);
    writer.on('error', () => undefined);
    for (let i = 0; i < megabytes; i++) writer.write(MB); // and never ended
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      writer.destroy();
      done({ code, stdout, stderr, hung: signal === 'SIGKILL' });
    });
  });
}

describe('input that does not end', () => {
  for (const args of [
    ['end', '--summary', '-'],
    ['tasks', 'set', '-'],
    ['log', '-'],
  ]) {
    it(`\`${args.join(' ')}\` on a standard input that never ends: refused (exit 2, valid --json), nothing written`, async () => {
      const repo = await makeMemoryRepo();
      const head = repo.git('rev-parse', 'HEAD');
      const r = await runFed(repo, [...args, '--json'], 'stdin');
      expect(r.hung, 'the command never returned').toBe(false);
      expect(r.code).toBe(2);
      expect(JSON.parse(r.stdout).error.message).toBe('standard input is more than 65536 bytes; the limit is 65536 (64 KB)');
      expect(repo.git('rev-parse', 'HEAD')).toBe(head);
      expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
    });
  }

  it('`compact --validate -` on a standard input that never ends: refused past 1 MB (exit 2)', async () => {
    const repo = await makeMemoryRepo();
    const r = await runFed(repo, ['compact', '--validate', '-'], 'stdin', 2);
    expect(r.hung, 'the command never returned').toBe(false);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('standard input is more than 1048576 bytes (1 MB): not a compaction summary');
  });

  it('`end --summary-file` naming a FIFO whose writer never closes it: refused the same way', async () => {
    const repo = await makeMemoryRepo();
    const fifo = join(tempDir('gm-fifo-'), 'summary.json');
    execFileSync('mkfifo', [fifo]);
    const r = await runFed(repo, ['end', '--summary-file', fifo], fifo);
    expect(r.hung, 'the command never returned').toBe(false);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${fifo} is more than 65536 bytes; the limit is 65536 (64 KB)`);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('a summary from a FIFO that ends (the shell\'s `<(…)`) is read as before', async () => {
    const repo = await makeMemoryRepo();
    const fifo = join(tempDir('gm-fifo-'), 'summary.json');
    execFileSync('mkfifo', [fifo]);
    const child = spawn(process.execPath, [BIN, 'end', '--summary-file', fifo, '--json'], { cwd: repo.dir, env: repo.env });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    const w = createWriteStream(fifo);
    w.end(JSON.stringify({ request: 'From a pipe' }));
    const code = await new Promise((done) => child.on('close', done));
    expect(code).toBe(0);
    expect(JSON.parse(out).session.commits).toBe(0);
    expect(repo.git('log', '-1', '--format=%s')).toBe('memory: From a pipe\n');
  });
});
