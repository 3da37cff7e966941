import type { Config } from '../memory/config.js';
import { entryText, LONG_TERM_SECTIONS, type LongTermDoc, type LongTermEntry, type LongTermSection } from '../memory/long-term.js';
import { LlmError, type Llm, type LlmBlock, type LlmRequest, type LlmResult, type LlmTool } from '../llm/types.js';
import { unframe } from '../llm/frame.js';
import type { DreamReport, DreamSession } from './consolidate.js';
import { DREAM_PROMPTS, fillPrompt } from './prompts.js';

const EDITABLE: readonly LongTermSection[] = LONG_TERM_SECTIONS.filter((s) => s !== 'superseded' && s !== 'forgotten');
/** Rounds of tool results sent back when a call was refused. */
const MAX_FOLLOW_UPS = 2;
/** Sessions shown to the model, newest last; older ones are already in the entries. */
const MAX_SESSIONS = 40;

/** The only tools the model gets: each edits one MEMORY.md entry. */
export const DREAM_TOOLS: LlmTool[] = [
  {
    name: 'update_entry',
    description: 'Rewrite an entry (one line, at most 150 characters) and/or move it to another section.',
    input_schema: { type: 'object', properties: { id: { type: 'string' }, text: { type: 'string' }, section: { type: 'string', enum: EDITABLE } }, required: ['id'] },
  },
  {
    name: 'remove_entry',
    description: 'Remove an entry. reason: "duplicate of eN", "superseded by eN" (kept as superseded), or why it is not worth keeping.',
    input_schema: { type: 'object', properties: { id: { type: 'string' }, reason: { type: 'string' } }, required: ['id', 'reason'] },
  },
  {
    name: 'add_entry',
    description: 'Add a fact the sessions state that no entry has; sessions: the ids of the sessions it comes from.',
    input_schema: {
      type: 'object',
      properties: { section: { type: 'string', enum: EDITABLE }, text: { type: 'string' }, sessions: { type: 'array', items: { type: 'string' } } },
      required: ['section', 'text', 'sessions'],
    },
  },
];

