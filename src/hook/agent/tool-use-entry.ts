// `git-memory hook agent tool-use --agent NAME`: run after every tool call an agent makes, so it is
// its own small CommonJS bundle (agent-tool-use.js, loaded with a code cache like the commit hooks):
// no argument parser, no agent registry, no model SDK. It reads the three payload fields it needs,
// advances the ledger, checks the thresholds and at most starts a detached worker (notes-check.ts).
// It prints nothing, whatever happens: a problem goes to the hook log.
import { EXIT, type ExitCode } from '../../errors.js';
import { agentHookFailure } from '../../cli/messages.js';
import { isDir } from '../../fs/stat.js';
import { logFailure } from './hook-log.js';
import type { HookInput } from './input.js';
import type { AgentHookIo } from './process-io.js';
import { keepNotes } from './notes-check.js';

const MAX_INPUT = 1024 * 1024;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

/** The payload fields this hook reads, spelled alike by Claude Code, Codex and Gemini CLI. */
function toolUseInput(bytes: Buffer): HookInput {
  if (bytes.length > MAX_INPUT) throw new Error(`hook input is ${bytes.length} bytes; the limit is ${MAX_INPUT}`);
  const text = bytes.toString('utf8').trim();
  if (!text) return {};
  const o: unknown = JSON.parse(text);
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw new Error('hook input is not a JSON object');
  const r = o as Record<string, unknown>;
  const cwd = str(r.cwd);
  return { sessionId: str(r.session_id), transcriptPath: str(r.transcript_path), ...(cwd && isDir(cwd) ? { cwd } : {}) };
}

/**
 * Always EXIT.ok, with nothing on stdout or stderr. `args` follow the event (`--agent NAME`); `io`
 * gives the input and starts the worker (process-io.ts routeAgentHook).
 */
export async function runToolUseHook(args: string[], io: Pick<AgentHookIo, 'cwd' | 'env' | 'readStdin' | 'startWorker'>): Promise<ExitCode> {
  const { cwd, env, startWorker } = io;
  try {
    const at = args.indexOf('--agent');
    const agent = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--agent='))?.slice('--agent='.length);
    if (!agent) throw new Error('--agent is required');
    const input = toolUseInput(await io.readStdin());
    await keepNotes(agent, input, { env, startWorker }, input.cwd ?? cwd, { lean: true });
  } catch (e) {
    logFailure(cwd, env, agentHookFailure('tool-use', (e as Error).message ?? String(e)));
  }
  return EXIT.ok;
}
