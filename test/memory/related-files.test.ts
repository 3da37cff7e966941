import { describe, expect, it } from 'vitest';
import { formatRelatedFiles, parseRelatedFiles } from '../../src/memory/related-files.js';
import { parseTasks, serializeTasks, type TaskList } from '../../src/memory/tasks.js';

describe('related files in TASKS.md', () => {
  const awkward = ['src/a,b.ts', 'docs/x, y.md', 'plain.ts', 'has`tick.ts', '`edge,`', 'a``b,c', 'src/中文,文件.ts'];

  it.each(['en', 'zh'] as const)('come back as they were given, commas and backticks included (%s)', (lang) => {
    const list: TaskList = { updated: '2026-11-22', tasks: [{ id: 't-0001', task: 'Split the parser', status: 'todo', related_files: awkward }] };
    expect(parseTasks(serializeTasks(list, lang), 'TASKS.md').tasks[0]!.related_files).toEqual(awkward);
  });

  it('stay plain where they can, and read hand-written lists as before', () => {
    expect(formatRelatedFiles(['src/a.ts', 'b.md'])).toBe('src/a.ts, b.md');
    expect(formatRelatedFiles(['src/a,b.ts'])).toBe('`src/a,b.ts`');
    expect(parseRelatedFiles('src/a.ts,b.md ,  c.md')).toEqual(['src/a.ts', 'b.md', 'c.md']);
    expect(parseRelatedFiles('`x,y.ts`, z.ts')).toEqual(['x,y.ts', 'z.ts']);
    expect(parseRelatedFiles('`unclosed, z.ts')).toEqual(['`unclosed', 'z.ts']);
  });
});
