// The sizes part (bench/parts/sizes.mjs) waits for the bench's own background processes, known by
// their environment, before it times anything: a detached process and the child it starts are
// waited for to the end (the first search's index build outlived the marker file the part used to
// wait on), and one that runs on is named after the limit instead of failing the part.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Waited = { ms: number; seen: string[]; still: string[] } | null;
type Part = { settleWorkers: (env: Record<string, string>, maxMs?: number) => Promise<Waited> };
const part = new URL('../../bench/parts/sizes.mjs', import.meta.url).pathname;
const load = async (): Promise<Part> => (await import(part)) as Part;

/** A detached `sh -c script` whose environment carries `home` as OPENCLAW_MEMORY_HOME. */
function detached(home: string, script: string): void {
  spawn('sh', ['-c', script], { env: { ...process.env, OPENCLAW_MEMORY_HOME: home }, detached: true, stdio: 'ignore' }).unref();
}

describe.runIf(existsSync('/proc/self/environ'))('settleWorkers', () => {
  it('waits for what a detached process started after it ended, and not for another run\'s processes', async () => {
    const { settleWorkers } = await load();
    const home = `/tmp/gm-settle-${process.pid}-a`;
    detached(home, 'sleep 0.3 & exit 0'); // ends at once; its child carries the environment on
    detached(`${home}-other`, 'sleep 0.7');
    const w = await settleWorkers({ OPENCLAW_MEMORY_HOME: home });
    expect(w!.seen.join('; ')).toContain('sleep 0.3');
    expect(w!.seen.join('; ')).not.toContain('sleep 0.7');
    expect(w!.ms).toBeGreaterThanOrEqual(250);
    expect(w!.still).toEqual([]);
  });

  it('names what still runs after the limit instead of failing', async () => {
    const { settleWorkers } = await load();
    const home = `/tmp/gm-settle-${process.pid}-b`;
    detached(home, 'sleep 1');
    const w = await settleWorkers({ OPENCLAW_MEMORY_HOME: home }, 100);
    expect(w!.still.join('; ')).toContain('sleep 1');
  });
});
