import { UsageError } from '../../errors.js';
import type { EndOptions } from '../../commands/end.js';
import type { Opened } from '../../commands/context.js';
import { openAgentSession } from '../../git/agent-session.js';
import { readSummary, type SummaryFlags } from './summary.js';

export interface EndFlags extends SummaryFlags {
  fromNotes?: boolean;
  /** The agent session to end (default: the one open in this worktree, as its SessionStart hook recorded it). */
  session?: string;
}

/**
 * `end`'s input as the command line gives it: the summary (`--summary`, `--summary-file`), the
 * session's notes (`--from-notes`), or both — the explicit summary wins and the notes fill only
 * what it left empty. A plain `--summary` in an agent session that has notes is filled the same
 * way. The session ended is named in the result, so the automatic end does not write it again.
 */
export async function readEndInput(o: Opened, readStdin: () => Promise<Buffer>, flags: EndFlags): Promise<Omit<EndOptions, 'agent'> & { agent?: string }> {
  const given = flags.summary !== undefined || flags.summaryFile !== undefined;
  const open = openAgentSession(o.repo.stateDir);
  const sessionId = flags.session ?? open?.sessionId;
  const transcript = open?.sessionId === sessionId ? open?.transcriptPath : undefined;
  // Loaded only for an agent session: a plain `end` does not pay for the transcript and notes code.
  const notes = () => Promise.all([import('../../commands/steps/notes-summary.js'), import('../../commands/steps/session-from-notes.js')]);
  if (flags.fromNotes) {
    if (!sessionId) throw new UsageError('no agent session to end from its notes', 'name one with --session ID (the agent\'s session id); an agent\'s SessionStart hook records the open one');
    const explicit = given ? await readSummary(o.cwd, readStdin, flags) : null;
    const [{ notesSummary }, { fillSummary }] = await notes();
    const got = await notesSummary(o, { sessionId, transcript, tasks: explicit?.tasks });
    if (!got) {
      throw new UsageError(
        `session ${sessionId} has no notes and no transcript read yet`,
        'the agent hooks keep them (`git memory init --agent claude`); end it with --summary instead',
      );
    }
    return { summary: explicit ? fillSummary(explicit, got.summary) : got.summary, agent: got.agent, session: { id: sessionId, by: explicit ? 'summary' : 'notes' } };
  }
  const summary = await readSummary(o.cwd, readStdin, flags);
  if (!sessionId) return { summary };
  // The session's notes as they are (no model call): only real notes fill, never the ledger's guess.
  const [{ notesSummary }, { fillSummary }] = await notes();
  const got = o.config.session_memory.enabled ? await notesSummary(o, { sessionId, transcript }).catch(() => null) : null;
  return { summary: got?.source === 'notes' ? fillSummary(summary, got.summary) : summary, session: { id: sessionId, by: 'summary' } };
}
