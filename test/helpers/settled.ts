// Waiting for the detached workers a hook or a command started, by their processes: a test that
// waited a fixed time for a worker's file (or for nothing to appear) failed when a loaded machine
// ran the worker late — it runs at the lowest priority — and spent that time when it ran early.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { TestRepo } from './repo.js';

/** How long a worker may take before the wait fails: most of the test's own time-out (vitest.config.ts). */
const MOST_MS = 50_000;
/** Where there is no /proc to ask (not Linux): the fixed wait the tests used before. */
const BLIND_MS = 1500;

const HAS_PROC = existsSync('/proc/self/environ');

/** `NAME=value` as it stands in /proc/PID/environ, between NULs. */
function holdsMarker(env: Buffer, marker: Buffer): boolean {
  for (let at = env.indexOf(marker); at !== -1; at = env.indexOf(marker, at + 1)) {
    if (at === 0 || env[at - 1] === 0) return true;
  }
  return false;
}

/**
 * Live processes (not zombies) whose environment holds `marker`, other than this one. A process in
 * the middle of an exec shows an empty environment for a moment (the kernel has put in its new
 * memory, not yet its environment): a hook's background job read just as it execs git-memory would
 * be missed, and the wait would end before the job began. So where no holder is found but a user
 * process shows an empty environment, those are read again for a little while.
 */
function holders(marker: Buffer): number[] {
  const pids: number[] = [];
  let blank: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (name.charCodeAt(0) > 57 || Number(name) === process.pid || !/^\d+$/.test(name)) continue;
    try {
      const env = readFileSync(`/proc/${name}/environ`);
      if (holdsMarker(env, marker)) pids.push(Number(name));
      else if (!env.length) blank.push(Number(name));
    } catch {
      /* gone meanwhile, or not ours to read */
    }
  }
  if (pids.length) return pids.filter(alive);
  blank = blank.filter((pid) => alive(pid) && !kernelThread(pid));
  for (let round = 0; blank.length && round < EXEC_ROUNDS; round++) {
    sleepSync(2);
    const now: number[] = [];
    for (const pid of blank) {
      try {
        const env = readFileSync(`/proc/${pid}/environ`);
        if (holdsMarker(env, marker)) pids.push(pid);
        else if (!env.length && alive(pid)) now.push(pid);
      } catch {
        /* gone */
      }
    }
    if (pids.length) return pids.filter(alive);
    blank = now;
  }
  return [];
}

/** How many times (2 ms apart) a process with an empty environment is read again: an exec takes well under that. */
const EXEC_ROUNDS = 25;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleepSync = (ms: number) => void Atomics.wait(sleeper, 0, 0, ms);

/** A kernel thread (kthreadd's child, or kthreadd): its environment is always empty. */
function kernelThread(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return ppid === 2 || ppid === 0;
  } catch {
    return true;
  }
}

/** Whether the process runs (a zombie has finished: its parent, gone too, never waits for it). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Resolves once no process started for `repo` runs any more: the hook's detached workers, and what
 * they started in turn (every process git-memory starts inherits the environment, so each carries
 * the repository's own OPENCLAW_MEMORY_HOME). A hook run with spawnSync has started its worker
 * before it exited, so after this whatever the worker would write is written. Fails, naming the
 * processes, if they still run after most of the test's time-out.
 */
export async function settled(repo: Pick<TestRepo, 'env'>, ms = MOST_MS): Promise<void> {
  const running = await waitFor(repo, ms, BLIND_MS);
  if (!running.length) return;
  const what = running.map((pid) => {
    try {
      // Its nice value too: one at 19 beside processes at normal priority gets ~1.5% of a core (src/nice.ts).
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      const nice = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16];
      return `${pid} (nice ${nice}): ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()}`;
    } catch {
      return String(pid);
    }
  });
  throw new Error(`still running after ${ms} ms:\n${what.join('\n')}`);
}

/**
 * Waits as a fixed wait of `ms` did, but no longer than the repository's processes run: resolves
 * once none runs (as `settled`), or once `ms` have passed with some still running, and never fails.
 * For a test that looks, after its fixed time, at what the workers did or did not do: a worker
 * still running then is seen as it was with the fixed wait, and when all have ended before, nothing
 * of theirs can change in the rest of the wait.
 */
export async function settledOrAfter(repo: Pick<TestRepo, 'env'>, ms: number): Promise<void> {
  await waitFor(repo, ms, ms);
}

/**
 * Waits until no process of `repo` runs, or `ms` have passed; returns those still running. Where
 * there is no /proc to ask, waits `blindMs` instead.
 */
async function waitFor(repo: Pick<TestRepo, 'env'>, ms: number, blindMs: number): Promise<number[]> {
  const home = repo.env.OPENCLAW_MEMORY_HOME;
  if (!home) throw new Error('settled: the repository\'s environment has no OPENCLAW_MEMORY_HOME to know its processes by');
  if (!HAS_PROC) {
    await pause(blindMs);
    return [];
  }
  const marker = Buffer.from(`OPENCLAW_MEMORY_HOME=${home}\0`);
  const deadline = Date.now() + ms;
  // A whole scan of /proc costs a few milliseconds: it is made again only when the processes it
  // found have ended (to find those they started), and in between only their own entries are read.
  for (let running = holders(marker); running.length; running = holders(marker)) {
    for (let delay = 5; running.some(alive); delay = Math.min(delay * 2, 50)) {
      const left = deadline - Date.now();
      if (left <= 0) {
        const still = running.filter(alive);
        if (still.length) return still;
        break; // they ended just now: look once more for what they started
      }
      await pause(Math.min(delay, left));
    }
  }
  return [];
}
