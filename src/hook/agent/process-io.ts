// The agent hooks' input and output: the process's own streams, and detached workers for the work
// the agent must not wait for.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { childProcess } from '../../child-process.js';
import { spawnDetached } from '../../git/light-spawn.js';
import { readHookStdin } from '../../fs/stdin.js';
import { writeStdout } from '../../fs/stdout.js';

/** Where the agent hook reads and writes; the lean entry passes the process's own. */
export interface AgentHookIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  readStdin(): Promise<Buffer>;
  out(text: string): void;
  err(text: string): void;
  /**
   * Starts `git-memory <args>` detached in `cwd`, so the agent does not wait for it; `low` runs it
   * at the lowest priority (work for a later hook, which must not slow the agent's own).
   */
  startWorker(args: string[], cwd: string, opts?: { low?: boolean }): void;
}

/**
 * The lowest priority for a detached worker. On Linux a detached process leads a session of its
 * own, and with autogroup scheduling (the desktop default) its nice value counts only within that
 * session: its group's nice is lowered too, or it would take a full share of the processor beside
 * the agent and its hooks.
 */
function lowerPriority(pid: number): void {
  try {
    // node:os only here: loading it cost every SessionStart ~0.1 ms, and few of them start a worker.
    (createRequire(import.meta.url)('node:os') as typeof import('node:os')).setPriority(pid, 19);
  } catch {
    /* not allowed here (or already gone): it runs at the same priority */
  }
  if (process.platform !== 'linux') return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, '19');
  } catch {
    /* no autogroup scheduling here */
  }
}

/** The process's own streams, and a detached `git-memory` for the end-of-session work. */
export function processHookIo(): AgentHookIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    readStdin: () => readHookStdin(),
    out: (t) => writeStdout(t),
    err: (t) => void process.stderr.write(t),
    startWorker: (args, cwd, opts) => {
      // Claude Code gives all SessionEnd hooks 1.5 s together, and Gemini CLI does not wait at all:
      // the journal entry, primer and commit are written by a process that outlives the hook.
      // Without node:child_process where node allows it (~3 ms of the PreCompact hook, which starts
      // one at every compaction); child_process, with net and the streams it loads, otherwise.
      const argv = [process.argv[1]!, ...args];
      let pid = spawnDetached(process.execPath, argv, cwd, process.env);
      if (pid === null) {
        const child = childProcess().spawn(process.execPath, argv, { cwd, env: process.env, detached: true, stdio: 'ignore' });
        child.unref();
        pid = child.pid ?? null;
      }
      // Lowered from here, so that its start-up yields too, not only its work.
      if (opts?.low && pid) lowerPriority(pid);
    },
  };
}

/** `io` reading `stdin` when the entry point read the hook's input already. */
export const withStdin = (io: AgentHookIo, stdin: Buffer | undefined): AgentHookIo => (stdin ? { ...io, readStdin: async () => stdin } : io);
