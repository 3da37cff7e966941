// Notes without a model (DESIGN §13, issue 13 item 5): every section the ledger can speak to,
// filled mechanically and exactly. This is the baseline a model's notes must beat, and what a
// failed model call falls back to.
import { fileOps, type Ledger } from '../transcripts/ledger.js';
import { planRequest } from '../transcripts/plan-prompt.js';
import { defaultTemplate, parseNotes, renderNotes } from './template.js';
import { trimEndOf } from '../linear.js';

/** Whitespace collapsed, cut at `max` characters with an ellipsis. */
export function shorten(text: string, max: number): string {
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
}

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;
/** A user message that corrects the agent (seed 000: "What did the user correct?"). */
const CORRECTION = /^(no\b|nope\b|wrong\b|don'?t\b|do not\b|stop\b|instead\b|actually\b|that'?s not\b|not like that|undo\b|revert\b|不要|不对|错了|别)/i;

/** Requests that are the user's own words (agent command wrappers and empty lines are not). */
function requests(ledger: Ledger): { text: string; at: string }[] {
  return ledger.user_messages.filter((m) => m.text.trim() && !/^\s*<(command|local-command|system)/.test(m.text)).map((m) => ({ ...m, text: planRequest(m.text) }));
}

function title(ledger: Ledger): string {
  const first = requests(ledger)[0]?.text ?? '';
  const line = first.split(/\n|(?<=[.!?。！？])\s/)[0] ?? '';
  const words = line.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  return words.length > 10 ? `${trimEndOf(words.slice(0, 10).join(' '), ',;:.!?')}…` : words.join(' ');
}

function taskSpecification(ledger: Ledger): string {
  const all = requests(ledger);
  if (!all.length) return '';
  const lines = ['The user asked:'];
  const shown = all.length > 12 ? [...all.slice(0, 3), null, ...all.slice(-9)] : all;
  for (const m of shown) lines.push(m ? `- ${shorten(m.text, 300)}` : `- … (${all.length - 12} more requests)`);
  return lines.join('\n');
}

function currentState(ledger: Ledger): string {
  const lines: string[] = [];
  const last = requests(ledger).at(-1);
  if (last) lines.push(`Last request: ${shorten(last.text, 300)}`);
  const open = ledger.todos.filter((t) => t.status !== 'completed');
  const doing = open.filter((t) => t.status === 'in_progress');
  const pending = open.filter((t) => t.status === 'pending');
  if (doing.length) lines.push(`In progress: ${doing.map((t) => shorten(t.content, 160)).join('; ')}`);
  if (pending.length) lines.push('Pending:', ...pending.slice(0, 15).map((t) => `- ${shorten(t.content, 160)}`));
  const done = ledger.todos.length - open.length;
  if (ledger.todos.length) lines.push(`Todo list: ${done} of ${ledger.todos.length} done.`);
  const lastTurn = ledger.turns.at(-1);
  if (lastTurn?.edited.length) lines.push(`Last edited: ${lastTurn.edited.slice(0, 8).map(code).join(', ')}`);
  if (lastTurn?.reply) lines.push(`Agent's last reply: ${shorten(lastTurn.reply, 300)}`);
  if (ledger.compactions.length) lines.push(`Context compacted: ${ledger.compactions.length}×`);
  return lines.join('\n');
}

function filesAndFunctions(ledger: Ledger): string {
  const files = [...ledger.files].sort((a, b) => b.edits + b.writes - (a.edits + a.writes) || b.last_call - a.last_call);
  const shown = files.slice(0, 30);
  const lines = shown.map((f) => {
    return `- ${code(f.path)} — ${fileOps(f)} (last: ${f.last_op}${f.by_subagent ? ', also by a sub-agent' : ''})`;
  });
  if (files.length > shown.length) lines.push(`- … ${files.length - shown.length} more files read or touched`);
  return lines.join('\n');
}

