import { describe, expect, it } from 'vitest';
import { diffTasks } from '../../src/memory/memory-diff.js';
import { renderMemoryDiff } from '../../src/memory/render-diff.js';
import type { Task, TaskList } from '../../src/memory/tasks.js';

const task = (id: string, text: string, status: Task['status']): Task => ({ id, task: text, status, related_files: [] });
const list = (...tasks: Task[]): TaskList => ({ updated: '2026-11-22', tasks });

describe('git memory diff shows task statuses as tasks list does', () => {
  it('[ ] todo, [~] in progress, [!] blocked, [x] done, in every group', () => {
    const base = list(task('t-1', 'Login', 'todo'), task('t-2', 'Docs', 'todo'), task('t-3', 'Old', 'blocked'));
    const head = list(task('t-1', 'Login', 'in_progress'), task('t-2', 'Docs', 'done'), task('t-4', 'Rate limiting', 'blocked'), task('t-5', 'Audit', 'todo'));
    const md = renderMemoryDiff({
      base: { sha: 'a'.repeat(40), name: 'main' },
      head: { sha: 'b'.repeat(40), name: 'feature' },
      sessions: [],
      tasks: diffTasks(base, head),
      primer: { changed: false, diff: [] },
    });
    expect(md).toContain('- [!] Rate limiting `t-4`');
    expect(md).toContain('- [ ] Audit `t-5`');
    expect(md).toContain('- [x] Docs `t-2`');
    expect(md).toContain('- [~] Login `t-1`: status: todo → in\\_progress');
    expect(md).toContain('**Removed**\n- [!] Old `t-3`');
  });
});
