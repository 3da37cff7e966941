import { open, type Ctx } from '../../commands/context.js';
import { pruneSessionState } from '../../fs/session-state.js';

/**
 * Removes the state of sessions untouched for `[session_memory] keep_days` (the transcripts' ledgers,
 * notes, compaction summaries), keeping `current`. Run by the finalise worker after it wrote the
 * session: detached, so no hook waits for it.
 */
export async function pruneOldSessions(ctx: Ctx, current: string): Promise<string[]> {
  const o = open(ctx);
  return pruneSessionState(o.repo.stateDir, o.config.session_memory.keep_days, o.now.getTime(), current);
}
