// A FIFO (or any special file) as transcript_path: no hook, and no worker a hook starts, may block
// on it. Before, opening it for reading waited for a writer forever: tool-use, stop, pre-compact and
// post-compact hung, and session-end left a worker blocked.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, tempDir } from '../helpers/repo.js';
import { settledOrAfter } from '../helpers/settled.js';

const SESSION = '00893aaf-19fa-41d2-8238-13269b9b3ca0';

/** Whether some process has the FIFO open for reading (or waits in open() to): a writer's non-blocking open then succeeds. */
function someoneReads(fifo: string): boolean {
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENXIO') return false;
    throw e;
  }
}

describe('a FIFO as transcript_path', () => {
  it('every agent hook returns at once, and no worker is left waiting on it', async () => {
    const repo = await makeMemoryRepo();
    const fifo = join(tempDir(), `${SESSION}.jsonl`);
    execFileSync('mkfifo', [fifo]);
    const hook = (event: string, extra: Record<string, unknown> = {}) => {
      const input = JSON.stringify({ session_id: SESSION, transcript_path: fifo, cwd: repo.dir, hook_event_name: event, ...extra });
      const started = Date.now();
      const r = spawnSync(process.execPath, [BIN, 'hook', 'agent', event, '--agent', 'claude'], { cwd: repo.dir, env: repo.env, input, encoding: 'utf8', timeout: 8000 });
      return { event, status: r.status, signal: r.signal, stderr: r.stderr, ms: Date.now() - started };
    };
    const runs = [
      hook('session-start', { source: 'startup' }),
      hook('tool-use', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: {} }),
      hook('stop'),
      hook('pre-compact', { trigger: 'auto' }),
      hook('post-compact', { trigger: 'auto', compact_summary: 'summary' }),
      hook('session-end', { reason: 'other' }),
    ];
    for (const r of runs) expect([r.event, r.status, r.signal]).toEqual([r.event, 0, null]);
    // The workers the hooks start (notes, compaction, finalise) run detached: give them time to reach
    // the file (3 s, or until all have ended: then none can reach it later).
    await settledOrAfter(repo, 3000);
    expect(someoneReads(fifo)).toBe(false);
  }, 90_000);
});
