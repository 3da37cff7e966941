import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultTemplate,
  isEmptyTemplate,
  loadNotesConfig,
  MAX_SECTION_CHARS_FOR_COMPACTION,
  NOTE_SECTIONS,
  parseNotes,
  renderNotes,
  truncateForCompaction,
} from '../../src/notes/template.js';
import { tempDir } from '../helpers/repo.js';

describe('the notes template', () => {
  it('has the 10 sections of seed 000 with their italic descriptions, in order', () => {
    expect(NOTE_SECTIONS.map((s) => s.heading)).toEqual([
      'Session Title',
      'Current State',
      'Task specification',
      'Files and Functions',
      'Workflow',
      'Errors & Corrections',
      'Codebase and System Documentation',
      'Learnings',
      'Key results',
      'Worklog',
    ]);
    expect(NOTE_SECTIONS[0]!.description).toBe('_A short and distinctive 5-10 word descriptive title for the session. Super info dense, no filler_');
    expect(NOTE_SECTIONS[1]!.description).toBe('_What is actively being worked on right now? Pending tasks not yet completed. Immediate next steps._');
    expect(NOTE_SECTIONS[9]!.description).toBe('_Step by step, what was attempted, done? Very terse summary for each step_');
    for (const s of NOTE_SECTIONS) expect(s.description).toMatch(/^_.+_$/);
  });

  it('parses and renders notes as a round trip, code blocks included', () => {
    expect(renderNotes(parseNotes(defaultTemplate()))).toBe(defaultTemplate());
    const parsed = parseNotes(defaultTemplate());
    parsed.sections[0]!.body = 'JWT auth refactor with refresh rotation';
    parsed.sections[4]!.body = '```sh\n# run the auth tests\nnpm test -- --grep auth\n```';
    const text = renderNotes(parsed);
    const again = parseNotes(text);
    expect(again.title).toBe('JWT auth refactor with refresh rotation');
    expect(again.sections).toHaveLength(10);
    expect(again.sections[4]!.body).toBe('```sh\n# run the auth tests\nnpm test -- --grep auth\n```');
    expect(renderNotes(again)).toBe(text);
  });

  it('knows the empty template, whatever the blank lines', () => {
    expect(isEmptyTemplate(defaultTemplate())).toBe(true);
    expect(isEmptyTemplate(defaultTemplate().replace(/\n\n/g, '\n\n\n').replace(/\n/g, '\r\n'))).toBe(true);
    const filled = defaultTemplate().replace('# Worklog\n_Step by step, what was attempted, done? Very terse summary for each step_', '$&\n1. read files');
    expect(isEmptyTemplate(filled)).toBe(false);
    const custom = '# Goal\n_What for_\n';
    expect(isEmptyTemplate(custom, custom)).toBe(true);
    expect(isEmptyTemplate(defaultTemplate(), custom)).toBe(false);
  });

  it('truncates each section at 2,000 × 4 characters for compaction', () => {
    const parsed = parseNotes(defaultTemplate());
    parsed.sections[1]!.body = 'short state';
    parsed.sections[9]!.body = Array.from({ length: 800 }, (_, i) => `${i + 1}. step number ${i + 1} done`).join('\n');
    const { text, truncated } = truncateForCompaction(renderNotes(parsed));
    expect(truncated).toBe(true);
    const out = parseNotes(text);
    expect(out.sections[1]!.body).toBe('short state');
    expect(out.sections[9]!.body.length).toBeLessThanOrEqual(MAX_SECTION_CHARS_FOR_COMPACTION + 60);
    expect(out.sections[9]!.body).toMatch(/1\. step number 1 done/);
    expect(out.sections[9]!.body).toMatch(/section truncated/);
    expect(out.sections[9]!.description).toBe(NOTE_SECTIONS[9]!.description);
    expect(truncateForCompaction(defaultTemplate())).toEqual({ text: defaultTemplate(), truncated: false });
  });

  it('takes the custom template and prompt from <home>/session-memory/config/', () => {
    const home = tempDir();
    expect(loadNotesConfig(home)).toEqual({ template: defaultTemplate(), prompt: null });
    mkdirSync(join(home, 'session-memory/config'), { recursive: true });
    writeFileSync(join(home, 'session-memory/config/template.md'), '# Goal\n_What the user wants_\n\n# Progress\n_What is done_\n');
    writeFileSync(join(home, 'session-memory/config/prompt.md'), 'Update {{notesPath}}:\n{{currentNotes}}\n');
    const c = loadNotesConfig(home);
    expect(parseNotes(c.template).sections.map((s) => s.heading)).toEqual(['Goal', 'Progress']);
    expect(c.prompt).toBe('Update {{notesPath}}:\n{{currentNotes}}\n');
    // A template without a section is not one.
    writeFileSync(join(home, 'session-memory/config/template.md'), 'just text\n');
    expect(loadNotesConfig(home).template).toBe(defaultTemplate());
  });
});
