// `git-memory hook agent EVENT --agent NAME` run in this process: the binary's own route
// (src/hook/agent/process-io.ts routeAgentHook, through in-process.ts), with the test's input,
// environment and folder, and each detached worker a hook starts a real `git-memory` process from
// the built binary. A node start of the binary costs ~0.1-0.3 s of processor time; where what a test
// checks is what the hook does (its files, commits, workers), not the binary's start, this is the
// same code. Tests of the binary's own start, its bundles or streams keep running it (TestRepo.exec).
import { runAgentHookIn } from '../../src/hook/agent/in-process.js';
import { workerStarter } from '../../src/hook/agent/process-io.js';
import { BIN, type RunResult, type TestRepo } from './repo.js';

/**
 * Runs `hook agent <args>` (args start with the event) in `cwd` (the repository's folder unless
 * told) with the repository's environment and `env` over it; the hook's stdin is `stdin`.
 */
export async function agentHookIn(repo: TestRepo, args: string[], o: { stdin?: string; env?: Record<string, string>; cwd?: string } = {}): Promise<RunResult> {
  const env = { ...repo.env, ...o.env };
  let stdout = '';
  let stderr = '';
  const input = Buffer.from(o.stdin ?? '');
  // What the hook records of the binary it runs as (kept-start.ts: the dist folder) is the binary's.
  const script = process.argv[1];
  process.argv[1] = BIN;
  try {
    const code = await runAgentHookIn(args, {
      cwd: o.cwd ?? repo.dir,
      env,
      readStdin: async () => input,
      out: (t) => void (stdout += t),
      err: (t) => void (stderr += t),
      startWorker: workerStarter(env, BIN),
    });
    return { code, stdout, stderr };
  } finally {
    process.argv[1] = script;
  }
}