function workflow(ledger: Ledger): string {
  const byCommand = new Map<string, { runs: number; failed: number; user: boolean }>();
  for (const c of ledger.commands) {
    const key = shorten(c.command, 200);
    const e = byCommand.get(key) ?? { runs: 0, failed: 0, user: false };
    e.runs++;
    if (c.failed) e.failed++;
    // Run by the user in the agent's shell mode (`!`): said, the agent did not choose it.
    if (c.by_user) e.user = true;
    byCommand.set(key, e);
  }
  const entries = [...byCommand].slice(0, 25);
  const lines = entries.map(([cmd, e], i) => {
    const facts = [e.user && 'run by the user', e.runs > 1 && `run ${e.runs}×`, e.failed && `failed ${e.failed}×`].filter(Boolean).join(', ');
    return `${i + 1}. ${code(cmd)}${facts ? ` — ${facts}` : ''}`;
  });
  if (byCommand.size > entries.length) lines.push(`… ${byCommand.size - entries.length} more distinct commands`);
  return lines.length ? `Commands in the order first used:\n${lines.join('\n')}` : '';
}

function errorsAndCorrections(ledger: Ledger): string {
  const lines = ledger.errors.slice(-20).map((e) => {
    const next = e.followed_by ? ` → then: ${shorten(e.followed_by, 200)}` : ' → nothing followed yet';
    return `- ${e.tool}: ${shorten(e.message, 240)}${next}`;
  });
  if (ledger.errors.length > 20) lines.unshift(`- … ${ledger.errors.length - 20} earlier errors`);
  const corrections = requests(ledger).filter((m) => CORRECTION.test(m.text.trim()));
  for (const m of corrections.slice(-10)) lines.push(`- The user corrected: "${shorten(m.text, 240)}"`);
  lines.push(...failedChecks(ledger));
  return lines.join('\n');
}

function codebase(ledger: Ledger): string {
  const dirs = new Map<string, Set<string>>();
  for (const f of ledger.files) {
    const at = f.path.lastIndexOf('/');
    const dir = at < 0 ? '.' : f.path.slice(0, at);
    (dirs.get(dir) ?? dirs.set(dir, new Set()).get(dir)!).add(f.path.slice(at + 1));
  }
  const sorted = [...dirs].sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0])).slice(0, 12);
  const lines = sorted.map(([dir, names]) => {
    const list = [...names].slice(0, 6).join(', ');
    return `- ${code(dir === '.' ? './' : `${dir}/`)} — ${names.size} file${names.size > 1 ? 's' : ''}: ${list}${names.size > 6 ? ', …' : ''}`;
  });
  if (lines.length && ledger.cwd) lines.unshift(`Working directory: ${code(ledger.cwd)}`);
  return lines.join('\n');
}

