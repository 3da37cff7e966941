// One model extraction (DESIGN §13, issue 13 item 4): the model sees the current notes and the part
// of the transcript they have not seen, and may change nothing but section bodies, through one tool.
// A call naming an unknown section, or whose content carries a template heading or description
// line, is refused (a tool error sent back) and changes nothing; at most two rounds of such replies.
import type { Llm, LlmBlock, LlmMessage, LlmRequest, LlmResult, LlmTool } from '../llm/types.js';
import { unframe } from '../llm/frame.js';
import { budgetReminder, MAX_SECTION_TOKENS, MAX_TOTAL_TOKENS } from './budget.js';
import { fillPrompt, PROMPTS, promptsFor, type PromptLang } from './prompts.js';
import { parseNotes, renderNotes, type ParsedNotes } from './template.js';

export const UPDATE_TOOL = 'update_section';
/** Follow-up requests carrying refused calls back to the model. */
export const MAX_FOLLOW_UPS = 2;

export function updateTool(): LlmTool {
  return {
    name: UPDATE_TOOL,
    description: PROMPTS.tool.trim(),
    input_schema: {
      type: 'object',
      properties: {
        section: { type: 'string', description: 'The heading text of the section, without "#"' },
        content: { type: 'string', description: 'The new markdown body of the section' },
      },
      required: ['section', 'content'],
    },
  };
}

/** The stable prefix: instructions and the template's sections (cached by the provider). */
export function systemPrompt(template: string, lang: PromptLang = 'en'): string {
  const sections = parseNotes(template).sections.map((s) => `# ${s.heading}\n${s.description}`).join('\n');
  return fillPrompt(promptsFor(lang).system, { sections, sectionTokens: MAX_SECTION_TOKENS, totalTokens: MAX_TOTAL_TOKENS });
}

/** The per-extraction message: the unseen transcript, then the (default or custom) prompt and any budget reminder. */
export function updateMessage(opts: { notes: string; notesPath: string; transcript: string; prompt: string | null; lang?: PromptLang }): LlmMessage {
  const prompt = fillPrompt(opts.prompt ?? promptsFor(opts.lang).update, { currentNotes: unframe(opts.notes.trim()), notesPath: opts.notesPath });
  const reminder = budgetReminder(opts.notes, opts.lang);
  const content: LlmBlock[] = [];
  if (opts.transcript.trim()) content.push({ type: 'text', text: fillPrompt(PROMPTS.transcript, { transcript: unframe(opts.transcript.trim()) }) });
  content.push({ type: 'text', text: reminder ? `${prompt}\n\n${reminder}` : prompt });
  return { role: 'user', content };
}

/**
 * Applies one `update_section` call to `notes` (in place); returns the refusal message, or null
 * when the section was replaced.
 */
/** A heading's text without its closing `#`s and the blanks before them, by a loop: `(.+?)\s*#*$` is quadratic in a run of blanks. */
function headingText(s: string): string {
  let end = s.length;
  while (end > 1 && s[end - 1] === '#') end--;
  while (end > 1 && /\s/.test(s[end - 1]!)) end--;
  return s.slice(0, end);
}

