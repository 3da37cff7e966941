// The agent hooks' input and output (the process's own streams, and detached workers for the work
// the agent must not wait for), and the one route of `git-memory hook agent EVENT`: bin.ts takes it
// with the process's io and each route's code from its own bundle, in-process callers (the command
// line's `hook agent`, the tests) with their io and the modules themselves (in-process.ts).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { childProcess } from '../../child-process.js';
import { EXIT, type ExitCode } from '../../errors.js';
import { backgroundNice } from '../../nice.js';
import { memoryOff } from '../../git/off-switch.js';
import { spawnDetached } from '../../git/light-spawn.js';
import { readHookStdin } from '../../fs/stdin.js';
import { writeStdout } from '../../fs/stdout.js';
import { plainAgentArg } from './session-start-args.js';

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
function lowerPriority(pid: number, nice: number): void {
  try {
    // node:os only here: loading it cost every SessionStart ~0.1 ms, and few of them start a worker.
    (createRequire(import.meta.url)('node:os') as typeof import('node:os')).setPriority(pid, nice);
  } catch {
    /* not allowed here (or already gone): it runs at the same priority */
  }
  if (process.platform !== 'linux') return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    /* no autogroup scheduling here */
  }
}

/**
 * Starts `git-memory <args>` (the binary at `bin`, this process's own where not told) detached with
 * `env`: AgentHookIo's startWorker.
 */
export function workerStarter(env: NodeJS.ProcessEnv, bin = process.argv[1]!): AgentHookIo['startWorker'] {
  return (args, cwd, opts) => {
    // Claude Code gives all SessionEnd hooks 1.5 s together, and Gemini CLI does not wait at all:
    // the journal entry, primer and commit are written by a process that outlives the hook.
    // Without node:child_process where node allows it (~3 ms of the PreCompact hook, which starts
    // one at every compaction); child_process, with net and the streams it loads, otherwise.
    const argv = [bin, ...args];
    let pid = spawnDetached(process.execPath, argv, cwd, env);
    if (pid === null) {
      const child = childProcess().spawn(process.execPath, argv, { cwd, env, detached: true, stdio: 'ignore' });
      child.unref();
      pid = child.pid ?? null;
    }
    // Lowered from here, so that its start-up yields too, not only its work.
    const nice = opts?.low && pid ? backgroundNice(env) : 0;
    if (nice) lowerPriority(pid!, nice);
  };
}

/** The process's own streams, and a detached `git-memory` for the end-of-session work. */
export function processHookIo(): AgentHookIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    readStdin: () => readHookStdin(),
    out: (t) => writeStdout(t),
    err: (t) => void process.stderr.write(t),
    startWorker: workerStarter(process.env),
  };
}

/** `io` reading `stdin` when the entry point read the hook's input already. */
export const withStdin = (io: AgentHookIo, stdin: Buffer | undefined): AgentHookIo => (stdin ? { ...io, readStdin: async () => stdin } : io);

/**
 * Where each route of `hook agent` finds its code. bin.ts loads each from its own bundle, with the
 * code cache that fits the run (and starts the primer's git calls, or lowers its priority, first);
 * in-process callers pass the modules themselves (in-process.ts). Each returns its exit code (null
 * for EXIT.ok), `sessionStart` null before doing anything where it leaves the arguments to `agentHook`.
 */
export interface AgentHookEntries {
  /** `--detached`: the hook its command runs in the background, its workers' jobs in this process (worker.ts runDetachedHook). */
  detached(args: string[], io: AgentHookIo): Promise<ExitCode | null>;
  /** `tool-use --agent NAME` (arguments after the event), after every tool call (tool-use-entry.ts). */
  toolUse(args: string[], io: AgentHookIo): Promise<ExitCode | null>;
  /** SessionStart's plain form (session-start-entry.ts): `io` reads `stdin`, read already (undefined where it could not be). */
  sessionStart(args: string[], io: AgentHookIo, stdin: Buffer | undefined): Promise<ExitCode | null>;
  /** Every other event and form (hook.ts agentHook). */
  agentHook(args: string[], io: AgentHookIo): Promise<ExitCode | null>;
}

/**
 * `git-memory hook agent <args>` (args start with the event): where memory is off, exit 0 at once
 * without a word; else the route its arguments name. SessionStart's plain form (every start,
 * resume and compaction) reads its input first, which says which code cache fits in bin.ts.
 */
export async function routeAgentHook(args: string[], io: AgentHookIo, entries: AgentHookEntries): Promise<ExitCode> {
  if (memoryOff(io.cwd, io.env)) return EXIT.ok;
  if (args.includes('--detached')) return (await entries.detached(args, io)) ?? EXIT.ok;
  if (args[0] === 'tool-use') return (await entries.toolUse(args.slice(1), io)) ?? EXIT.ok;
  if (plainAgentArg(args)) {
    // Unreadable, it is left to the hook, which reports it and exits 0 as for any failure.
    const stdin = await io.readStdin().catch(() => undefined);
    const read = withStdin(io, stdin);
    return (await entries.sessionStart(args, read, stdin)) ?? (await entries.agentHook(args, read)) ?? EXIT.ok;
  }
  return (await entries.agentHook(args, io)) ?? EXIT.ok;
}
