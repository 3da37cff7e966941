// The extraction's prompts, from templates/prompts/<lang>/ (bundled as text: never inline in code).
// The notes template and the tool stay English: their section names are the seed's.
import enBudgetSections from '../../templates/prompts/en/notes-budget-sections.md' with { type: 'text' };
import enBudgetTotal from '../../templates/prompts/en/notes-budget-total.md' with { type: 'text' };
import enSystem from '../../templates/prompts/en/notes-system.md' with { type: 'text' };
import tool from '../../templates/prompts/en/notes-tool.md' with { type: 'text' };
import enToolRefused from '../../templates/prompts/en/notes-tool-refused.md' with { type: 'text' };
import transcript from '../../templates/prompts/en/notes-transcript.md' with { type: 'text' };
import enUpdate from '../../templates/prompts/en/notes-update.md' with { type: 'text' };
import zhBudgetSections from '../../templates/prompts/zh/notes-budget-sections.md' with { type: 'text' };
import zhBudgetTotal from '../../templates/prompts/zh/notes-budget-total.md' with { type: 'text' };
import zhSystem from '../../templates/prompts/zh/notes-system.md' with { type: 'text' };
import zhToolRefused from '../../templates/prompts/zh/notes-tool-refused.md' with { type: 'text' };
import zhUpdate from '../../templates/prompts/zh/notes-update.md' with { type: 'text' };

export type PromptLang = 'en' | 'zh';

export const PROMPTS = { budgetSections: enBudgetSections, budgetTotal: enBudgetTotal, system: enSystem, tool, toolRefused: enToolRefused, transcript, update: enUpdate };

const ZH: typeof PROMPTS = { budgetSections: zhBudgetSections, budgetTotal: zhBudgetTotal, system: zhSystem, tool, toolRefused: zhToolRefused, transcript, update: zhUpdate };

/** The prompts in `[journal] language`: notes are written in the language of the journal they feed. */
export function promptsFor(lang: PromptLang = 'en'): typeof PROMPTS {
  return lang === 'zh' ? ZH : PROMPTS;
}

/**
 * Replaces `{{name}}` with its value; unknown names are left as written (a custom prompt may
 * contain braces of its own). Values are inserted literally, never re-expanded.
 */
export function fillPrompt(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in values ? String(values[name]) : m)).trim();
}
