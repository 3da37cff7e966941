// The detached workers the agent hooks start: `git-memory hook agent-worker finalise|notes|compact-prepare --agent
// NAME --session-id ID [--transcript PATH]`. Their own bundle entry (scripts/build.mjs): they may
// load the model SDK, which the hooks' own graph never reaches.
import { parseArgs } from 'node:util';
import { EXIT, UsageError, type ExitCode } from '../../errors.js';
import { agentHookFailure } from '../../cli/messages.js';
import { parseAgents } from '../../agents/registry.js';
import { logFailure } from './hook-log.js';
import type { AgentHookIo } from './process-io.js';

/** Runs one worker job in the process's directory. Always EXIT.ok: failures go to the hook log. */
export async function runAgentWorker(args: string[], cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): Promise<ExitCode> {
  const job = args[0];
  // Its own entry (agent-hooks.js runs it too): see compact-worker.ts.
  if (job === 'compact-prepare') return (await import('./compact-worker.js')).runCompactPrepare(args.slice(1), cwd, env);
  try {
    const { values } = parseArgs({
      args: args.slice(1),
      options: { agent: { type: 'string' }, 'session-id': { type: 'string' }, transcript: { type: 'string' }, closing: { type: 'boolean' } },
    });
    const [agent] = parseAgents([values.agent ?? '']);
    const sessionId = values['session-id'];
    if (!agent || !sessionId) throw new UsageError('--agent and --session-id are required');
    if (job === 'finalise') {
      await (await import('./finalise.js')).finaliseSession({ cwd, env }, { agent, sessionId, transcriptPath: values.transcript, closing: values.closing === true });
      // The session is written: old sessions' state goes now, in this detached worker, off every hook's path.
      await (await import('./prune.js')).pruneOldSessions({ cwd, env }, sessionId);
    } else if (job === 'notes') {
      if (!values.transcript) throw new UsageError('--transcript is required');
      await (await import('./notes-worker.js')).extractNotes({ cwd, env }, { agent, sessionId, transcriptPath: values.transcript });
    } else {
      throw new UsageError(`unknown worker job ${JSON.stringify(job ?? '')}: finalise, notes or compact-prepare`);
    }
  } catch (e) {
    logFailure(cwd, env, agentHookFailure(job ?? '', (e as Error).message ?? String(e)));
  }
  return EXIT.ok;
}

/**
 * `git-memory hook agent <event> --agent NAME --detached`: the hook, run in the background by its
 * command (Codex's SessionEnd, agents/hook-command.ts), where nobody waits for it: the worker's job it
 * would start (the session's finalise) runs in this same process instead of a second one. From this
 * bundle, so that the hooks' own graph never reaches the model SDK. Always EXIT.ok.
 */
export async function runDetachedHook(args: string[], io: AgentHookIo): Promise<ExitCode> {
  // In the background of the agent's process group: the terminal's hang-up or an interrupt meant for
  // the agent must not cut the session's record short, as they cannot reach a worker started in a
  // session of its own (process-io.ts).
  for (const s of ['SIGHUP', 'SIGINT'] as const) process.on(s, () => undefined);
  const { agentHook } = await import('./hook.js');
  const jobs: Promise<ExitCode>[] = [];
  await agentHook(args, { ...io, startWorker: (worker, cwd) => void jobs.push(runAgentWorker(worker.slice(2), cwd, io.env)) });
  await Promise.all(jobs);
  return EXIT.ok;
}
