import { describe, expect, it } from 'vitest';
import { gatherPrimer } from '../../src/commands/steps/gather-primer.js';
import { revisionSource } from '../../src/commands/steps/revision-source.js';
import { parseTasks, parseTasksKeeping } from '../../src/memory/tasks.js';
import { makeRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';
const TASKS = '.openclaw_memory/TASKS.md';
// Line 8 is a stray line (a note typed into the file); line 9 a detail that no longer has a task.
const text = [
  '---',
  'updated: 2026-11-22',
  '---',
  '',
  '- [ ] Implement registration <!-- t-3f2a -->',
  '  - Progress: model designed',
  '- [ ] Rate limiting <!-- t-77aa -->',
  'remember to ask Bob about this',
  '  - Status: blocked',
  '- [ ] Write docs <!-- t-0001 -->',
  '',
].join('\n');

describe('one stray line in TASKS.md', () => {
  it('is skipped, with its line, and every other task is kept (a detail after it is not pinned on the task before)', () => {
    const got = parseTasksKeeping(text, 'TASKS.md');
    expect(got.list.tasks.map((t) => [t.id, t.status])).toEqual([
      ['t-3f2a', 'todo'],
      ['t-77aa', 'todo'],
      ['t-0001', 'todo'],
    ]);
    expect(got.list.tasks[0]!.progress).toBe('model designed');
    expect(got.unreadable.map((u) => u.line)).toEqual([8, 9]);
    // Writers still refuse the file, at the same line.
    expect(() => parseTasks(text, 'TASKS.md')).toThrow(/TASKS\.md:8: unexpected line/);
  });

  it('keeps the tasks of a file whose frontmatter is broken', () => {
    const got = parseTasksKeeping(text.replace('updated: 2026-11-22', 'updated: [oops'), 'TASKS.md');
    expect(got.list.tasks).toHaveLength(3);
    expect(got.unreadable[0]!.line).toBe(1);
  });

  it('leaves every readable task in the primer (the session-start context) and says there, by file:line, what was skipped', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    repo.write(TASKS, text);
    const r = await repo.run(['primer']);
    expect(r.code, r.stderr).toBe(0);
    for (const t of ['Implement registration', 'Rate limiting', 'Write docs']) expect(r.stdout).toContain(t);
    expect(r.stdout).toContain('2 lines of the task list could not be read (.openclaw_memory/TASKS.md:8, 9)');
    expect(r.stdout).not.toContain('Bob'); // where, not what: the line may hold anything
    expect(repo.read('.openclaw_memory/PRIMER.md')).toContain('could not be read (.openclaw_memory/TASKS.md:8, 9)');
    expect(r.stderr).toContain('.openclaw_memory/TASKS.md:8, .openclaw_memory/TASKS.md:9');
    // Kept within a tight budget too: the note is the first thing of the tasks section.
    const tight = await repo.run(['primer', '--max-tokens', '200', '--no-write']);
    expect(tight.stdout).toContain('could not be read');

    const list = await repo.run(['tasks', 'list', '--json']);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).tasks).toHaveLength(3);
    expect(list.stderr).toContain('TASKS.md:8');
    // A change still stops, and the file is left as it is.
    expect((await repo.run(['tasks', 'add', 'New task'])).code).toBe(1);
    expect(repo.read(TASKS)).toBe(text);

    // git memory diff reads TASKS.md from commits the same way: its tasks are not all "removed".
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'tasks');
    const warnings: string[] = [];
    const head = revisionSource(repo.dir, 'HEAD', warnings);
    const at = await head.tasks();
    expect(at.list.tasks).toHaveLength(3);
    expect(at.unreadable).toEqual([`${TASKS}:8`, `${TASKS}:9`]);
    const got = await gatherPrimer(head, new Date(NOW), 7);
    expect(got.input.tasks).toHaveLength(3);
    expect(got.input.tasksUnreadable).toEqual([`${TASKS}:8`, `${TASKS}:9`]);
    expect([...warnings, ...got.warnings].join('\n')).toContain('TASKS.md:8');
  });
});
