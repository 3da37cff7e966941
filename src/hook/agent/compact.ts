// The agent's compaction hooks (Claude Code and Codex): PreCompact prints what must survive, which
// the agent merges into its own compaction instructions; PostCompact checks the agent's summary and
// keeps the report (SessionStart after a compaction, which gets what was dropped, the hot files and
// the notes, is after-compact.ts). None of them blocks: problems go to stderr and the agent carries on.
import type { Opened } from '../../commands/context.js';
import type { HookInput } from './input.js';

export interface CompactHookIo {
  out(text: string): void;
  err(text: string): void;
  /** Starts `git-memory <args>` detached in `cwd` (at the lowest priority with `low`), so the agent does not wait for it. */
  startWorker(args: string[], cwd: string, opts?: { low?: boolean }): void;
}

const session = (agent: string, input: HookInput) =>
  input.sessionId && input.transcriptPath ? { agent, sessionId: input.sessionId, transcriptPath: input.transcriptPath } : null;

/**
 * PreCompact: plain text on stdout (Claude Code joins every PreCompact hook's stdout into its
 * instructions). Then a detached worker prepares what SessionStart will add after the compaction
 * (hot files, the ledger's key), while the agent's model writes its summary.
 */
export async function preCompact(agent: string, input: HookInput, o: Opened, io: CompactHookIo): Promise<void> {
  const s = session(agent, input);
  if (!s) return;
  const { preCompactText } = await import('../../commands/steps/compaction-pre.js');
  const text = preCompactText(o, s);
  if (text) io.out(`${text}\n`);
  if (agent === 'claude' || agent === 'codex') io.startWorker(['hook', 'agent-worker', 'compact-prepare', '--agent', agent, '--session-id', s.sessionId, '--transcript', s.transcriptPath], o.repo.root, { low: true });
}

/** PostCompact: validates `compact_summary` and keeps the report in the session's state; prints nothing. */
export async function postCompact(agent: string, input: HookInput, o: Opened): Promise<void> {
  const s = session(agent, input);
  if (!s || !input.compactSummary) return;
  const { checkAgentSummary } = await import('../../commands/steps/compaction-hooks.js');
  checkAgentSummary(o, s, input.compactSummary, input.trigger ?? '');
}
