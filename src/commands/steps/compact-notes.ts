/**
 * A session's notes as compaction sees them: cut for compaction (2,000 × 4 characters a section),
 * fresh when the notes' thresholds say no extraction is due (nothing worth noting happened since),
 * and empty when still the template (those never stand in for a summary).
 */
import type { NotesInput } from '../../compact/produce.js';
import type { Config } from '../../memory/config.js';
import { readNotes, readNotesState } from '../../notes/store.js';
import { isEmptyTemplate, loadNotesConfig, memoryHome, parseNotes, truncateForCompaction } from '../../notes/template.js';
import { shouldExtract } from '../../notes/thresholds.js';
import type { Ledger } from '../../transcripts/ledger.js';

export interface CompactionNotes {
  input: NotesInput | null;
  /** The notes as cut for compaction, null when there are none. */
  text: string | null;
  truncated: boolean;
}

/** The notes as cut for compaction, null when there are none or they are still the template; no ledger needed. */
export function compactionNotesText(stateDir: string, sessionId: string, env: NodeJS.ProcessEnv): { text: string | null; truncated: boolean } {
  const raw = readNotes(stateDir, sessionId);
  if (raw === null) return { text: null, truncated: false };
  const { template } = loadNotesConfig(memoryHome(env));
  const cut = truncateForCompaction(raw);
  return { text: isEmptyTemplate(raw, template) ? null : cut.text, truncated: cut.truncated };
}

export function compactionNotes(stateDir: string, sessionId: string, ledger: Ledger, cfg: Config['session_memory'], env: NodeJS.ProcessEnv): CompactionNotes {
  const raw = readNotes(stateDir, sessionId);
  if (raw === null) return { input: null, text: null, truncated: false };
  const { template } = loadNotesConfig(memoryHome(env));
  const empty = isEmptyTemplate(raw, template);
  const state = readNotesState(stateDir, sessionId);
  const fresh = !!state && state.extractions > 0 && !shouldExtract(ledger, state, cfg);
  const cut = truncateForCompaction(raw);
  const sections = parseNotes(cut.text).sections.map((s) => ({ heading: s.heading, body: s.body }));
  return { input: { sections, fresh, empty }, text: empty ? null : cut.text, truncated: cut.truncated };
}
