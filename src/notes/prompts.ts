// The extraction's prompts, from templates/prompts/ (bundled as text: never inline in code).
import budgetSections from '../../templates/prompts/en/notes-budget-sections.md' with { type: 'text' };
import budgetTotal from '../../templates/prompts/en/notes-budget-total.md' with { type: 'text' };
import system from '../../templates/prompts/en/notes-system.md' with { type: 'text' };
import tool from '../../templates/prompts/en/notes-tool.md' with { type: 'text' };
import toolRefused from '../../templates/prompts/en/notes-tool-refused.md' with { type: 'text' };
import transcript from '../../templates/prompts/en/notes-transcript.md' with { type: 'text' };
import update from '../../templates/prompts/en/notes-update.md' with { type: 'text' };

export const PROMPTS = { budgetSections, budgetTotal, system, tool, toolRefused, transcript, update };

/**
 * Replaces `{{name}}` with its value; unknown names are left as written (a custom prompt may
 * contain braces of its own). Values are inserted literally, never re-expanded.
 */
export function fillPrompt(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in values ? String(values[name]) : m)).trim();
}
