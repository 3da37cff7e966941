import { existsSync } from 'node:fs';
import { checkSummary, type Summary } from '../../memory/summary.js';
import type { TaskInput } from '../../memory/task-update.js';
import { notesFromLedger } from '../../notes/offline.js';
import { readNotes } from '../../notes/store.js';
import { isEmptyTemplate, loadNotesConfig, memoryHome } from '../../notes/template.js';
import { updateNotes } from '../../notes/update.js';
import type { AgentName, Ledger } from '../../transcripts/ledger.js';
import { advanceLedger, detectAgent, readKeptLedger } from '../../transcripts/index.js';
import { coveredBy, firstNewMessage, ledgerFrom } from '../../transcripts/since.js';
import type { Covered } from '../../git/session-ended.js';
import type { Opened } from '../context.js';
import { redactSummary } from './redact-summary.js';
import { summaryFromNotes } from './session-from-notes.js';

/** The request line of a session that says nothing of what was asked (`continued`: a follow-up of one recorded already). */
export function fallbackRequest(sessionId: string, continued = false): string {
  return `Session ${sessionId}${continued ? ', continued' : ''} (ended without a summary)`;
}

export interface NotesSummary {
  summary: Summary;
  /** `notes`: the session notes; `ledger`: notes filled from the ledger (none were written, e.g. under 10,000 tokens). */
  source: 'notes' | 'ledger';
  agent: AgentName;
  ledger: Ledger;
  /** How far into the transcript the summary reaches (the whole ledger read). */
  covered: Covered;
}

export interface NotesSummaryOptions {
  sessionId: string;
  /** Known from the hook; otherwise from the kept ledger, or detected from the transcript. */
  agent?: AgentName;
  /** The transcript; otherwise the one the kept ledger was read from. */
  transcript?: string;
  /** Run the extraction first when its thresholds are met (the automatic end; waits for a running one). */
  extract?: boolean;
  tasks?: TaskInput[];
  /**
   * Only the turns past this (a follow-up of a session file written already): summed up from the
   * ledger of those turns, not from the notes, which hold the whole session; null when none is new.
   */
  after?: Covered;
}

/**
 * A session's summary from its notes (or, when it has none, from notes filled from its ledger),
 * redacted: what `end --from-notes` and the SessionEnd worker write. The ledger is brought up to
 * the transcript's end first. Null when there is neither a ledger nor a transcript, or the session
 * holds no user message at all.
 */
export async function notesSummary(o: Opened, opts: NotesSummaryOptions): Promise<NotesSummary | null> {
  const { stateDir, root } = o.repo;
  const { sessionId } = opts;
  const kept = readKeptLedger(stateDir, sessionId);
  const transcript = opts.transcript && existsSync(opts.transcript) ? opts.transcript : kept?.transcript && existsSync(kept.transcript) ? kept.transcript : undefined;
  const agent = opts.agent ?? kept?.ledger.agent ?? (transcript ? detectAgent(transcript) : null);
  if (!agent) return null;
  let ledger = kept?.ledger ?? null;
  if (transcript) {
    if (opts.extract) {
      // A failed or locked extraction leaves the notes as they were: the end goes on with them.
      await updateNotes({ stateDir, sessionId, transcript, agent, repoRoot: root, config: o.config, env: o.env }).catch(() => undefined);
    }
    ledger = advanceLedger(stateDir, sessionId, transcript, { agent, repoRoot: root }).ledger;
  }
  if (!ledger) return null;
  const { template } = loadNotesConfig(memoryHome(o.env));
  // The part summed up: the whole session, or the turns past what a session file covered already.
  const part = opts.after ? ledgerFrom(ledger, firstNewMessage(ledger, opts.after)) : ledger;
  let notes = opts.after ? null : readNotes(stateDir, sessionId);
  let source: NotesSummary['source'] = 'notes';
  if (!notes || isEmptyTemplate(notes, template)) {
    if (!part.user_messages.length) return null;
    notes = notesFromLedger(part, template);
    source = 'ledger';
  }
  const redacted = await redactSummary(summaryFromNotes(notes, part, opts.tasks), o.config.secrets.allowlist);
  // Checked as any summary is (headings escaped, lists normalised): text from a transcript is data.
  const summary = checkSummary({ ...redacted, request: redacted.request || fallbackRequest(sessionId) });
  return { summary, source, agent, ledger, covered: coveredBy(ledger) };
}
