// `git-memory hook agent pre-compact --agent NAME`: PreCompact, which the agent waits for at every
// compaction, in its own small CommonJS bundle (pre-compact.js, code cache): agent-hooks.js's other
// hooks (SessionStart, the session's end, the notes) are neither loaded nor set up. What it does, and
// what it prints on a failure, is agentHook's for this event (hook.ts).
import { parseArgs } from 'node:util';
import { EXIT, UsageError, type ExitCode } from '../../errors.js';
import { agentHookFailure, agentHookUsage } from '../../cli/messages.js';
import { HOOK_AGENT_NAMES, parseAgents } from '../../agents/registry.js';
import { open } from '../../commands/context.js';
import { parseHookInput } from './input.js';
import { logFailure } from './hook-log.js';
import { preCompact } from './compact.js';
import type { AgentHookIo } from './process-io.js';

/**
 * The arguments an agent's hook command gives (`pre-compact --agent NAME`, or `--agent=NAME`) read as
 * parseArgs reads them, without loading node's argument parser (~1 M instructions at every
 * compaction); null for any other shape, which parseArgs reads (and reports).
 */
function plainArgs(args: string[]): { values: { agent?: string; detached?: boolean }; positionals: string[] } | null {
  const [event, flag, value] = args;
  if (event === undefined || event.startsWith('-') || flag === undefined) return null;
  if (args.length === 3 && flag === '--agent' && value !== undefined && !value.startsWith('-')) return { values: { agent: value }, positionals: [event] };
  if (args.length === 2 && flag.startsWith('--agent=')) return { values: { agent: flag.slice('--agent='.length) }, positionals: [event] };
  return null;
}

/** Always EXIT.ok: a failure goes to stderr (to the hook log when run `--detached`), and the agent carries on. */
export async function runPreCompactHook(args: string[], io: AgentHookIo): Promise<ExitCode> {
  let eventName: string | undefined;
  let detached = false;
  try {
    const { values, positionals } = plainArgs(args) ?? parseArgs({ args, allowPositionals: true, options: { agent: { type: 'string' }, detached: { type: 'boolean' } } });
    eventName = positionals[0];
    detached = values.detached === true;
    const usage = agentHookUsage(HOOK_AGENT_NAMES);
    if (!values.agent) throw new UsageError('--agent is required', usage);
    const [agent] = parseAgents([values.agent]);
    if (!agent) throw new UsageError('--agent is required', usage);
    const input = parseHookInput(await io.readStdin());
    const cwd = input.cwd ?? io.cwd;
    await preCompact(agent, input, open({ cwd, env: io.env }), io);
  } catch (e) {
    const err = e as Error & { hint?: string };
    const message = agentHookFailure(eventName ?? '', err.message ?? String(e));
    if (detached) logFailure(io.cwd, io.env, message);
    else io.err(`${message}\n${err.hint ? `${err.hint}\n` : ''}`);
  }
  return EXIT.ok;
}