interface Slot {
  id: string;
  entry: LongTermEntry;
  removed?: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function renderEntries(slots: Slot[]): string {
  return slots.map((s) => `${s.id} [${s.entry.section}] ${s.entry.text} (sessions: ${s.entry.sessions.join(', ') || 'none'}${s.entry.files.length ? `; files: ${s.entry.files.join(', ')}` : ''}${s.entry.date ? `; ${s.entry.date}` : ''})`).join('\n');
}

function renderSessions(sessions: DreamSession[]): string {
  return sessions
    .slice(-MAX_SESSIONS)
    .map(({ session: s }) => {
      const parts = [`## ${s.id} (${s.date} ${s.time}, branch ${s.branch ?? '?'})`, `request: ${s.request.split('\n')[0]}`];
      for (const [k, list] of [['learned', s.learned], ['decided', s.decisions], ['notes', s.notes], ['completed', s.completed], ['next', s.next_steps]] as const) {
        for (const x of list) parts.push(`${k}: ${x}`);
      }
      return parts.join('\n');
    })
    .join('\n\n');
}

/** Applies one tool call to the slots; returns what to tell the model (an error starts with "refused"). */
function apply(call: { name: string; input: unknown }, slots: Slot[], known: Set<string>, report: DreamReport, today: string): string {
  if (!DREAM_TOOLS.some((t) => t.name === call.name)) return `refused: unknown tool ${call.name}; the tools are ${DREAM_TOOLS.map((t) => t.name).join(', ')}`;
  const input = (call.input ?? {}) as Record<string, unknown>;
  const section = str(input.section) as LongTermSection;
  if (input.section !== undefined && !EDITABLE.includes(section)) return `refused: no section "${str(input.section)}"; sections: ${EDITABLE.join(', ')}`;
  if (call.name === 'add_entry') {
    const text = entryText(str(input.text));
    const sessions = (Array.isArray(input.sessions) ? input.sessions : []).map(str).filter((s) => known.has(s));
    if (!text) return 'refused: empty text';
    if (!sessions.length) return 'refused: name the sessions (from those given) the fact comes from';
    const id = `e${slots.length + 1}`;
    slots.push({ id, entry: { section, text, sessions, files: [], date: today } });
    report.added++;
    return `added as ${id}`;
  }
  const slot = slots.find((s) => s.id === str(input.id) && !s.removed);
  if (!slot) return `refused: no entry ${str(input.id)}`;
  if (call.name === 'update_entry') {
    const text = input.text === undefined ? slot.entry.text : entryText(str(input.text));
    if (!text) return 'refused: empty text';
    slot.entry = { ...slot.entry, text, ...(input.section !== undefined ? { section } : {}) };
    return 'updated';
  }
  if (call.name === 'remove_entry') {
    const reason = str(input.reason);
    slot.removed = reason || 'removed';
    const by = /superseded by (e\d+)/i.exec(reason)?.[1];
    const winner = by && slots.find((s) => s.id === by);
    if (winner) report.superseded.push({ old: slot.entry.text, by: winner.entry.text });
    else if (/duplicate of/i.test(reason)) report.merged++;
    else report.dropped.push({ text: slot.entry.text, reason: `the model: ${reason}` });
    return 'removed';
  }
  return 'refused';
}

export interface ModelDream {
  doc: LongTermDoc;
  responses: LlmResult[];
}

/**
 * The model's pass over the deterministic result: it sees the entries (with ids) and the new
 * sessions, and can only update, remove or add entries through the tools; anything else is
 * refused and said back to it. Entries a "superseded by" removal names move to Superseded. An
 * LlmError goes up to the caller, which keeps the deterministic result.
 */
export async function refineWithModel(opts: {
  llm: Llm;
  doc: LongTermDoc;
  sessions: DreamSession[];
  report: DreamReport;
  today: string;
  config: Config['llm'];
  onResponse?: (r: LlmResult) => void;
}): Promise<ModelDream> {
  const superseded = opts.doc.entries.filter((e) => e.section === 'superseded');
  // What a person forgot is not the model's to see or bring back.
  const forgotten = opts.doc.entries.filter((e) => e.section === 'forgotten');
  const slots: Slot[] = opts.doc.entries.filter((e) => e.section !== 'superseded' && e.section !== 'forgotten').map((entry, i) => ({ id: `e${i + 1}`, entry }));
  const known = new Set(opts.sessions.map((d) => d.session.id));
  const request: LlmRequest = {
    purpose: 'dream',
    system: DREAM_PROMPTS.system.trim(),
    messages: [{ role: 'user', content: fillPrompt(DREAM_PROMPTS.request, { today: opts.today, entries: unframe(renderEntries(slots)), sessions: unframe(renderSessions(opts.sessions)) }) }],
    tools: DREAM_TOOLS,
    max_tokens: opts.config.max_output_tokens,
  };
  const responses: LlmResult[] = [];
  for (let round = 0; round <= MAX_FOLLOW_UPS; round++) {
    const res = await opts.llm.complete(request);
    responses.push(res);
    opts.onResponse?.(res);
    if (!res.tool_calls.length) break;
    const results: LlmBlock[] = res.tool_calls.map((call) => {
      const said = apply(call, slots, known, opts.report, opts.today);
      return { type: 'tool_result', tool_use_id: call.id, content: said, ...(said.startsWith('refused') ? { is_error: true } : {}) };
    });
    if (!results.some((r) => r.type === 'tool_result' && r.is_error) || round === MAX_FOLLOW_UPS) break;
    request.messages = [...request.messages, res.message, { role: 'user', content: results }];
  }
  if (!responses.length) throw new LlmError('no response', 'bad_response');
  const moved = slots.filter((s) => s.removed && /superseded by/i.test(s.removed)).map((s) => ({ ...s.entry, section: 'superseded' as const, until: opts.today }));
  const live = slots.filter((s) => !s.removed).map((s) => s.entry);
  const order = EDITABLE;
  return {
    doc: { lang: opts.doc.lang, entries: [...order.flatMap((sec) => live.filter((e) => e.section === sec)), ...superseded, ...moved, ...forgotten] },
    responses,
  };
}
