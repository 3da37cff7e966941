// `git-memory hook agent-worker compact-prepare --agent NAME --session-id ID --transcript PATH`: the
// worker PreCompact starts (lowest priority) to prepare what SessionStart adds after the
// compaction. Loaded from agent-hooks.js, with its code cache, rather than agent-worker.mjs's graph
// of chunks: it runs at every compaction, next to the agent's own work.
import { parseArgs } from 'node:util';
import { EXIT, UsageError, type ExitCode } from '../../errors.js';
import { agentHookFailure } from '../../cli/messages.js';
import { logFailure } from './hook-log.js';

/** Always EXIT.ok: failures go to the hook log. */
export async function runCompactPrepare(args: string[], cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): Promise<ExitCode> {
  try {
    const { values } = parseArgs({ args, options: { agent: { type: 'string' }, 'session-id': { type: 'string' }, transcript: { type: 'string' } } });
    const { agent, 'session-id': sessionId, transcript } = values;
    if (!agent || !sessionId || !transcript) throw new UsageError('--agent, --session-id and --transcript are required');
    const [{ open }, { prepareForCompaction }] = await Promise.all([import('../../commands/context.js'), import('../../commands/steps/compaction-hooks.js')]);
    await prepareForCompaction(open({ cwd, env }), { agent, sessionId, transcriptPath: transcript });
  } catch (e) {
    logFailure(cwd, env, agentHookFailure('compact-prepare', (e as Error).message ?? String(e)));
  }
  return EXIT.ok;
}
