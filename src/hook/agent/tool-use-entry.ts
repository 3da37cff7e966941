// `git-memory hook agent tool-use --agent NAME`: run after every tool call an agent makes, so it is
// its own small CommonJS bundle (agent-tool-use.js, loaded with a code cache like the commit hooks):
// no argument parser, no agent registry, no model SDK. It reads the three payload fields it needs,
// advances the ledger, checks the thresholds and at most starts a detached worker (notes-check.ts).
// It prints nothing, whatever happens: a problem goes to the hook log.
import { EXIT, type ExitCode } from '../../errors.js';
import { agentHookFailure } from '../../cli/messages.js';
import { childProcess } from '../../child-process.js';
import { readHookStdin } from '../../fs/stdin.js';
import { isDir } from '../../fs/stat.js';
import { logFailure } from './hook-log.js';
import type { HookInput } from './input.js';
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
 * Starts `git-memory <args>` detached; child_process is loaded only when a worker is due, and by
 * require: this bundle runs from the code cache (a vm.Script), where a dynamic import() throws.
 */
function startWorker(args: string[], cwd: string): void {
  childProcess().spawn(process.execPath, [process.argv[1]!, ...args], { cwd, env: process.env, detached: true, stdio: 'ignore' }).unref();
}

/** Always EXIT.ok, with nothing on stdout or stderr. */
export async function runToolUseHook(args: string[], cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): Promise<ExitCode> {
  try {
    const at = args.indexOf('--agent');
    const agent = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--agent='))?.slice('--agent='.length);
    if (!agent) throw new Error('--agent is required');
    const input = toolUseInput(await readHookStdin());
    await keepNotes(agent, input, { env, startWorker }, input.cwd ?? cwd);
  } catch (e) {
    logFailure(cwd, env, agentHookFailure('tool-use', (e as Error).message ?? String(e)));
  }
  return EXIT.ok;
}
