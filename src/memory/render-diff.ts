import { withoutEmail } from '../linear.js';
import { stripHiddenText } from '../safety/hidden-text.js';
import type { DiffLine } from './line-diff.js';
import { STATUS_BOX } from './status-box.js';
import type { SessionSummary, TaskChangeSummary, TasksDiff } from './memory-diff.js';

/** Marks the PR comment, so a workflow can find and update its own comment. */
export const COMMENT_MARKER = '<!-- git-memory-diff -->';

export interface RenderInput {
  base: { sha: string; name: string };
  head: { sha: string; name: string };
  sessions: SessionSummary[];
  tasks: TasksDiff;
  /** Facts the range forgot (listed under Forgotten at head, not at base). */
  forgotten?: string[];
  primer: { changed: boolean; diff: DiffLine[] };
}

/**
 * Memory text is untrusted and lands in a PR comment: one line, invisible characters removed,
 * markdown and HTML syntax escaped (no links, images or raw HTML), mentions defused.
 */
export function inline(text: string): string {
  return stripHiddenText(text)
    .text.replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`)
    .replace(/@(?=\w)/g, '@\u200b');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function sessionBlock(s: SessionSummary): string[] {
  const who = [s.agent, s.author && withoutEmail(s.author)].filter(Boolean).map((x) => inline(x!));
  const meta = [s.branch ? `branch ${inline(s.branch)}` : '', s.commits ? plural(s.commits, 'commit') : ''].filter(Boolean);
  const out = [`#### ${s.date} ${s.time} · ${who.join(' · ')}${meta.length ? ` (${meta.join(', ')})` : ''}`, '', `**Request:** ${inline(s.request) || '—'}`];
  const gone = new Set(s.forgotten ?? []);
  const list = (title: string, items: string[]) => {
    if (items.length) out.push('', `**${title}**`, ...items.map((i) => `- ${inline(i)}${gone.has(i) ? ' (forgotten in this range)' : ''}`));
  };
  list('Completed', s.completed);
  list('Learned', s.learned);
  list('Decisions', s.decisions);
  list('Next steps', s.next_steps);
  return [...out, ''];
}

function taskLine(t: TaskChangeSummary, withChanges: boolean): string {
  const box = STATUS_BOX[t.status];
  const changes = withChanges && t.changes.length ? `: ${t.changes.map(inline).join('; ')}` : '';
  return `- ${box} ${inline(t.task)} \`${t.id}\`${changes}`;
}

function tasksBlock(d: TasksDiff): string[] {
  const out: string[] = [];
  const group = (title: string, items: TaskChangeSummary[], withChanges: boolean) => {
    if (items.length) out.push(`**${title}**`, ...items.map((t) => taskLine(t, withChanges)), '');
  };
  group('Added', d.added, false);
  group('Closed', d.closed, false);
  group('Changed', d.changed, true);
  group('Removed', d.removed, false);
  return out;
}

/** A code fence longer than any backtick run inside, so memory text cannot close it. */
function fence(lines: string[]): string {
  const longest = Math.max(2, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((m) => m.length))));
  return '`'.repeat(longest + 1);
}

/** The markdown of `git memory diff`: a pull request comment. */
export function renderMemoryDiff(d: RenderInput): string {
  const taskCount = d.tasks.added.length + d.tasks.closed.length + d.tasks.changed.length + d.tasks.removed.length;
  const out = [COMMENT_MARKER, '## Memory changes', ''];
  out.push(`Comparing \`${d.base.sha.slice(0, 7)}\` (${inline(d.base.name)}) with \`${d.head.sha.slice(0, 7)}\` (${inline(d.head.name)}).`, '');
  const forgotten = d.forgotten ?? [];
  if (!d.sessions.length && !taskCount && !forgotten.length && !d.primer.changed) return `${[...out, 'No memory changes: the next agent will know the same as before.'].join('\n')}\n`;
  const t = d.tasks;
  out.push(`**${plural(d.sessions.length, 'session')} added** · tasks: ${t.added.length} added, ${t.closed.length} closed, ${t.changed.length} changed${t.removed.length ? `, ${t.removed.length} removed` : ''}${forgotten.length ? ` · ${forgotten.length} forgotten` : ''}`, '');
  if (d.sessions.length) out.push('### Sessions added', '', ...d.sessions.flatMap(sessionBlock));
  if (taskCount) out.push('### Tasks', '', ...tasksBlock(d.tasks));
  if (forgotten.length) out.push('### Forgotten', '', ...forgotten.map((f) => `- ${inline(f)}`), '');
  out.push('### What the next agent will know differently', '');
  if (!d.primer.changed) out.push('The primer is the same at both revisions.');
  else {
    const lines = d.primer.diff.map((l) => `${l.op}${l.line}`.trimEnd());
    const changed = d.primer.diff.filter((l) => l.op !== ' ').length;
    const f = fence(lines);
    out.push(`<details><summary>Primer at base → primer at head (${plural(changed, 'line')} changed)</summary>`, '', `${f}diff`, ...lines, f, '', '</details>');
  }
  return `${out.join('\n')}\n`;
}
