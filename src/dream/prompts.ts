// The dream's prompts, from templates/prompts/ (bundled as text: never inline in code).
import request from '../../templates/prompts/en/dream-request.md' with { type: 'text' };
import system from '../../templates/prompts/en/dream-system.md' with { type: 'text' };

export const DREAM_PROMPTS = { request, system };

/** Replaces `{{name}}` with its value, literally (values are never re-expanded). */
export function fillPrompt(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (m, name: string) => values[name] ?? m).trim();
}
