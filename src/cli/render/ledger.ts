import type { LedgerData } from '../../commands/ledger.js';
import { short } from './statusline.js';

const AGENT = { claude: 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI' } as const;
const CHECKBOX = { completed: '[x]', in_progress: '[>]', pending: '[ ]' } as const;
/** Lists longer than this show their last entries, saying how many were left out (--json has all). */
const SHOWN = 15;

const time = (iso: string) => (iso ? iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z?$/, '') : '?');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function section<T>(title: string, list: T[], line: (x: T) => string): string[] {
  if (!list.length) return [];
  const shown = list.slice(-SHOWN);
  return [`${title} (${list.length})`, ...(shown.length < list.length ? [`  … ${list.length - shown.length} earlier left out (--json lists them)`] : []), ...shown.map((x) => `  ${line(x)}`), ''];
}

/** The ledger as a short report for a person; `--json` gives every field. */
export function renderLedger(d: LedgerData): string {
  const u = d.usage;
  const ops = (f: LedgerData['files'][number]) =>
    [f.reads - (f.refused ?? 0) && plural(f.reads - (f.refused ?? 0), 'read'), f.edits && plural(f.edits, 'edit'), f.writes && plural(f.writes, 'write'), f.refused && `${plural(f.refused, 'change')} not made`].filter(Boolean).join(', ');
  const sub = (b: boolean) => (b ? ' (sub-agent)' : '');
  const lines = [
    `${AGENT[d.agent]} session ${d.session_id || '(no id)'}${d.cwd ? ` in ${d.cwd}` : ''}, ${time(d.started)} → ${time(d.updated)}`,
    `context ${short(d.context_tokens)} tokens · ${plural(d.tool_calls, 'tool call')} · ${plural(d.user_messages.length, 'user message')}` +
      (d.compactions.length ? ` · ${plural(d.compactions.length, 'compaction')}` : ''),
    `usage: input ${short(u.input)}, output ${short(u.output)}, cache read ${short(u.cache_read)}, cache write ${short(u.cache_write)}`,
    ...(d.replaced_surrogates
      ? [`note: the transcript held ${plural(d.replaced_surrogates, 'lone surrogate')} (an escaped \\ud800…\\udfff without its other half: not a character); each is shown as �, the rest of the text is kept`]
      : []),
    '',
    ...section('Files', d.files, (f) => `${f.path}  ${ops(f)}${sub(f.by_subagent)}`),
    ...section('Commands', d.commands, (c) => `${c.failed ? '✗' : '✓'} ${c.command.split('\n')[0]}${sub(c.by_subagent)}${c.by_user ? ' (by the user)' : ''}`),
    ...section('Errors', d.errors, (e) => `${e.tool}: ${e.message}${e.followed_by ? `\n    then: ${e.followed_by}` : ''}`),
    ...section('User messages', d.user_messages, (m) => `${time(m.at)}  ${m.text.replace(/\s+/g, ' ').slice(0, 160)}`),
    ...section('Todos', d.todos, (t) => `${CHECKBOX[t.status]} ${t.content}`),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
