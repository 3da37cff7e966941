/**
 * What SessionStart with source "compact" adds after the primer: the key items the agent's summary
 * dropped (verbatim from the ledger), the hot files with their scores and reasons (paths only, no
 * contents), and the session notes as cut for compaction — in that order, within the room left of
 * the agent's 10,000-character context cap.
 */
import type { HotFile } from './hot-files.js';

export interface AfterCompactInput {
  /** Missing items by kind (validate.ts: missingOf, droppedItems), null when no summary could be checked. */
  dropped: Record<string, string[]> | null;
  hot: HotFile[];
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
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

export function afterCompactText(input: AfterCompactInput, maxChars: number): string {
  const out: string[] = [];
  let used = 0;
  const push = (line: string) => {
    if (used + line.length + 1 > maxChars) return false;
    out.push(line);
    used += line.length + 1;
    return true;
  };
  if (!push('## After compaction (git-memory)')) return '';
  const dropped = input.dropped ? Object.entries(input.dropped).filter(([, v]) => v.length) : [];
  if (input.dropped && !dropped.length) push('The compaction summary kept every key item of the session ledger.');
  if (dropped.length) {
    push('### What the compaction summary dropped (verbatim from the session ledger)');
    for (const [kind, items] of dropped) {
      if (!push(`${KIND_TITLE[kind] ?? kind}:`)) break;
      for (const it of items) if (!push(`- ${clip(it, 300)}`)) break;
    }
  }
  if (input.hot.length) {
    push('### Hot files (score out of 100: recency, frequency, operation, file type, project)');
    for (const h of input.hot) if (!push(`- ${h.path} — ${h.score} (${h.reasons.join('; ')})`)) break;
  }
  if (input.notes?.trim()) {
    const head = `### Session notes${input.notesTruncated ? ' (sections cut for compaction)' : ''}`;
    if (push(head)) {
      for (const line of input.notes.trim().split('\n')) {
        if (!push(line)) {
          push('[notes cut here to fit the context limit]');
          break;
        }
      }
    }
  }
  return out.join('\n');
}
