import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lang } from './headings.js';

export type TemplateName = 'session' | 'day' | 'tasks' | 'primer';

let templatesDir: string | undefined;

/** The package's templates/ directory: found upward from this module, in src/ and in dist/ alike. */
export function templateDir(): string {
  if (templatesDir) return templatesDir;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'templates');
    if (existsSync(join(candidate, 'en'))) return (templatesDir = candidate);
    if (dirname(dir) === dir) throw new Error('git-memory: templates/ directory not found next to the program');
  }
}

const cache = new Map<string, string>();

/** Reads `templates/<lang>/<name>.md`. */
export function loadTemplate(name: TemplateName, lang: Lang): string {
  const key = `${lang}/${name}`;
  let text = cache.get(key);
  if (text === undefined) {
    text = readFileSync(join(templateDir(), lang, `${name}.md`), 'utf8');
    cache.set(key, text);
  }
  return text;
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
  return out.join('\n\n').replace(/\n+$/, '') + '\n';
}
