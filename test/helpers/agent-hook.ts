// `git-memory hook agent EVENT --agent NAME` run in this process, as the binary runs it (bin.ts):
// the off switches first, SessionStart's plain form through its own entry's path, the rest through
// agentHook, and each detached worker a hook starts a real `git-memory` process from the built
// binary. A node start of the binary costs ~0.3 s of processor time; where what a test checks is
// what the hook does (its files, commits, workers), not the binary's start, this is the same code.
// Tests of the binary's own start, routing or streams keep running it (TestRepo.exec).
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { agentHookFailure } from '../../src/cli/messages.js';
import { memoryOff } from '../../src/git/off-switch.js';
import { agentHook } from '../../src/hook/agent/hook.js';
import { prepareAfterCompact } from '../../src/hook/agent/entry.js';
import { parseHookInput } from '../../src/hook/agent/input.js';
import type { AgentHookIo } from '../../src/hook/agent/process-io.js';
import { sessionStartAgent } from '../../src/hook/agent/session-start-entry.js';
import { sessionStart } from '../../src/hook/agent/session-start.js';
import { BIN, type RunResult, type TestRepo } from './repo.js';

/**
 * Runs `hook agent <args>` (args start with the event) in `cwd` (the repository's folder unless
 * told) with the repository's environment and `env` over it; the hook's stdin is `stdin`.
 */
export async function agentHookIn(repo: TestRepo, args: string[], o: { stdin?: string; env?: Record<string, string>; cwd?: string } = {}): Promise<RunResult> {
  const cwd = o.cwd ?? repo.dir;
  const env = { ...repo.env, ...o.env };
  // bin.ts: a hook exits 0 at once, without a word, where memory is off.
  if (memoryOff(cwd, env)) return { code: 0, stdout: '', stderr: '' };
  let stdout = '';
  let stderr = '';
  const input = Buffer.from(o.stdin ?? '');
  const io: AgentHookIo = {
    cwd,
    env,
    readStdin: async () => input,
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
    // process-io.ts: `git-memory ARGS` detached, from the binary the hook ran as.
    startWorker: (argv, dir, opts) => {
      const child = spawn(process.execPath, [BIN, ...argv], { cwd: dir, env, detached: true, stdio: 'ignore' });
      child.unref();
      if (opts?.low && child.pid) {
        try {
          setPriority(child.pid, 19);
        } catch {
          /* not allowed here */
        }
      }
    },
  };
  // What the hook records of the binary it runs as (kept-start.ts: the dist folder) is the binary's.
  const script = process.argv[1];
  process.argv[1] = BIN;
  try {
    const agent = sessionStartAgent(args.slice(1));
    if (args[0] === 'session-start' && agent) {
      // session-start-entry.ts runSessionStart: EXIT.ok always, a failure said on stderr.
      try {
        const parsed = parseHookInput(await io.readStdin());
        await sessionStart(agent, parsed, io, parsed.cwd ?? io.cwd, async () => prepareAfterCompact);
      } catch (e) {
        const err = e as Error & { hint?: string };
        io.err(`${agentHookFailure('session-start', err.message ?? String(e))}\n${err.hint ? `${err.hint}\n` : ''}`);
      }
      return { code: 0, stdout, stderr };
    }
    const code = await agentHook(args, io);
    return { code, stdout, stderr };
  } finally {
    process.argv[1] = script;
  }
}
