import { open, type Ctx } from '../../commands/context.js';
import { updateNotes } from '../../notes/update.js';
import { isLedgerAgent } from './notes-check.js';

export interface NotesWorkerOptions {
  agent: string;
  sessionId: string;
  transcriptPath: string;
}

/**
 * The detached worker the tool-use and stop hooks start when the thresholds are met: one
 * extraction under the session's lock (a model when one is available, the ledger otherwise). Its
 * failures go to the hook log; the agent never sees them.
 */
export async function extractNotes(ctx: Ctx, opts: NotesWorkerOptions): Promise<void> {
  const o = open(ctx);
  if (!o.config.session_memory.enabled || !isLedgerAgent(opts.agent)) return;
  await updateNotes({
    stateDir: o.repo.stateDir,
    sessionId: opts.sessionId,
    transcript: opts.transcriptPath,
    agent: opts.agent,
    repoRoot: o.repo.root,
    config: o.config,
    env: o.env,
  });
}
