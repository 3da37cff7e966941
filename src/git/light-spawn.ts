// Starts a process without loading node:child_process. Loading that module also loads net, dgram
// and the stream modules: ~1.7 ms, and its first spawn another ~1.5 ms of set-up, on a path (the
// primer when HEAD moved, or its staleness check) whose whole budget over a bare node is ~12 ms.
// Node's own ChildProcess wraps the same handle (process_wrap's Process); this calls it directly,
// with the options ChildProcess.spawn passes it. Anything unexpected returns false, and the caller
// uses node:child_process as before.

interface ProcessHandle {
  onexit: (code: number, signal: string) => void;
  spawn(options: Record<string, unknown>): number;
  close(): void;
  unref(): void;
  pid?: number;
}

type ProcessWrap = { Process: new () => ProcessHandle };

/**
 * process.binding is deprecated in documentation only on the node versions this was checked on (20
 * to 22): it prints a warning only under --pending-deprecation. There, and on later versions (which
 * may warn at run time), do without it: a hook never writes a stray warning.
 */
export function mayWarn(): boolean {
  const major = Number(process.versions.node.split('.')[0]);
  return !(major >= 20 && major <= 22) || !!process.env.NODE_PENDING_DEPRECATION || /--pending-deprecation/.test(`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`);
}

let wrap: ProcessWrap | null | undefined;
function processWrap(): ProcessWrap | null {
  if (wrap !== undefined) return wrap;
  try {
    const binding = (process as unknown as { binding?: (name: string) => unknown }).binding;
    const got = !mayWarn() && typeof binding === 'function' ? (binding.call(process, 'process_wrap') as ProcessWrap) : null;
    wrap = typeof got?.Process === 'function' ? got : null;
  } catch {
    wrap = null;
  }
  return wrap;
}

/**
 * Starts `file` (found on the env's PATH) with `args` through node's process handle, with the
 * options ChildProcess.spawn passes it; the handle, or null having started nothing (no handle here,
 * or the spawn failed: the command not found, say).
 */
function start(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, stdio: unknown[], detached: boolean, onExit: (code: number, signal: string) => void): ProcessHandle | null {
  const w = processWrap();
  if (!w) return null;
  try {
    const handle = new w.Process();
    handle.onexit = (code, signal) => {
      handle.close();
      onExit(code, signal);
    };
    const envPairs: string[] = [];
    for (const [k, v] of Object.entries(env)) if (v !== undefined) envPairs.push(`${k}=${v}`);
    const err = handle.spawn({ file, args: [file, ...args], cwd, envPairs, stdio, detached, windowsHide: false, windowsVerbatimArguments: false });
    if (err !== 0) {
      handle.close();
      return null;
    }
    return handle;
  } catch {
    return null;
  }
}

/**
 * Starts `file` (found on the env's PATH) with `args`, stdin and stderr ignored and stdout written
 * to the open descriptor `stdoutFd`; `onExit` gets the exit code (null when killed by a signal).
 * Returns null, having started nothing, where the handle is not available or the spawn failed
 * (the command not found, say): the caller then falls back to node:child_process. The process
 * returned may be unref()'d: this process then exits without waiting for it.
 */
export function spawnToFd(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, stdoutFd: number, onExit: (code: number | null) => void): { unref(): void } | null {
  const stdio = [{ type: 'ignore' }, { type: 'fd', fd: stdoutFd }, { type: 'ignore' }];
  return start(file, args, cwd, env, stdio, false, (code, signal) => onExit(signal ? null : code));
}

/**
 * Starts `file` with `args` in a session of its own, every stdio ignored, and lets this process
 * exit without it (as child_process.spawn with `detached`, `stdio: 'ignore'` and unref() does): the
 * agent hooks' workers, one at every compaction. Returns its pid, or null, having started nothing,
 * where the handle is not available or the spawn failed: the caller then uses node:child_process.
 */
export function spawnDetached(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): number | null {
  const handle = start(file, args, cwd, env, [{ type: 'ignore' }, { type: 'ignore' }, { type: 'ignore' }], true, () => undefined);
  if (!handle) return null;
  handle.unref();
  return typeof handle.pid === 'number' ? handle.pid : null;
}
