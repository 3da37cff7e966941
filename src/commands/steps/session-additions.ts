import { openAgentSession } from '../../git/agent-session.js';
import { peekSpool } from '../../git/spool.js';
import { shellSession, splitMarked } from '../../git/session-marks.js';
import type { Opened } from '../context.js';
import { prepareAfterCompact } from './compaction-hooks.js';
import { fromPrepared, renderAfterCompact } from './compaction-prepared.js';
import { pendingSection } from './pending-section.js';

/** The agents' context cap the SessionStart hook keeps to (hook/agent/output.ts: MAX_CONTEXT_CHARS). */
const CONTEXT_CHARS = 10_000;

/**
 * What the SessionStart hook adds after the primer on a resume or a compaction, for `primer --for`:
 * what the session logged and not yet in the journal (not what another open session logged), and after a compaction what the summary
 * dropped, the hot files and the notes of the agent session open in this worktree (as its hook
 * recorded it). The hook and this call the same steps; only the timing differs (the hook starts the
 * compaction's part before building the primer).
 */
export async function sessionAdditions(o: Opened, source: 'resume' | 'compact', primer: string, warnings: string[]): Promise<string> {
  const active = openAgentSession(o.repo.stateDir);
  // Only the session's own logged items (and the unmarked ones), as the hook gives them: another
  // agent session open in this worktree keeps its own (git/session-marks.ts). The session is the
  // one the shell names (run from an agent's shell), else the one recorded open.
  const session = shellSession(o.env) ?? active?.sessionId;
  let text = pendingSection(splitMarked(o.repo.stateDir, peekSpool(o.repo.stateDir), session).mine);
  if (source !== 'compact') return text;
  if (!active?.transcriptPath) {
    warnings.push('no agent session is open in this worktree: after a compaction its hook would add what the summary dropped, the hot files and the notes');
    return text;
  }
  const s = { agent: active.agent, sessionId: active.sessionId, transcriptPath: active.transcriptPath };
  let got: Awaited<ReturnType<typeof prepareAfterCompact>>;
  try {
    got = fromPrepared(o, s) ?? (await prepareAfterCompact(o, s));
  } catch (err) {
    // The transcript the open session recorded may be gone (deleted, another machine's path): the
    // briefing goes on without what only it could add, as the hook does.
    warnings.push(`after a compaction: ${(err as Error).message}; the primer and the logged items go on without what the summary dropped, the hot files and the notes`);
    return text;
  }
  const room = CONTEXT_CHARS - primer.length - text.length - 200;
  if (got && room > 200) {
    const after = renderAfterCompact(got, room);
    if (after) text += `\n\n${after}`;
  }
  return text;
}
