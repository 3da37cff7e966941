// Wall-clock timing of whole processes, the way a user meets them: spawn, run, exit.
import { spawnSync } from 'node:child_process';

// The environment every bench process gets: the same as the tests' (one definition for both).
export { cleanEnv } from '../test/helpers/clean-env.mjs';

/**
 * Runs a command once and returns its wall time in ms; throws when it fails (a failing command
 * would be timed doing something else than what the table says).
 * @param {Candidate} c
 */
export function runOnce(c) {
  c.before?.();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(c.cmd, c.args, { cwd: c.cwd, env: c.env, input: c.input ?? '', maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  c.after?.();
  if (r.error || r.status !== 0) {
    const why = r.error ? r.error.message : `exit ${r.status ?? r.signal}: ${String(r.stderr).trim().slice(0, 500)}`;
    throw new Error(`${c.name}: \`${[c.cmd, ...c.args].join(' ')}\` failed in ${c.cwd} (${why})`);
  }
  return ms;
}

/**
 * Writes what the bench wrote before (the working copies it just made, the sessions and commits of
 * the parts before) to disk, and waits for it: `sync`. Without it that writeback ran while the next
 * figure was timed, and hit its candidates unevenly: the first primer after a clone, which creates
 * a dozen files, measured 1.55-1.62x a warm one right after `end`'s runs, and 1.12-1.14x after a
 * sync (three runs each, same build).
 */
function settleDisk() {
  spawnSync('sync', [], { stdio: 'ignore' });
}

/** Median and 90th percentile of a sample. */
export function stats(times) {
  const s = [...times].sort((a, b) => a - b);
  const n = s.length;
  const median = n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  return { median, p90: s[Math.max(0, Math.ceil(0.9 * n) - 1)], min: s[0], n };
}

/**
 * @typedef {object} Candidate
 * @property {string} name
 * @property {string} cmd
 * @property {string[]} args
 * @property {string} cwd
 * @property {Record<string, string>} env
 * @property {string} [input] stdin
 * @property {() => void} [before] untimed setup before every run (e.g. reset a branch)
 * @property {() => void} [after] untimed, after every run (e.g. wait for a worker it started)
 */

/**
 * Times the candidates `runs` times each after `warmup` untimed rounds. Rounds are interleaved
 * (A B C, B C A, …) so that machine noise and disk-cache state hit every candidate alike.
 * @param {Candidate[]} candidates
 * @param {{ runs: number, warmup?: number }} opts
 * @returns {Record<string, { median: number, p90: number, min: number, n: number }>}
 */
export function measure(candidates, { runs, warmup = 2 }) {
  settleDisk();
  for (let w = 0; w < warmup; w++) for (const c of candidates) runOnce(c);
  const times = candidates.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < candidates.length; j++) {
      const k = (i + j) % candidates.length;
      times[k].push(runOnce(candidates[k]));
    }
  }
  return Object.fromEntries(candidates.map((c, k) => [c.name, stats(times[k])]));
}
