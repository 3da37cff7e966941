/**
 * Fresh session notes as the 8-section summary, with no model call (Claude Code uses its session
 * memory the same way). The notes' 10 sections map onto the 8; the user's messages and the todo
 * list, which notes do not keep verbatim, come from the ledger.
 */
import type { Ledger } from '../transcripts/ledger.js';
import { ledgerSections } from './ledger-summary.js';
import type { KeyInfo } from './key-info.js';
import { renderSummary, type SectionName } from './sections.js';

export interface NoteSection {
  heading: string;
  body: string;
}

/** Which notes sections (by heading, lower case) make up each summary section. */
const FROM_NOTES: [SectionName, string[]][] = [
  ['Primary Request and Intent', ['session title', 'task specification']],
  ['Key Technical Concepts', ['codebase and system documentation', 'learnings']],
  ['Files and Code Sections', ['files and functions']],
  ['Errors and fixes', ['errors & corrections', 'errors and corrections']],
  ['Problem Solving', ['workflow', 'key results', 'worklog']],
  ['Current Work', ['current state']],
];

/** The summary from notes sections (as parsed by notes/template.ts), completed from the ledger. */
export function notesSummary(notes: NoteSection[], ledger: Ledger, key?: KeyInfo): string {
  const body = (h: string) => notes.find((n) => n.heading.trim().toLowerCase().replace(/^#+\s*/, '') === h)?.body.trim() ?? '';
  const fromLedger = ledgerSections(ledger, key);
  const sections = new Map<SectionName, string>();
  for (const [name, headings] of FROM_NOTES) {
    const text = headings.map(body).filter(Boolean).join('\n\n');
    sections.set(name, text || fromLedger.get(name)!);
  }
  sections.set('All user messages', fromLedger.get('All user messages')!);
  sections.set('Pending Tasks', fromLedger.get('Pending Tasks')!);
  return renderSummary({ preamble: '', sections });
}
