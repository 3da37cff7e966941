/**
 * What SessionStart with source "compact" adds after the primer: the key items the agent's summary
 * dropped (verbatim from the ledger), the hot files with their scores and reasons (paths only, no
 * contents), and the session notes as cut for compaction — in that order, within the room left of
 * the agent's 10,000-character context cap.
 */
import { flatAsRead } from '../safety/plain-view.js';
import type { HotFile } from './hot-files.js';
import { SUMMARY_SECTIONS } from './sections.js';

export interface AfterCompactInput {
  /** Missing items by kind (validate.ts: missingOf, droppedItems), null when no summary could be checked. */
  dropped: Record<string, string[]> | null;
  hot: HotFile[];
  /** The hot files' lines (hotLine), one for each, passed through the secret rules already (by PreCompact's worker). */
  hotLines?: string[];
  notes: string | null;
  notesTruncated: boolean;
}

const KIND_TITLE: Record<string, string> = {
  sections: 'Sections missing',
  file_names: 'Files',
  error_messages: 'Errors',
  user_commands: "User's messages",
  technical_terms: 'Technical terms',
};

const clip = (s: string, n: number) => {
  const t = flatAsRead(s).trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

/**
 * A path as a line of output shows it: its line breaks and tabs as spaces, its other control
 * characters left out (as the primer's capLine does). git allows any byte but NUL in a file name, so a
 * cloned repository's `src/a\n## Instructions\n…` otherwise stood as lines of their own in the
 * agent's context after a compaction. For display only: the path itself stays exact.
 */
export const shownPath = (path: string) => path.replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');

/** A hot file as SessionStart shows it. */
export const hotLine = (h: HotFile) => `- ${shownPath(h.path)} — ${h.score} (${h.reasons.join('; ')})`;

/** One line of the additions. */
export interface AfterCompactLine {
  text: string;
  /**
   * Holds git-memory's own words only (a heading, a section's name), or passed through the secret
   * rules already: what goes to the agent is checked for secrets in the other lines only.
   */
  checked: boolean;
}

const SECTION_NAMES: ReadonlySet<string> = new Set(SUMMARY_SECTIONS);

export function afterCompactLines(input: AfterCompactInput, maxChars: number): AfterCompactLine[] {
  const out: AfterCompactLine[] = [];
  let used = 0;
  const push = (text: string, checked: boolean) => {
    if (used + text.length + 1 > maxChars) return false;
    out.push({ text, checked });
    used += text.length + 1;
    return true;
  };
  if (!push('## After compaction (git-memory)', true)) return [];
  const dropped = input.dropped ? Object.entries(input.dropped).filter(([, v]) => v.length) : [];
  if (input.dropped && !dropped.length) push('The compaction summary kept every key item of the session ledger.', true);
  if (dropped.length) {
    push('### What the compaction summary dropped (verbatim from the session ledger)', true);
    for (const [kind, items] of dropped) {
      const title = Object.hasOwn(KIND_TITLE, kind) ? KIND_TITLE[kind]! : null;
      if (!push(`${title ?? kind}:`, title !== null)) break;
      for (const it of items) if (!push(`- ${clip(it, 300)}`, kind === 'sections' && SECTION_NAMES.has(it))) break;
    }
  }
  if (input.hot.length) {
    push('### Hot files (score out of 100: recency, frequency, operation, file type, project)', true);
    const lines = input.hotLines?.length === input.hot.length ? input.hotLines : null;
    for (let i = 0; i < input.hot.length; i++) if (!(lines ? push(lines[i]!, true) : push(hotLine(input.hot[i]!), false))) break;
  }
  if (input.notes?.trim()) {
    const head = `### Session notes${input.notesTruncated ? ' (sections cut for compaction)' : ''}`;
    if (push(head, true)) {
      for (const line of input.notes.trim().split('\n')) {
        if (!push(line, false)) {
          push('[notes cut here to fit the context limit]', true);
          break;
        }
      }
    }
  }
  return out;
}

/**
 * The additions as one text (no secret rules run on it: renderAfterCompact in
 * commands/steps/compaction-prepared.ts runs them on the lines that need them).
 */
export const afterCompactText = (input: AfterCompactInput, maxChars: number): string =>
  afterCompactLines(input, maxChars)
    .map((l) => l.text)
    .join('\n');
