// Where a run's time goes, for GIT_MEMORY_TRACE (off unless set): named moments of the fast starts
// (the entry point, `end`, the primer, the memory commit), timed from the node process's own start,
// printed when the run ends. The bench prints `end`'s with it (bench/parts/end.mjs), and anyone can
// see on their own machine which phase a slow run spent its time in.
//
// The entry point and the bundle it loads (end.js, primer.js) each hold a copy of this module: the
// moments live in one global, as the early git calls do (git/early.ts).
import { appendFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';

const SLOT = Symbol.for('git-memory.trace');
/** The run's moments, and where they go; null when GIT_MEMORY_TRACE asks for none. */
type Trace = { target: string; list: [label: string, ms: number][] } | null;

/**
 * Where GIT_MEMORY_TRACE sends the trace: `1`, `2` or `true` standard error, an absolute path
 * appended to; anything else (unset, `0`, `false`, a relative path) none, as GIT_TRACE reads it.
 */
export function traceTarget(value: string | undefined): 'stderr' | string | null {
  const v = value?.trim() ?? '';
  if (v === '1' || v === '2' || v.toLowerCase() === 'true') return 'stderr';
  return isAbsolute(v) ? v : null;
}

function trace(): Trace {
  const g = globalThis as Record<symbol, Trace | undefined>;
  if (g[SLOT] === undefined) {
    const target = traceTarget(process.env.GIT_MEMORY_TRACE);
    g[SLOT] = target ? { target, list: [] } : null;
  }
  return g[SLOT];
}

/** At most this many moments are held: a long-lived process (the MCP server) never flushes them. */
const MOST = 1000;

/** Notes that `label` is reached now; nothing unless GIT_MEMORY_TRACE is set. */
export function mark(label: string): void {
  const list = trace()?.list;
  if (list && list.length < MOST) list.push([label, performance.now()]);
}

/**
 * The moments as lines: `git-memory trace: <command> <ms since node started> +<ms since the
 * previous moment> <label>`.
 */
export function traceLines(command: string, list: readonly (readonly [string, number])[]): string {
  let before = 0;
  let out = '';
  for (const [label, ms] of list) {
    out += `git-memory trace: ${command} ${ms.toFixed(1)} +${(ms - before).toFixed(1)} ${label}\n`;
    before = ms;
  }
  return out;
}

/** Writes the run's moments, with a last one for its end, where GIT_MEMORY_TRACE says; never throws. */
export function flushTrace(command: string): void {
  const t = trace();
  if (!t?.list.length) return;
  mark('done');
  const text = traceLines(command, t.list);
  t.list.length = 0;
  try {
    if (t.target === 'stderr') process.stderr.write(text);
    else appendFileSync(t.target, text);
  } catch {
    /* a trace that cannot be written is not the run's failure */
  }
}
