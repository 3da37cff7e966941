/**
 * SessionStart after a compaction, from what PreCompact's worker prepared (compaction-hooks.ts):
 * the hot files as scored then, and the ledger's key, against which the summary the compaction
 * appended is checked. Apart from the rest of the compaction steps, so that the SessionStart hook
 * loads only this when the preparation applies (hook/agent/after-compact.ts).
 */
import { statSync } from 'node:fs';
import { afterCompactLines, type AfterCompactInput } from '../../compact/after-compact.js';
import { readCompactKey, readCompactPrepared, readCompactReport } from '../../compact/store.js';
import { droppedItems } from '../../compact/validate.js';
import { redactQuickLines } from '../../safety/quick-redact.js';
import { readAppended } from '../../transcripts/read.js';
import { sameHead } from '../../transcripts/lines.js';
import type { Ledger } from '../../transcripts/ledger.js';
import type { Opened } from '../context.js';
import { compactionNotesText } from './compact-notes.js';

export interface HookSession {
  agent: string;
  sessionId: string;
  transcriptPath: string;
}

/** Agents whose transcripts are appended to (JSON lines), so what a compaction added can be read alone. */
export const APPENDING = new Set(['claude', 'codex']);

/** At most this much appended after the prepared offset is read for the compaction's records. */
const MAX_APPENDED = 4 << 20;

/** What goes back into the agent's context passes the project's secret rules first (a key pasted in a prompt stays out). */
export const redact = (text: string) => redactQuickLines(text);

/**
 * SessionStart after a compaction from what PreCompact's worker prepared: reads only what the
 * transcript gained since (the compaction's boundary and summary) and finds what the summary
 * dropped from the prepared key (its own file, read only then); no ledger to load, no git process. Null when
 * nothing applies — not prepared, another file, or the agent worked since (a tool call, a file) —
 * and the caller computes it all.
 */
export function fromPrepared(o: Opened, s: HookSession): AfterCompactInput | null {
  if (!APPENDING.has(s.agent)) return null;
  const { stateDir } = o.repo;
  const p = readCompactPrepared(stateDir, s.sessionId);
  if (!p || p.transcript !== s.transcriptPath || p.agent !== s.agent) return null;
  const size = statSync(s.transcriptPath, { throwIfNoEntry: false })?.size ?? -1;
  if (size < p.offset || size - p.offset > MAX_APPENDED || (p.offset > 0 && !sameHead(s.transcriptPath, p.offset, p.head))) return null;
  // Nothing appended yet: no record to read, no summary to check.
  let added: Ledger | null = null;
  if (size > p.offset) {
    // The summary is only checked (what it dropped is told from the prepared key): not redacted.
    added = readAppended(s.transcriptPath, s.agent as 'claude' | 'codex', p.offset, { repoRoot: o.repo.root, summaryToCheck: true });
    if (!added || added.tool_calls > 0 || added.files.length || added.errors.length) return null;
  }
  const summary = added?.compactions.at(-1)?.summary;
  let dropped: Record<string, string[]> | null = null;
  if (added && summary) {
    const key = readCompactKey(stateDir, p);
    if (!key) return null;
    dropped = droppedItems(summary, key);
  } else dropped = readCompactReport(stateDir, s.sessionId)?.missing ?? null;
  const notes = compactionNotesText(stateDir, s.sessionId, o.env);
  const hotLines = Array.isArray(p.lines) && p.lines.length === p.hot.length && p.lines.every((l) => typeof l === 'string') ? p.lines : undefined;
  return { dropped, hot: p.hot, ...(hotLines ? { hotLines } : {}), notes: notes.text, notesTruncated: notes.truncated };
}

/**
 * The after-compaction text within `maxChars`, its lines from outside (what the summary dropped,
 * the notes, hot files not checked by PreCompact's worker) through the project's secret rules: the
 * rules work line by line, so those lines are checked together, and the rest (git-memory's own
 * headings, lines the worker checked) are not checked again. A hot file's line alone, checked at
 * every start, compiled the patterns of the rules whose strings it holds (`auth`, `api`, a `.`):
 * ~9 M instructions of a SessionStart after a compaction.
 */
export function renderAfterCompact(input: AfterCompactInput, maxChars: number): string {
  const lines = afterCompactLines(input, maxChars);
  const open = lines.filter((l) => !l.checked);
  if (open.length) {
    const red = redact(open.map((l) => l.text).join('\n')).split('\n');
    let at = 0;
    for (const l of open) {
      const n = l.text.split('\n').length;
      l.text = red.slice(at, at + n).join('\n');
      at += n;
    }
  }
  return lines.map((l) => l.text).join('\n');
}
