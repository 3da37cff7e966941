/**
 * What must survive a compaction, for Claude Code's PreCompact hook: its stdout is merged into the
 * compaction's own instructions. Short and factual, from the ledger and TASKS.md: the last request,
 * the user's explicit instructions and corrections, files edited, unresolved errors, open tasks.
 * At most 2,000 characters; the most important parts come first and are the last to be cut.
 */
import { flatAsRead } from '../safety/plain-view.js';
import type { Ledger } from '../transcripts/ledger.js';
import { INSTRUCTION, INSTRUCTIONS_KEPT } from '../transcripts/keep-digest.js';
import { errorLine } from './key-info.js';

export const MUST_KEEP_CHARS = 2000;

const oneLine = (s: string, n: number) => {
  const t = flatAsRead(s).trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

export interface MustKeep {
  last_request: string;
  instructions: string[];
  files_edited: string[];
  unresolved_errors: string[];
  open_tasks: string[];
}

/**
 * An error is unresolved when nothing followed it yet, or when it came from a command that has not
 * succeeded since.
 */
function unresolved(ledger: Ledger): string[] {
  // One pass over the commands: the failed ones by time, and when each command last succeeded.
  const failedAt = new Map<string, string>();
  const lastSuccess = new Map<string, string>();
  for (const c of ledger.commands) {
    if (c.failed) failedAt.set(c.at, c.command);
    else if ((lastSuccess.get(c.command) ?? '') < c.at) lastSuccess.set(c.command, c.at);
  }
  // By first line, in the order each was first open; the latest error of each is shown. Each
  // message's first line is found once, and only the five shown are put on one line.
  const out = new Map<string, string>();
  for (const e of ledger.errors) {
    const cmd = failedAt.get(e.at);
    const open = !e.followed_by || (cmd !== undefined && (lastSuccess.get(cmd) ?? '') <= e.at);
    if (open) out.set(errorLine(e.message), e.tool);
  }
  return [...out].slice(-5).map(([line, tool]) => `${tool}: ${oneLine(line, 200)}`);
}

export function mustKeep(ledger: Ledger, tasks: string[] = []): MustKeep {
  const messages = ledger.user_messages.filter((m) => m.text.trim());
  const last = messages.at(-1)?.text ?? '';
  // The last eight before the last request, found from the end: a long session's hundreds of
  // earlier messages are not tested. (PreCompact's digest of the older messages keeps what this
  // reads of them: transcripts/keep-digest.ts.)
  const instructions: string[] = [];
  for (let i = messages.length - 2; i >= 0 && instructions.length < INSTRUCTIONS_KEPT; i--) if (INSTRUCTION.test(messages[i]!.text)) instructions.push(oneLine(messages[i]!.text, 240));
  instructions.reverse();
  const files_edited = ledger.files.filter((f) => f.edits + f.writes > 0).sort((a, b) => b.last_call - a.last_call).map((f) => f.path);
  const todos = ledger.todos.filter((t) => t.status !== 'completed').map((t) => `${t.content}${t.status === 'in_progress' ? ' (in progress)' : ''}`);
  const open_tasks = [...new Set([...todos, ...tasks])].slice(0, 10);
  return { last_request: oneLine(last, 400), instructions, files_edited, unresolved_errors: unresolved(ledger), open_tasks };
}

/** The PreCompact text, within `max` characters (whole lines; lists are cut from their end). */
export function mustKeepText(m: MustKeep, max = MUST_KEEP_CHARS): string {
  const blocks: { title: string; lines: string[] }[] = [
    { title: "The user's last request (keep it verbatim)", lines: m.last_request ? [m.last_request] : [] },
    { title: "The user's explicit instructions and corrections (keep them)", lines: m.instructions },
    { title: 'Files edited in this session (name every one, by path)', lines: m.files_edited },
    { title: 'Errors not resolved yet (quote them)', lines: m.unresolved_errors },
    { title: 'Open tasks', lines: m.open_tasks },
  ].filter((b) => b.lines.length);
  if (!blocks.length) return '';
  // Greedy in priority order: a block's heading goes in only with its first line.
  const out = ['git-memory: from the session ledger, facts the summary must keep:'];
  let used = out[0]!.length;
  for (const b of blocks) {
    const head = `${b.title}:`;
    let first = true;
    for (const l of b.lines) {
      const line = `- ${l}`;
      const need = line.length + 1 + (first ? head.length + 1 : 0);
      if (used + need > max) break;
      if (first) out.push(head);
      out.push(line);
      used += need;
      first = false;
    }
  }
  return out.length > 1 ? out.join('\n') : '';
}
