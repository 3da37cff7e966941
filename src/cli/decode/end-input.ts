import type { EndOptions } from '../../commands/end.js';
import type { Opened } from '../../commands/context.js';
import { sessionEndInput } from '../../commands/steps/session-end-input.js';
import { readSummary, type SummaryFlags } from './summary.js';

export interface EndFlags extends SummaryFlags {
  fromNotes?: boolean;
  /** The agent session to end (default: the one open in this worktree, as its SessionStart hook recorded it). */
  session?: string;
}

/**
 * `end`'s input as the command line gives it: the summary (`--summary`, `--summary-file`), the
 * session's notes (`--from-notes`), or both; see sessionEndInput for how they combine.
 */
export async function readEndInput(o: Opened, readStdin: (max?: number) => Promise<Buffer>, flags: EndFlags): Promise<Omit<EndOptions, 'agent'> & { agent?: string }> {
  const given = flags.summary !== undefined || flags.summaryFile !== undefined;
  // Without --from-notes the summary is required: readSummary says how to give it.
  const explicit = given || !flags.fromNotes ? await readSummary(o.cwd, readStdin, flags) : null;
  return sessionEndInput(o, explicit, { fromNotes: flags.fromNotes, session: flags.session });
}