const TEST_RUN = /\b(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test\b|\b(?:go|cargo|mix|dotnet|deno)\s+test\b|(?:^|[\s;&|/])(?:vitest|jest|mocha|pytest|rspec|phpunit|ctest)\b/;
/** Runs of one check share a kind: any test run, else the tool and its first argument (`npx tsc`). */
const commandKind = (command: string) => (TEST_RUN.test(command) ? 'tests' : command.trim().split(/\s+/).slice(0, 2).join(' '));

/**
 * Checks that failed, and whether a later run of the same kind (the same command, or the same tool
 * and subcommand) passed: where the fix is in the errors above. One that was not run again after
 * its failure says so, and no more (the session may have dropped it on purpose).
 */
function failedChecks(ledger: Ledger): string[] {
  const lines: string[] = [];
  const byKind = new Map<string, { failed: string[]; passed: string | null }>();
  for (const c of ledger.commands) {
    const kind = commandKind(c.command);
    const e = byKind.get(kind) ?? { failed: [], passed: null };
    if (c.failed) {
      e.failed.push(shorten(c.command, 160));
      e.passed = null;
    } else if (e.failed.length) e.passed = shorten(c.command, 160);
    byKind.set(kind, e);
  }
  for (const e of byKind.values()) {
    if (!e.failed.length) continue;
    const failed = [...new Set(e.failed)].map(code).join(', ');
    lines.push(e.passed ? `- ${failed} failed ${e.failed.length}×, then ${code(e.passed)} passed` : `- ${failed} failed ${e.failed.length}× and did not pass after`);
  }
  return lines.slice(0, 10);
}

/**
 * Without a model the ledger cannot tell what a teammate would want to know next week: a failed
 * run, a tool's error or a compaction is the session's own story (Errors & Corrections, Current
 * State), not a fact. The section stays empty rather than hold noise that would be committed.
 */
const learnings = (): string => '';

function keyResults(ledger: Ledger): string {
  const last = [...ledger.turns].reverse().find((t) => t.reply);
  return last?.reply ? `Last answer to "${shorten(last.request, 120)}":\n${last.reply}` : '';
}

function worklog(ledger: Ledger): string {
  const turns = ledger.turns;
  const shown = turns.slice(-40);
  const lines = shown.map((t, i) => {
    const parts = [shorten(t.request, 140) || '(agent continued)'];
    if (t.tool_calls) parts.push(`${t.tool_calls} tool call${t.tool_calls > 1 ? 's' : ''}`);
    if (t.edited.length) parts.push(`edited ${t.edited.slice(0, 5).join(', ')}${t.edited.length > 5 ? ', …' : ''}`);
    if (t.reply) parts.push(`→ ${shorten(t.reply, 140)}`);
    return `${turns.length - shown.length + i + 1}. ${parts.join('; ')}`;
  });
  if (turns.length > shown.length) lines.unshift(`(${turns.length - shown.length} earlier steps)`);
  return lines.join('\n');
}

/**
 * Whole lines of `text` within `maxChars`: the first ones, or the last ones for a log whose recent
 * end matters (a line saying how many were left out takes the place of the rest).
 */
function fit(text: string, maxChars: number, keep: 'head' | 'tail'): string {
  if (text.length <= maxChars) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let used = 40; // room for the note about what was left out
  const order = keep === 'head' ? lines : [...lines].reverse();
  for (const line of order) {
    if (used + line.length + 1 > maxChars) break;
    out.push(line);
    used += line.length + 1;
  }
  const left = lines.length - out.length;
  return keep === 'head' ? [...out, `… ${left} more lines`].join('\n') : [`(${left} earlier lines)`, ...out.reverse()].join('\n');
}

/**
 * Section heading (lower case) → its filler and its share of the budget in characters: each under
 * seed 000's 2,000 tokens a section, all together under its 12,000 (about 9,000 here).
 */
const FILLERS: Record<string, [(l: Ledger) => string, number, 'head' | 'tail']> = {
  'session title': [title, 200, 'head'],
  'current state': [currentState, 3000, 'head'],
  'task specification': [taskSpecification, 4000, 'tail'],
  'files and functions': [filesAndFunctions, 5000, 'head'],
  workflow: [workflow, 4000, 'head'],
  'errors & corrections': [errorsAndCorrections, 6000, 'tail'],
  'codebase and system documentation': [codebase, 2500, 'head'],
  learnings: [learnings, 3000, 'head'],
  'key results': [keyResults, 2000, 'head'],
  worklog: [worklog, 7000, 'tail'],
};

/**
 * Text from the transcript as body lines that open no heading: a line starting with `#` (an agent's
 * reply in markdown, a pasted file) would start a section of its own in the notes (issue 25 §6.5),
 * so its `#` is escaped, inside a code block too (a cut may leave one unclosed).
 */
export function noHeadings(text: string): string {
  return text.replace(/^([ \t]{0,3})#/gm, '$1\\#');
}

/** The body the ledger gives for a section of that heading ('' for one it cannot speak to). */
export function sectionFromLedger(ledger: Ledger, heading: string): string {
  const f = FILLERS[heading.trim().toLowerCase()];
  return f ? noHeadings(fit(f[0](ledger), f[1], f[2])) : '';
}

/**
 * Notes filled from the ledger: every section of `template` whose heading is one of the 10 known
 * ones (a custom template's other sections stay empty). A section the ledger has nothing for stays
 * empty rather than getting filler.
 */
export function notesFromLedger(ledger: Ledger, template: string = defaultTemplate()): string {
  const parsed = parseNotes(template);
  for (const s of parsed.sections) s.body = sectionFromLedger(ledger, s.heading);
  return renderNotes(parsed);
}
