import type { Lang } from './headings.js';
import { trimEndOf } from '../linear.js';
// The templates are bundled into the program as text, so they are found wherever dist/ is put (an
// npm install, a copy of dist/ alone, a global link) and cost no file read on the primer's path.
import enDay from '../../templates/en/day.md' with { type: 'text' };
import enPrimer from '../../templates/en/primer.md' with { type: 'text' };
import enSession from '../../templates/en/session.md' with { type: 'text' };
import enTasks from '../../templates/en/tasks.md' with { type: 'text' };
import zhDay from '../../templates/zh/day.md' with { type: 'text' };
import zhPrimer from '../../templates/zh/primer.md' with { type: 'text' };
import zhSession from '../../templates/zh/session.md' with { type: 'text' };
import zhTasks from '../../templates/zh/tasks.md' with { type: 'text' };

export type TemplateName = 'session' | 'day' | 'tasks' | 'primer';

const TEMPLATES: Record<Lang, Record<TemplateName, string>> = {
  en: { day: enDay, primer: enPrimer, session: enSession, tasks: enTasks },
  zh: { day: zhDay, primer: zhPrimer, session: zhSession, tasks: zhTasks },
};

/** The text of `templates/<lang>/<name>.md`, as bundled. */
export function loadTemplate(name: TemplateName, lang: Lang): string {
  return TEMPLATES[lang][name];
}

/**
 * Fills `{{name}}` placeholders. The template is read as blocks separated by blank lines; a block
 * whose placeholders are all empty is left out, so a heading never stands without content.
 */
export function render(template: string, values: Record<string, string | undefined>): string {
  const blocks = template.replace(/\r\n/g, '\n').split(/\n{2,}/);
  const out: string[] = [];
  for (const block of blocks) {
    const names = [...block.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
    if (names.length && names.every((n) => !values[n])) continue;
    out.push(block.replace(/\{\{(\w+)\}\}/g, (_, n: string) => values[n] ?? ''));
  }
  return trimEndOf(out.join('\n\n'), '\n') + '\n'; // not /\n+$/: tried from every line break of a value
}