export function applyUpdate(notes: ParsedNotes, template: ParsedNotes, input: unknown): string | null {
  const i = input as { section?: unknown; content?: unknown } | null;
  if (!i || typeof i !== 'object' || typeof i.section !== 'string' || typeof i.content !== 'string') {
    return 'refused: the input must be {"section": <heading text>, "content": <markdown body>}, both strings';
  }
  const wanted = i.section.replace(/^#+\s*/, '').trim();
  const known = template.sections.find((s) => s.heading === wanted) ?? template.sections.find((s) => s.heading.toLowerCase() === wanted.toLowerCase());
  if (!known) return `refused: there is no section "${wanted}"; the sections are: ${template.sections.map((s) => `"${s.heading}"`).join(', ')}. Nothing was changed.`;
  const headings = new Set(template.sections.map((s) => s.heading.toLowerCase()));
  const descriptions = new Set(template.sections.map((s) => s.description.trim()).filter(Boolean));
  let fenced = false;
  let fence = '```';
  for (const line of i.content.split(/\r?\n/)) {
    const t = line.trim();
    const f = /^(```|~~~)/.exec(t);
    if (f && (!fenced || f[1] === fence)) {
      fenced = !fenced;
      fence = f[1]!;
    }
    if (descriptions.has(t)) return `refused: the content contains the italic description line ${t}; descriptions never change and are not part of the body. Nothing was changed.`;
    // Inside a code block a `#` line is a comment, not a heading.
    if (fenced || f) continue;
    const h = /^#{1,6}\s+(.+)$/.exec(t);
    if (h && headings.has(headingText(h[1]!).toLowerCase())) return `refused: the content contains the heading line "${t}"; give only the section's body. Nothing was changed.`;
    if (/^#\s/.test(line)) return `refused: the content contains the top-level heading line "${t}"; "# " lines delimit sections, use "##" or lower inside a body. Nothing was changed.`;
  }
  // An unclosed code block would swallow the sections after this one: close it.
  const body = fenced ? `${i.content.trim()}\n${fence}` : i.content.trim();
  const target = notes.sections.find((s) => s.heading === known.heading);
  if (target) target.body = body;
  else notes.sections.push({ heading: known.heading, description: known.description, body });
  return null;
}

export interface ExtractionResult {
  notes: string;
  /** Sections replaced, in order of the calls. */
  changed: string[];
  refused: number;
  /** Every model response, for usage records. */
  responses: LlmResult[];
}

/**
 * Runs the extraction against `llm`. `notes` must already have the template's sections (see
 * reconcileNotes). Throws LlmError when a request fails: the caller falls back to the ledger.
 * `onResponse` sees each response as it arrives (to record its usage even if a later round fails).
 */
export async function extractWithModel(opts: {
  llm: Llm;
  notes: string;
  template: string;
  notesPath: string;
  transcript: string;
  prompt: string | null;
  /** The prompts' language (`[journal] language`). */
  lang?: PromptLang;
  maxTokens?: number;
  /** No follow-up round starts after this time (ms since the epoch): the session lock goes stale at 60 s. */
  deadline?: number;
  onResponse?: (r: LlmResult) => void;
}): Promise<ExtractionResult> {
  const template = parseNotes(opts.template);
  const parsed = parseNotes(opts.notes);
  const request: LlmRequest = {
    purpose: 'notes',
    system: systemPrompt(opts.template, opts.lang),
    messages: [updateMessage(opts)],
    tools: [updateTool()],
    ...(opts.maxTokens ? { max_tokens: opts.maxTokens } : {}),
  };
  const changed: string[] = [];
  const responses: LlmResult[] = [];
  let refused = 0;
  for (let round = 0; round <= MAX_FOLLOW_UPS; round++) {
    const res = await opts.llm.complete(request);
    responses.push(res);
    opts.onResponse?.(res);
    const results: LlmBlock[] = [];
    let refusedNow = 0;
    for (const call of res.tool_calls) {
      const error = call.name === UPDATE_TOOL ? applyUpdate(parsed, template, call.input) : `refused: the only tool is ${UPDATE_TOOL}`;
      if (error) refusedNow++;
      else changed.push((call.input as { section: string }).section.replace(/^#+\s*/, '').trim());
      results.push({ type: 'tool_result', tool_use_id: call.id, content: error ?? 'updated', ...(error ? { is_error: true } : {}) });
    }
    refused += refusedNow;
    if (!refusedNow || round === MAX_FOLLOW_UPS || (opts.deadline !== undefined && Date.now() > opts.deadline)) break;
    request.messages = [...request.messages, res.message, { role: 'user', content: [...results, { type: 'text', text: promptsFor(opts.lang).toolRefused.trim() }] }];
  }
  return { notes: renderNotes(parsed), changed, refused, responses };
}

/**
 * The notes laid out on the template: its sections in its order, each with the body the notes had
 * for that heading (a section the template no longer has is dropped; a new one starts empty).
 */
export function reconcileNotes(notes: string | null, template: string): string {
  const t = parseNotes(template);
  if (!notes) return renderNotes(t);
  const bodies = new Map(parseNotes(notes).sections.map((s) => [s.heading.toLowerCase(), s.body]));
  for (const s of t.sections) s.body = bodies.get(s.heading.toLowerCase()) ?? '';
  return renderNotes(t);
}
