/**
 * The 8-section summary from the ledger alone: no model, exact, and the floor every other summary
 * is measured against. It names every key item the validator looks for, and tells the turns in
 * order so the next agent can pick up where the session stopped.
 */
import { flatAsRead } from '../safety/plain-view.js';
import { fileOps, type FileTouch, type Ledger } from '../transcripts/ledger.js';
import { extractKeyInfo, type KeyInfo } from './key-info.js';
import { renderSummary, type ParsedSummary, type SectionName } from './sections.js';

/** A user message longer than this is cut (the validator looks at its first 300 characters). */
const MESSAGE_CHARS = 1000;
/** More user messages than this: the first 10 and the latest, as the key keeps the latest 60. */
const MAX_MESSAGES = 100;
const oneLine = (s: string, n: number) => {
  const t = flatAsRead(s).trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

function fileLine(f: FileTouch): string {
  return `- ${f.path} — ${fileOps(f)}; last: ${f.last_op}${f.by_subagent ? ' (sub-agent)' : ''}`;
}

function filesSection(ledger: Ledger, key: KeyInfo): string {
  const changed = ledger.files.filter((f) => f.edits + f.writes > 0).sort((a, b) => b.last_call - a.last_call);
  const keyPaths = new Set(key.file_names.map((k) => k.text));
  const read = ledger.files.filter((f) => f.edits + f.writes === 0 && keyPaths.has(f.path)).sort((a, b) => b.last_call - a.last_call);
  const more = ledger.files.length - changed.length - read.length;
  const out = [];
  if (changed.length) out.push('Changed:', ...changed.map(fileLine));
  if (read.length) out.push('Read (most recent first):', ...read.map(fileLine));
  if (more > 0) out.push(`(${more} more file${more === 1 ? '' : 's'} read earlier)`);
  return out.join('\n') || 'No file was read or changed.';
}

function errorsSection(ledger: Ledger, key: KeyInfo): string {
  if (!key.error_messages.length) return 'No tool error was recorded.';
  const byLine = new Map(ledger.errors.map((e) => [e.message, e]));
  return key.error_messages
    .map((k) => {
      const e = [...byLine.values()].reverse().find((x) => x.message.includes(k.text.slice(0, 60)));
      const fix = e?.followed_by ? ` → then: ${oneLine(e.followed_by, 200)}` : ' → not followed up yet';
      return `- ${e ? `${e.tool}: ` : ''}${k.text}${fix}`;
    })
    .join('\n');
}

function problemSolving(ledger: Ledger): string {
  const turns = ledger.turns.filter((t) => t.request || t.tool_calls);
  if (!turns.length) return 'Nothing was done yet.';
  const shown = turns.length > 12 ? [...turns.slice(0, 4), ...turns.slice(-8)] : turns;
  const lines = shown.map((t, i) => {
    const lead = i === 0 ? 'First' : i === shown.length - 1 ? 'Finally' : i === 1 ? 'Then' : 'Next';
    const did = [t.tool_calls ? `${t.tool_calls} tool call${t.tool_calls === 1 ? '' : 's'}` : '', t.edited.length ? `edited ${t.edited.join(', ')}` : ''].filter(Boolean).join('; ');
    const reply = t.reply ? ` Result: ${oneLine(t.reply, 200)}` : '';
    return `- ${lead}, the user asked: "${oneLine(t.request, 160)}"${did ? ` (${did})` : ''}.${reply}`;
  });
  if (shown.length < turns.length) lines.splice(4, 0, `- (${turns.length - shown.length} turns in between)`);
  const open = ledger.errors.filter((e) => !e.followed_by).length;
  if (ledger.errors.length) lines.push(`- Problems: ${ledger.errors.length} tool error${ledger.errors.length === 1 ? '' : 's'}; ${open ? `${open} not followed up yet` : 'each was followed by another attempt (see Errors and fixes for the solution tried)'}.`);
  return lines.join('\n');
}

function pending(ledger: Ledger): string {
  const open = ledger.todos.filter((t) => t.status !== 'completed');
  if (!open.length) return ledger.todos.length ? 'Every task in the last todo list is completed.' : 'No todo list was kept.';
  return open.map((t) => `- [${t.status === 'in_progress' ? 'in progress' : 'pending'}] ${t.content}`).join('\n');
}

function currentWork(ledger: Ledger): string {
  const last = ledger.turns.at(-1);
  const inProgress = ledger.todos.find((t) => t.status === 'in_progress') ?? ledger.todos.find((t) => t.status === 'pending');
  const lines = [];
  if (last) {
    lines.push(`Current state: working on the last request: "${oneLine(last.request, 300)}".`);
    if (last.edited.length) lines.push(`Files edited in this turn: ${last.edited.join(', ')}.`);
    if (last.reply) lines.push(`Last reply: ${oneLine(last.reply, 300)}`);
  }
  const lastCmd = ledger.commands.at(-1);
  if (lastCmd) lines.push(`Last command: \`${oneLine(lastCmd.command, 160)}\`${lastCmd.failed ? ' (failed)' : ''}.`);
  if (inProgress) lines.push(`Next step: ${inProgress.content}`);
  return lines.join('\n') || 'No work recorded yet.';
}

/** Every user message, in order; a very long session keeps its first few and its last ones. */
function userMessages(ledger: Ledger): string {
  const all = ledger.user_messages.map((u) => oneLine(u.text, MESSAGE_CHARS)).filter(Boolean);
  if (!all.length) return 'None.';
  const shown = all.length > MAX_MESSAGES ? [...all.slice(0, 10), `(${all.length - MAX_MESSAGES} messages in between)`, ...all.slice(-(MAX_MESSAGES - 10))] : all;
  return shown.map((t) => `- ${t}`).join('\n');
}

/** The ledger's summary as sections (for repairs that take sections from it). */
export function ledgerSections(ledger: Ledger, key: KeyInfo = extractKeyInfo(ledger)): Map<SectionName, string> {
  const first = ledger.user_messages.find((m) => m.text.trim());
  const last = ledger.user_messages.at(-1);
  const intent = [
    first ? `The user first asked: ${oneLine(first.text, 600)}` : 'No request was recorded.',
    ...(last && last !== first ? [`Latest request: ${oneLine(last.text, 600)}`] : []),
  ].join('\n');
  const terms = key.technical_terms.map((t) => t.text);
  const m = new Map<SectionName, string>();
  m.set('Primary Request and Intent', intent);
  m.set('Key Technical Concepts', terms.length ? terms.map((t) => `- ${t}`).join('\n') : 'None recorded.');
  m.set('Files and Code Sections', filesSection(ledger, key));
  m.set('Errors and fixes', errorsSection(ledger, key));
  m.set('Problem Solving', problemSolving(ledger));
  m.set('All user messages', userMessages(ledger));
  m.set('Pending Tasks', pending(ledger));
  m.set('Current Work', currentWork(ledger));
  return m;
}

/** The 8-section summary of a ledger, as markdown. */
export function ledgerSummary(ledger: Ledger, key?: KeyInfo): string {
  const parsed: ParsedSummary = { preamble: '', sections: ledgerSections(ledger, key) };
  return renderSummary(parsed);
}
