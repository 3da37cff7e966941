// The session notes' format (DESIGN §13, seed 000): sections, each a `# ` heading followed by an
// italic description line that never changes, then a body. Pure parse/render, the user's own
// template and prompt, and the two checks compaction uses (empty template, truncation).
import { dirname, join } from 'node:path';
import { readTextOrNull } from '../fs/read-file.js';
import { userDir } from '../memory/user-files.js';
import { NOTES_CONFIG_SUBDIR, NOTES_PROMPT_FILE, NOTES_TEMPLATE_FILE } from '../paths.js';
import defaultNotes from '../../templates/en/notes.md' with { type: 'text' };

export interface NotesSection {
  heading: string;
  description: string;
  body: string;
}

export interface ParsedNotes {
  /** The Session Title section's first line ('' when empty or absent). */
  title: string;
  /** Text before the first heading (kept for a round trip; the default template has none). */
  preamble?: string;
  sections: NotesSection[];
}

/** Characters a section keeps when the notes are truncated for compaction: 2,000 tokens × 4. */
export const MAX_SECTION_CHARS_FOR_COMPACTION = 2000 * 4;

/** Greedy to the last non-blank (a lazy `(.+?)\s*$` is quadratic in a run of blanks); a title of blanks alone is one blank, as before. */
const HEADING = /^# +(.*\S|\s)\s*$/;
const DESCRIPTION = /^_.*_\s*$/;
const FENCE = /^\s*(```|~~~)/;

/** Parses notes text: every `# ` line outside a code fence starts a section. */
export function parseNotes(text: string): ParsedNotes {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const sections: NotesSection[] = [];
  const pre: string[] = [];
  let current: { heading: string; description: string; body: string[] } | null = null;
  let fenced = false;
  for (const line of lines) {
    if (FENCE.test(line)) fenced = !fenced;
    const h = fenced ? null : HEADING.exec(line);
    if (h) {
      if (current) sections.push(close(current));
      current = { heading: h[1]!, description: '', body: [] };
      continue;
    }
    if (!current) pre.push(line);
    else if (!current.description && !current.body.length && DESCRIPTION.test(line.trim())) current.description = line.trim();
    else current.body.push(line);
  }
  if (current) sections.push(close(current));
  const preamble = pre.join('\n').trim();
  const titleBody = sections.find((s) => s.heading.toLowerCase() === 'session title')?.body ?? '';
  const title = titleBody.split('\n').find((l) => l.trim())?.trim() ?? '';
  return { title, ...(preamble ? { preamble } : {}), sections };
}

function close(s: { heading: string; description: string; body: string[] }): NotesSection {
  return { heading: s.heading, description: s.description, body: s.body.join('\n').trim() };
}

/** Notes text from parsed notes: heading, description, body, a blank line between sections. */
export function renderNotes(parsed: Pick<ParsedNotes, 'sections' | 'preamble'>): string {
  const blocks = parsed.sections.map((s) => [`# ${s.heading}`, ...(s.description ? [s.description] : []), ...(s.body ? [s.body] : [])].join('\n'));
  if (parsed.preamble) blocks.unshift(parsed.preamble);
  return `${blocks.join('\n\n')}\n`;
}

/** The default template: the 10 sections of seed 000, with their descriptions and no bodies. */
export function defaultTemplate(): string {
  return defaultNotes;
}

/** The 10 sections of the default template, in order. */
export const NOTE_SECTIONS: { heading: string; description: string }[] = parseNotes(defaultNotes).sections.map(({ heading, description }) => ({ heading, description }));

/** `~/.openclaw_memory` (or OPENCLAW_MEMORY_HOME): the user files' home, where `session-memory/config/` is. */
export function memoryHome(env: NodeJS.ProcessEnv = process.env): string {
  return dirname(userDir(env));
}

/**
 * The user's template and prompt from `<home>/session-memory/config/{template,prompt}.md`, else
 * the default template and no prompt (the default prompt is used). A template file without a
 * single `# ` section is not a template: the default is used.
 */
export function loadNotesConfig(home: string = memoryHome()): { template: string; prompt: string | null } {
  const dir = join(home, NOTES_CONFIG_SUBDIR);
  const custom = readTextOrNull(join(dir, NOTES_TEMPLATE_FILE));
  const template = custom && parseNotes(custom).sections.length ? renderNotes(parseNotes(custom)) : defaultTemplate();
  const prompt = readTextOrNull(join(dir, NOTES_PROMPT_FILE));
  return { template, prompt: prompt?.trim() ? prompt : null };
}

/**
 * Whether `text` is still the empty template: nothing was ever extracted. Compared as parsed
 * sections, so line endings and blank lines do not matter.
 */
export function isEmptyTemplate(text: string, template: string = defaultTemplate()): boolean {
  if (text.trim() === template.trim()) return true;
  const a = parseNotes(text);
  const b = parseNotes(template);
  return (
    a.sections.length === b.sections.length &&
    a.sections.every((s, i) => s.heading === b.sections[i]!.heading && s.body === b.sections[i]!.body) &&
    (a.preamble ?? '') === (b.preamble ?? '')
  );
}

/**
 * The notes with each section's body cut at 2,000 × 4 characters (at a line break when there is one
 * in the last quarter), so notes used in a compaction cannot eat its budget.
 */
export function truncateForCompaction(text: string): { text: string; truncated: boolean } {
  const parsed = parseNotes(text);
  let truncated = false;
  for (const s of parsed.sections) {
    if (s.body.length <= MAX_SECTION_CHARS_FOR_COMPACTION) continue;
    truncated = true;
    let cut = s.body.slice(0, MAX_SECTION_CHARS_FOR_COMPACTION);
    const nl = cut.lastIndexOf('\n');
    if (nl > MAX_SECTION_CHARS_FOR_COMPACTION * 0.75) cut = cut.slice(0, nl);
    s.body = `${cut.trimEnd()}\n[... section truncated for length ...]`;
  }
  return { text: truncated ? renderNotes(parsed) : text, truncated };
}
