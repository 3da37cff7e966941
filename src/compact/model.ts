/**
 * The model path of `compact`: one request with the session rendered compactly and the ledger's key
 * facts listed as must-keep; the answer is an `<analysis>` scratchpad and then a `<summary>`. A
 * re-compression (seed 004's strategy 1) is the same request naming what the last summary lost.
 */
import enPrompt from '../../templates/prompts/compact.md' with { type: 'text' };
import zhPrompt from '../../templates/prompts/zh/compact.md' with { type: 'text' };
import { unframe } from '../llm/frame.js';
import { flatAsRead } from '../safety/plain-view.js';
import type { LlmRequest } from '../llm/types.js';
import { KEY_KINDS, type KeyInfo } from './key-info.js';
import { sectionsFound } from './sections.js';

const LABEL: Record<string, string> = {
  file_names: 'Files (paths, verbatim)',
  error_messages: 'Error messages (verbatim)',
  user_commands: "The user's messages",
  technical_terms: 'Technical terms',
};

const MAX_ITEM = 400;
const clip = (s: string) => unframe(flatAsRead(s.length > MAX_ITEM ? `${s.slice(0, MAX_ITEM - 1)}…` : s));

/** The ledger's key as the must-keep list of a request. */
export function mustKeepList(key: KeyInfo): string {
  const out: string[] = [];
  for (const kind of KEY_KINDS) {
    if (!key[kind].length) continue;
    out.push(`${LABEL[kind]}:`, ...key[kind].map((k) => `- ${clip(k.text)}`), '');
  }
  return out.join('\n').trim();
}

export interface CompactRequestInput {
  /** The session, rendered for a model (transcripts/renderTranscript). */
  transcript: string;
  key: KeyInfo;
  /** Strategy 1: the previous summary and what it lost, item by item. */
  retry?: { summary: string; missing: string[]; recommendations: string[] };
  maxOutputTokens: number;
  /** `[journal] language`: the prompt's language (the section headings stay the seed's English names). */
  language?: 'en' | 'zh';
}

export function compactRequest(input: CompactRequestInput): LlmRequest {
  const parts = [`<must_keep>\n${mustKeepList(input.key) || '(nothing recorded)'}\n</must_keep>`, `<conversation>\n${unframe(input.transcript)}\n</conversation>`];
  if (input.retry) {
    parts.push(
      `<previous_summary>\n${unframe(input.retry.summary)}\n</previous_summary>`,
      `The previous summary failed its check. It lost:\n${input.retry.missing.map((m) => `- ${clip(m)}`).join('\n')}\n` +
        `Also: ${unframe(input.retry.recommendations.join('; '))}.\nWrite the whole summary again, keeping all of these.`,
    );
  } else parts.push('Write the analysis and then the summary.');
  return { purpose: 'compact', system: input.language === 'zh' ? zhPrompt : enPrompt, messages: [{ role: 'user', content: parts.join('\n\n') }], max_tokens: input.maxOutputTokens };
}

/**
 * The summary in a model's answer: the `<summary>` block, or a whole answer that is plainly a
 * summary (at least 6 of the 8 sections) without the tags. Null for anything else — empty,
 * truncated, refused, or chatter — which the caller reports and falls back from.
 */
export function parseModelSummary(text: string): string | null {
  const m = /<summary>([\s\S]*?)(?:<\/summary>|$)/i.exec(text);
  const body = (m ? m[1]! : text.replace(/<analysis>[\s\S]*?(<\/analysis>|$)/i, '')).trim();
  if (!body) return null;
  return sectionsFound(body).length >= 6 ? body : null;
}
