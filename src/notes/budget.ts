// Budgets (seed 000): about 2,000 tokens a section and 12,000 in all. Over them, the next prompt
// carries a reminder to condense, keeping Current State and Errors & Corrections.
import { estimateTokens } from '../llm/tokens.js';
import { fillPrompt, promptsFor, type PromptLang } from './prompts.js';
import { parseNotes } from './template.js';

export const MAX_SECTION_TOKENS = 2000;
export const MAX_TOTAL_TOKENS = 12_000;

/** Each section's estimated tokens (heading and description included) and the total. */
export function notesSize(notes: string): { sections: { heading: string; tokens: number }[]; total: number } {
  const sections = parseNotes(notes).sections.map((s) => ({ heading: s.heading, tokens: estimateTokens(`# ${s.heading}\n${s.description}\n${s.body}`) }));
  return { sections, total: estimateTokens(notes) };
}

/** The condensing reminder for notes over budget; '' when they are within it. */
export function budgetReminder(notes: string, lang: PromptLang = 'en'): string {
  const PROMPTS = promptsFor(lang);
  const size = notesSize(notes);
  const parts: string[] = [];
  if (size.total > MAX_TOTAL_TOKENS) parts.push(fillPrompt(PROMPTS.budgetTotal, { totalTokens: size.total, maxTotalTokens: MAX_TOTAL_TOKENS }));
  const over = size.sections.filter((s) => s.tokens > MAX_SECTION_TOKENS);
  if (over.length) {
    parts.push(fillPrompt(PROMPTS.budgetSections, { maxSectionTokens: MAX_SECTION_TOKENS, sections: over.map((s) => `- "${s.heading}": about ${s.tokens} tokens`).join('\n') }));
  }
  return parts.join('\n\n');
}
